// The connection to one daemon process: spawn, framed I/O, request/response matching, cancellation,
// stderr draining, shutdown, and the process-exit safety net (no orphan daemons).

import { spawn } from 'node:child_process';

import { encodeMessage, FrameDecoder } from './framing.js';
import { expandCoalesced } from './protocol.js';
import {
  LayoutdConnectionError, LayoutdError, LayoutdTimeoutError, RequestCancelledError,
} from './errors.js';

/** A server-to-client notification: `method`, `params` and `seq` (its arrival number, from 1). */
export class Notification {
  /** @param {string} method @param {unknown} params @param {number} seq */
  constructor(method, params, seq) {
    this.method = method;
    /** @type {Record<string, any>} */
    this.params = params !== null && typeof params === 'object' && !Array.isArray(params) ? params : {};
    this.seq = seq;
  }

  /** The notification's `sessionId`, if it has one. */
  get sessionId() {
    return typeof this.params.sessionId === 'string' ? this.params.sessionId : undefined;
  }
}

// ---------------------------------------------------------------------------------------- exit safety net

/** @type {Set<Connection>} */
const live = new Set();
let hooksInstalled = false;

function installProcessHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  // The event loop ran dry while clients were still open (the program forgot close()): shut them down
  // gracefully; this keeps the loop alive until the daemons have exited and been reaped.
  process.on('beforeExit', () => {
    for (const connection of live) {
      if (connection.autoClose && !connection.closing) connection.close().catch(() => {});
    }
  });
  // process.exit(), an uncaught exception, …: nothing asynchronous can run any more; kill what is left.
  process.on('exit', () => {
    for (const connection of live) connection.killNow();
  });
}

/** Resolves to `value` after `ms`, or to the promise's outcome first; never leaves a timer behind. */
function raceTimeout(promise, ms, value) {
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, ms, value);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A pending request: `id`, `method`, `promise` (its result, or a typed error) and `cancel()`
 * (sends `$/cancelRequest`; the promise then settles with the daemon's answer, usually -32800).
 */
export class PendingRequest {
  constructor(connection, id, method) {
    this._connection = connection;
    this.id = id;
    this.method = method;
    /** number of notifications that had arrived when the response did */
    this.notificationSeq = 0;
    this.settled = false;
    this.cancelSent = false;
    this.promise = new Promise((resolve, reject) => {
      this._resolve = resolve;
      this._reject = reject;
    });
    this._cleanups = [];
  }

  /** Sends `$/cancelRequest` for this request (once); the promise settles with the daemon's answer. */
  cancel() {
    if (this.settled || this.cancelSent) return;
    this.cancelSent = true;
    this._connection.cancelRequest(this.id);
  }

  _settle(error, result) {
    if (this.settled) return;
    this.settled = true;
    for (const cleanup of this._cleanups.splice(0)) cleanup();
    if (error) this._reject(error);
    else this._resolve(result);
  }
}

/**
 * A running daemon. Created by {@link Client}; usable on its own for raw JSON-RPC.
 */
export class Connection {
  /**
   * @param {object} options
   * @param {string[]} options.argv the binary and its arguments
   * @param {NodeJS.ProcessEnv} [options.env] added to the environment
   * @param {string} [options.cwd]
   * @param {(note: Notification) => void} [options.onNotification]
   * @param {(line: string) => void} [options.onStderr]
   * @param {(error: LayoutdError) => void} [options.onUnmatchedError]
   * @param {() => void} [options.onClose]
   * @param {number} [options.stderrLines] lines of stderr kept in `stderrTail` (200)
   * @param {boolean} [options.keepAlive] keep Node's event loop alive while open (default: only while busy)
   * @param {boolean} [options.autoClose] shut down when the event loop runs dry (default true)
   * @param {number} [options.shutdownTimeout] ms to wait for `shutdown` and the exit before killing (5000)
   * @param {number} [options.cancelGrace] ms to wait for the daemon's answer after `$/cancelRequest` (2000)
   */
  constructor(options) {
    const { argv } = options;
    this.argv = [...argv];
    this.onNotification = options.onNotification ?? (() => {});
    this.onStderr = options.onStderr;
    this.onUnmatchedError = options.onUnmatchedError;
    this.onClose = options.onClose;
    this.stderrLines = options.stderrLines ?? 200;
    this.keepAlive = options.keepAlive ?? false;
    this.autoClose = options.autoClose ?? true;
    this.shutdownTimeout = options.shutdownTimeout ?? 5000;
    this.cancelGrace = options.cancelGrace ?? 2000;
    /** @type {string[]} the last lines the daemon wrote to stderr */
    this.stderrTail = [];
    /** @type {LayoutdError[]} error responses with a null id (e.g. -32700 for an unparsable frame) */
    this.unmatchedErrors = [];
    this.notificationSeq = 0;
    this.shutdownSent = false;
    this.exitSent = false;
    this.closing = false;
    this.closed = false;
    /** @type {Error | null} why the connection is gone */
    this.lostReason = null;
    this._nextId = 1;
    /** @type {Map<number, PendingRequest>} */
    this._pending = new Map();
    this._holds = 0;
    /** when true, the connection never keeps Node's event loop alive (except while closing) */
    this.unrefd = false;
    this._refd = true;
    this._decoder = new FrameDecoder();
    this._stderrPartial = '';

    const child = spawn(this.argv[0], this.argv.slice(1), {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: options.env ? { ...process.env, ...options.env } : process.env,
      cwd: options.cwd,
    });
    this.child = child;
    this.exited = new Promise((resolve) => {
      child.once('close', (code, signal) => resolve({ code, signal }));
    });
    this.spawned = new Promise((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', reject);
    });
    this.spawned.catch(() => {});
    child.on('error', (error) => this._lost(new LayoutdConnectionError(`layoutd: ${error.message}`, { cause: error })));
    child.stdin.on('error', () => {}); // EPIPE after the daemon exits: reported through 'close'
    child.stdout.on('data', (chunk) => this._onData(chunk));
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text) => this._onStderr(text));
    child.once('exit', () => {
      live.delete(this);
    });
    child.once('close', (code, signal) => {
      if (this._stderrPartial) this._stderrLine(this._stderrPartial);
      this._stderrPartial = '';
      const how = signal ? `signal ${signal}` : `status ${code}`;
      this._lost(new LayoutdConnectionError(this.closing
        ? 'the client closed the connection'
        : `layoutd exited (${how})`));
      this.closed = true;
      live.delete(this);
      this.onClose?.();
    });
    live.add(this);
    installProcessHooks();
    this._updateRef();
  }

  /** The daemon's process id. */
  get pid() {
    return this.child.pid;
  }

  /** The exit status once the daemon has exited (null while it runs or when killed by a signal). */
  get exitCode() {
    return this.child.exitCode;
  }

  /** The signal that ended the daemon, if any. */
  get signalCode() {
    return this.child.signalCode;
  }

  /** True while the daemon runs and its pipes are open. */
  get alive() {
    return this.lostReason === null && this.child.exitCode === null && this.child.signalCode === null;
  }

  // -------------------------------------------------------------------------------------------- event loop

  /**
   * Keeps Node's event loop alive until the returned function is called (requests in flight, iterators
   * waiting, notification listeners). Idle connections are unreferenced unless `keepAlive`.
   * @returns {() => void}
   */
  hold() {
    this._holds += 1;
    this._updateRef();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this._holds -= 1;
      this._updateRef();
    };
  }

  /** Lets Node exit even while requests are pending (like `socket.unref()`). */
  unref() {
    this.unrefd = true;
    this._updateRef();
  }

  /** Undoes `unref()`. */
  ref() {
    this.unrefd = false;
    this._updateRef();
  }

  _updateRef() {
    // Once `exit` was sent the process is on its way out: wait for it (and reap it) before Node may exit.
    const want = this.closing || this.exitSent || (!this.unrefd && (this.keepAlive || this._holds > 0));
    if (want === this._refd) return;
    this._refd = want;
    const { child } = this;
    for (const handle of [child, child.stdin, child.stdout, child.stderr]) {
      if (!handle) continue;
      if (want) handle.ref?.();
      else handle.unref?.();
    }
  }

  // -------------------------------------------------------------------------------------------- output

  _write(message) {
    if (this.lostReason) throw new LayoutdConnectionError(`layoutd is gone: ${this.lostReason.message}`);
    const { stdin } = this.child;
    if (!stdin.writable) throw new LayoutdConnectionError("layoutd's stdin is closed");
    stdin.write(encodeMessage(message));
  }

  /**
   * Sends a request; returns the {@link PendingRequest} at once.
   * @param {string} method
   * @param {object} [params]
   * @param {{signal?: AbortSignal, timeout?: number}} [options]
   */
  sendRequest(method, params, options = {}) {
    const { signal, timeout } = options;
    const id = this._nextId++;
    const pending = new PendingRequest(this, id, method);
    if (signal?.aborted) {
      pending._settle(new RequestCancelledError('request cancelled', { local: true },
        { method, cause: signal.reason }));
      return pending;
    }
    if (this.lostReason) {
      pending._settle(new LayoutdConnectionError(`layoutd is gone: ${this.lostReason.message}`));
      return pending;
    }
    const message = { jsonrpc: '2.0', id, method };
    if (params !== undefined && params !== null) message.params = params;
    this._pending.set(id, pending);
    pending._cleanups.push(this.hold(), () => this._pending.delete(id));
    try {
      this._write(message);
    } catch (error) {
      pending._settle(error);
      return pending;
    }
    if (method === 'shutdown') this.shutdownSent = true;
    if (signal) {
      const onAbort = () => {
        pending.cancel();
        // The daemon answers a queued or waiting request at once with -32800; one it already finished is
        // answered with its result. Should neither come, give up after cancelGrace.
        const timer = setTimeout(() => {
          pending._settle(new RequestCancelledError('request cancelled', { local: true },
            { method, cause: signal.reason }));
        }, this.cancelGrace);
        pending._cleanups.push(() => clearTimeout(timer));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      pending._cleanups.push(() => signal.removeEventListener('abort', onAbort));
    }
    if (timeout !== undefined && timeout !== null && Number.isFinite(timeout)) {
      const timer = setTimeout(() => {
        pending.cancel();
        pending._settle(new LayoutdTimeoutError(`${method}: no answer within ${timeout} ms (cancelled)`));
      }, Math.max(0, timeout));
      pending._cleanups.push(() => clearTimeout(timer));
    }
    return pending;
  }

  /**
   * Sends a request and resolves to its result (or rejects with a typed {@link LayoutdError}).
   * @param {string} method
   * @param {object} [params]
   * @param {{signal?: AbortSignal, timeout?: number}} [options]
   */
  request(method, params, options) {
    return this.sendRequest(method, params, options).promise;
  }

  /** Sends a notification (no answer). `params` defaults to `{}`. */
  notify(method, params) {
    this._write({ jsonrpc: '2.0', method, params: params ?? {} });
    if (method === 'exit' && !this.exitSent) {
      this.exitSent = true;
      this._updateRef();
    }
  }

  /** `$/cancelRequest` {id}. */
  cancelRequest(id) {
    try {
      this.notify('$/cancelRequest', { id });
    } catch {
      // the daemon is gone: the request fails with a connection error anyway
    }
  }

  // -------------------------------------------------------------------------------------------- input

  _onData(chunk) {
    let messages;
    try {
      messages = this._decoder.push(chunk);
    } catch (error) {
      this._lost(new LayoutdConnectionError(`bad frame from layoutd: ${error.message}`, { cause: error }));
      this.killNow();
      return;
    }
    for (const message of messages) {
      for (const item of Array.isArray(message) ? message : [message]) this._dispatch(item);
    }
  }

  _dispatch(item) {
    if (item === null || typeof item !== 'object') return;
    if (typeof item.method === 'string') {
      if ('id' in item) {
        // A server-to-client request: Protocol.md has none; answer as LSP clients do.
        try {
          this._write({ jsonrpc: '2.0', id: item.id, error: { code: -32601, message: `method not found: ${item.method}` } });
        } catch {
          // gone
        }
        return;
      }
      // A coalesced notification is delivered as the per-row notifications it stands for, in order.
      for (const [method, params] of expandCoalesced(item.method, item.params)) {
        this.notificationSeq += 1;
        const note = new Notification(method, params, this.notificationSeq);
        try {
          this.onNotification(note);
        } catch (error) {
          queueMicrotask(() => {
            throw error;
          });
        }
      }
      return;
    }
    if (!('id' in item)) return;
    const pending = this._pending.get(item.id);
    if (!pending) {
      if (item.id === null && item.error) {
        const error = LayoutdError.fromResponse(item.error);
        this.unmatchedErrors.push(error);
        if (this.unmatchedErrors.length > 100) this.unmatchedErrors.shift();
        this.onUnmatchedError?.(error);
      }
      return;
    }
    pending.notificationSeq = this.notificationSeq;
    if (item.error) pending._settle(LayoutdError.fromResponse(item.error, pending.method));
    else pending._settle(null, item.result === undefined ? null : item.result);
  }

  _onStderr(text) {
    const parts = (this._stderrPartial + text).split('\n');
    this._stderrPartial = parts.pop() ?? '';
    for (const line of parts) this._stderrLine(line);
  }

  _stderrLine(line) {
    this.stderrTail.push(line);
    if (this.stderrTail.length > this.stderrLines) this.stderrTail.splice(0, this.stderrTail.length - this.stderrLines);
    try {
      this.onStderr?.(line);
    } catch {
      // a failing stderr callback must not stop the draining
    }
  }

  _lost(reason) {
    if (!this.lostReason) this.lostReason = reason;
    for (const pending of [...this._pending.values()]) {
      pending._settle(new LayoutdConnectionError(
        `layoutd exited before answering ${pending.method} (${this.lostReason.message})`, { cause: this.lostReason }));
    }
    this._pending.clear();
  }

  // -------------------------------------------------------------------------------------------- closing

  /**
   * `shutdown` (answered within `timeout`), `exit`, end of stdin, then waits for the process (`timeout`), then
   * SIGTERM and SIGKILL if it is still there. Idempotent; resolves to `{code, signal}` once the process is
   * gone and reaped.
   * @param {{timeout?: number}} [options]
   * @returns {Promise<{code: number | null, signal: NodeJS.Signals | null}>}
   */
  close(options = {}) {
    if (this._closePromise) return this._closePromise;
    const timeout = options.timeout ?? this.shutdownTimeout;
    this.closing = true;
    this._updateRef();
    this._closePromise = (async () => {
      try {
        await this.spawned;
      } catch {
        return this.exited;
      }
      if (this.alive) {
        try {
          if (!this.shutdownSent) {
            const answered = this.request('shutdown', undefined).then(() => true, () => false);
            await raceTimeout(answered, timeout, false);
          }
          this.notify('exit');
        } catch {
          // gone meanwhile
        }
      }
      try {
        this.child.stdin.end();
      } catch {
        // already closed
      }
      const timedOut = Symbol('timeout');
      let outcome = await raceTimeout(this.exited, timeout, timedOut);
      if (outcome === timedOut) {
        process.emitWarning(`layoutd (pid ${this.pid}) did not exit within ${timeout} ms; terminating it`);
        this.child.kill('SIGTERM');
        outcome = await raceTimeout(this.exited, 1000, timedOut);
        if (outcome === timedOut) {
          this.child.kill('SIGKILL');
          outcome = await this.exited;
        }
      }
      return outcome;
    })();
    return this._closePromise;
  }

  /** Kills the daemon at once (SIGKILL), without shutdown; pending requests fail with a connection error. */
  killNow(signal = 'SIGKILL') {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      try {
        this.child.kill(signal);
      } catch {
        // already gone
      }
    }
  }
}

