// The promise-based client: Client (lifecycle, sessions, raw JSON-RPC, notifications) and Session (the
// table methods). Which wire method each typed method sends is listed in METHODS (protocol.js).

import { EventEmitter } from 'node:events';
import { Connection } from './connection.js';
import { LayoutdConnectionError, LayoutdTimeoutError } from './errors.js';
import { findBinary } from './spawn.js';
import { compact, rowParam } from './protocol.js';
import { NodeController, NodeControllerRegistry } from './controllers.js';

export const VERSION = '0.1.0';

const REQUEST_OPTIONS = ['signal', 'timeout'];
/** Emitter events that are not notifications: listening to them does not keep Node running. */
const LIFECYCLE_EVENTS = new Set(['newListener', 'removeListener', 'close', 'error', 'stderr', 'controllerError']);

/**
 * Splits a method's last argument into its own members and the request options (`signal`, `timeout`).
 * @returns {[Record<string, any>, {signal?: AbortSignal, timeout?: number}]}
 */
function split(options) {
  const own = {};
  const request = {};
  if (options && typeof options === 'object') {
    for (const [key, value] of Object.entries(options)) {
      if (REQUEST_OPTIONS.includes(key)) request[key] = value;
      else own[key] = value;
    }
  }
  return [own, request];
}

/**
 * A point query's arguments: `(point, options?)` or `(x, y, options?)`.
 * @returns {[{x: number, y: number}, {signal?: AbortSignal, timeout?: number}]}
 */
function pointArguments(pointOrX, yOrOptions, options) {
  if (typeof pointOrX === 'number') return [{ x: pointOrX, y: yOrOptions }, split(options)[1]];
  return [pointOrX, split(yOrOptions ?? pointOrX)[1]];
}

/**
 * A rect query's arguments: `(rect, options?)` or `(x, y, width, height, options?)`; the rect has only its four
 * members.
 * @returns {[{x: number, y: number, width: number, height: number}, {signal?: AbortSignal, timeout?: number}]}
 */
function rectArguments(rectOrX, rest) {
  const numbers = typeof rectOrX === 'number';
  const rect = numbers ? { x: rectOrX, y: rest[0], width: rest[1], height: rest[2] } : rectOrX;
  const options = numbers ? rest[3] : rest[0];
  return [{ x: rect.x, y: rect.y, width: rect.width, height: rect.height }, split(options ?? rect)[1]];
}

/** `cell/setNeedsLayout`'s `rows`: a ROW, or {row: ROW, cell?} (a plain object; its `row` made a ROW). */
function relayoutRowList(rows) {
  return [...rows].map((entry) => (entry && typeof entry === 'object' && !Array.isArray(entry)
    ? { ...entry, row: rowParam(entry.row) } : rowParam(entry)));
}

function reloadRowList(rows) {
  return [...rows].map((item) => (Array.isArray(item) && item.length === 2 && !Number.isInteger(item[0])
    ? { row: rowParam(item[0]), cell: item[1] }
    : { ...item, row: rowParam(item.row) }));
}

/** Watches an emitter's listeners so that notification listeners keep the connection referenced. */
function trackInterest(emitter, client) {
  let release = null;
  let count = 0;
  const update = () => {
    if (count > 0 && !release && client._connection) release = client._connection.hold();
    else if (count === 0 && release) {
      release();
      release = null;
    }
  };
  emitter.on('newListener', (event) => {
    if (LIFECYCLE_EVENTS.has(event)) return;
    count += 1;
    update();
  });
  emitter.on('removeListener', (event) => {
    if (LIFECYCLE_EVENTS.has(event)) return;
    count = Math.max(0, count - 1);
    update();
  });
  return {
    reattach: update,
    drop() {
      if (release) release();
      release = null;
    },
  };
}

// ------------------------------------------------------------------------------------------- iterators

class NotificationStream {
  constructor(client, options = {}) {
    this.client = client;
    this.method = options.method;
    this.sessionId = options.sessionId;
    this.filter = options.filter;
    this.signal = options.signal;
    this.idleTimeout = options.idleTimeout;
    this.queue = [];
    this.waiter = null;
    this.done = false;
    this.error = null;
    if (options.since !== undefined && options.since !== null) {
      for (const note of client.recentNotifications) {
        if (note.seq > options.since && this.matches(note)) this.queue.push(note);
      }
    }
    this.onAbort = () => this.finish(this.signal.reason ?? new Error('aborted'));
    if (this.signal?.aborted) this.finish(this.signal.reason);
    else this.signal?.addEventListener('abort', this.onAbort, { once: true });
    if (!this.done) client._streams.add(this);
  }

  matches(note) {
    const { method } = this;
    if (method !== undefined && method !== null && method !== '*') {
      if (Array.isArray(method) ? !method.includes(note.method) : note.method !== method) return false;
    }
    if (this.sessionId !== undefined && note.sessionId !== this.sessionId) return false;
    if (this.filter && !this.filter(note)) return false;
    return true;
  }

  push(note) {
    if (this.done || !this.matches(note)) return;
    if (this.waiter) {
      const { resolve } = this.waiter;
      this.clearWaiter();
      resolve({ value: note, done: false });
    } else {
      this.queue.push(note);
    }
  }

  clearWaiter() {
    if (!this.waiter) return;
    clearTimeout(this.waiter.timer);
    this.waiter.release();
    this.waiter = null;
  }

  finish(error = null) {
    if (this.done) return;
    this.done = true;
    this.error = error;
    this.client._streams.delete(this);
    this.signal?.removeEventListener('abort', this.onAbort);
    if (this.waiter) {
      const { resolve, reject } = this.waiter;
      this.clearWaiter();
      this.error = null; // delivered to the pending next()
      if (error) reject(error);
      else resolve({ value: undefined, done: true });
    }
  }

  next() {
    if (this.queue.length) return Promise.resolve({ value: this.queue.shift(), done: false });
    if (this.done) {
      if (this.error) {
        const { error } = this;
        this.error = null;
        return Promise.reject(error);
      }
      return Promise.resolve({ value: undefined, done: true });
    }
    if (this.waiter) return Promise.reject(new Error('next() called while a previous next() is pending'));
    return new Promise((resolve, reject) => {
      const connection = this.client._connection;
      const release = connection ? connection.hold() : () => {};
      let timer;
      if (this.idleTimeout !== undefined && this.idleTimeout !== null) {
        timer = setTimeout(() => this.finish(), this.idleTimeout);
      }
      this.waiter = { resolve, reject, release, timer };
    });
  }

  return() {
    this.queue.length = 0;
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

// ------------------------------------------------------------------------------------------- client

/**
 * A layoutd daemon and its lifecycle. `await Client.start(options)` spawns the daemon and initializes it;
 * `await client.close()` (or `Symbol.asyncDispose`) shuts it down. Notifications are emitted by method
 * (`client.on('table/heightChanged', (params, note) => …)`), as `'notification'` (every Notification) and
 * through `client.notifications()` (an async iterator).
 */
export class Client extends EventEmitter {
  /**
   * @param {import('../index.js').ClientOptions} [options]
   */
  constructor(options = {}) {
    super();
    this.options = { ...options };
    /** @type {Connection | null} */
    this._connection = null;
    /** @type {Map<string, Session>} */
    this._sessions = new Map();
    /** @type {Set<NotificationStream>} */
    this._streams = new Set();
    /** @type {import('../index.js').Notification[]} the last `notificationBuffer` notifications */
    this.recentNotifications = [];
    this.notificationBuffer = options.notificationBuffer ?? 1000;
    this.initializeResult = null;
    this._interest = trackInterest(this, this);
  }

  /**
   * Spawns the daemon, sends `initialize` (with `options.initializationOptions`) and `initialized`.
   * @param {import('../index.js').ClientOptions} [options]
   * @returns {Promise<Client>}
   */
  static async start(options = {}) {
    const client = new this(options);
    await client.start();
    return client;
  }

  /** Spawns the daemon and (unless `initialize: false`) initializes it. */
  async start() {
    if (this._connection) throw new Error('this client was already started');
    const { options } = this;
    const binary = findBinary(options.binary ?? undefined);
    this._connection = new Connection({
      argv: [binary, ...(options.args ?? [])],
      env: options.env,
      cwd: options.cwd,
      onNotification: (note) => this._onNotification(note),
      onStderr: (line) => {
        options.onStderr?.(line);
        if (this.listenerCount('stderr')) this.emit('stderr', line);
      },
      onClose: () => this._onClose(),
      stderrLines: options.stderrLines,
      keepAlive: options.keepAlive,
      autoClose: options.autoClose,
      shutdownTimeout: options.shutdownTimeout,
      cancelGrace: options.cancelGrace,
    });
    if (this._unrefd) this._connection.unref();
    this._interest.reattach();
    for (const session of this._sessions.values()) session._interest.reattach();
    try {
      await this._connection.spawned;
    } catch (error) {
      await this._connection.close();
      throw new LayoutdConnectionError(`cannot start ${binary}: ${error.message}`, { cause: error });
    }
    if (options.initialize !== false) {
      try {
        await this.initialize(options.initializationOptions, {
          processId: options.processId, clientInfo: options.clientInfo, timeout: options.initializeTimeout,
        });
        this.initialized();
      } catch (error) {
        await this.close(); // nothing may outlive a failed start
        throw error;
      }
    }
    return this;
  }

  get connection() {
    if (!this._connection) throw new Error('the client has not been started (await client.start())');
    return this._connection;
  }

  /** The daemon's process id. */
  get pid() {
    return this._connection?.pid;
  }

  /** True while the daemon runs. */
  get alive() {
    return this._connection?.alive ?? false;
  }

  /** True once the daemon has exited. */
  get closed() {
    return this._connection?.closed ?? false;
  }

  /** `{code, signal}` once the daemon has exited, else null. */
  get exitStatus() {
    const c = this._connection;
    if (!c || !c.closed) return null;
    return { code: c.exitCode, signal: c.signalCode };
  }

  get serverInfo() {
    return this.initializeResult?.serverInfo;
  }

  get capabilities() {
    return this.initializeResult?.capabilities;
  }

  /** The last lines of the daemon's stderr (drained continuously). */
  get stderrTail() {
    return this._connection ? [...this._connection.stderrTail] : [];
  }

  /** Error responses with a null id (they answer no request, e.g. -32700). */
  get unmatchedErrors() {
    return this._connection ? [...this._connection.unmatchedErrors] : [];
  }

  /** The number of notifications received so far (the `seq` of the last one). */
  get notificationSeq() {
    return this._connection?.notificationSeq ?? 0;
  }

  // ------------------------------------------------------------------------------------ raw JSON-RPC

  /**
   * Sends any request; resolves to its result or rejects with a typed LayoutdError.
   * @param {string} method
   * @param {object} [params]
   * @param {{signal?: AbortSignal, timeout?: number}} [options]
   */
  request(method, params, options = {}) {
    const timeout = options.timeout ?? this.options.requestTimeout;
    try {
      return this.connection.request(method, params, { signal: options.signal, timeout });
    } catch (error) {
      return Promise.reject(error); // e.g. not started: a rejected promise, never a synchronous throw
    }
  }

  /**
   * Sends a request and returns a PendingRequest at once (`id`, `promise`, `cancel()`).
   * @param {string} method
   * @param {object} [params]
   * @param {{signal?: AbortSignal, timeout?: number}} [options]
   */
  sendRequest(method, params, options = {}) {
    return this.connection.sendRequest(method, params, options);
  }

  /** Sends any notification. */
  notify(method, params) {
    this.connection.notify(method, params);
  }

  // ------------------------------------------------------------------------------------ lifecycle

  /**
   * `initialize`: `initializationOptions` = {fontDirectories?, limits?, notifications?}. Done by `start()` unless
   * `initialize: false`. Asks for coalesced notifications (`notifications: "coalesced"`) unless the options name
   * `notifications` (`"perRow"`); they are expanded into the per-row notifications before anyone sees them.
   */
  async initialize(initializationOptions, options = {}) {
    const [own, request] = split(options);
    const params = {
      processId: own.processId === undefined ? process.pid : own.processId,
      clientInfo: own.clientInfo ?? { name: 'layoutd-node', version: VERSION },
    };
    params.initializationOptions = { notifications: 'coalesced', ...(initializationOptions ?? {}) };
    const result = await this.request('initialize', params, request);
    this.initializeResult = result;
    return result;
  }

  /** `initialized` (notification). */
  initialized() {
    this.notify('initialized', {});
  }

  /** `shutdown`: afterwards every request answers -32600 `server is shutting down`. */
  async shutdown(options = {}) {
    await this.request('shutdown', undefined, options);
    return null;
  }

  /** `exit` (notification): the daemon exits (status 0 after `shutdown`, 1 otherwise). */
  exit() {
    this.notify('exit', {});
  }

  /** `$/cancelRequest` (notification): a request still queued or waiting answers -32800. */
  cancelRequest(id) {
    this.notify('$/cancelRequest', { id });
  }

  /**
   * `textDocument/didOpen` (notification): opens a layout-spec document; its problems arrive as
   * `textDocument/publishDiagnostics` notifications.
   */
  didOpen(uri, text, version = 1) {
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version, text } });
  }

  /** `textDocument/didChange` (notification): LSP content changes, `{text}` or `{range, text}`, applied in order. */
  didChange(uri, version, contentChanges) {
    this.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
  }

  /**
   * `textDocument/hover`: the element at the position: `{contents: {kind: 'markdown', value}, range}`, or null.
   */
  hover(uri, line, character, options) {
    return this.request('textDocument/hover', { textDocument: { uri }, position: { line, character } }, options);
  }

  /** `textDocument/documentSymbol`: the document's element tree (LSP DocumentSymbols), or null. */
  documentSymbols(uri, options) {
    return this.request('textDocument/documentSymbol', { textDocument: { uri } }, options);
  }

  /**
   * `textDocument/inlayHint`: each element's heights at the document's widths, from the start of line `fromLine`
   * to the start of line `toLine` (default: the whole document).
   */
  inlayHints(uri, fromLine = 0, toLine = 2 ** 30, options) {
    const range = { start: { line: fromLine, character: 0 }, end: { line: toLine, character: 0 } };
    return this.request('textDocument/inlayHint', { textDocument: { uri }, range }, options);
  }

  /** `textDocument/completion`: `{isIncomplete: false, items: [{label, kind, detail, textEdit}]}`. */
  completions(uri, line, character, options) {
    return this.request('textDocument/completion', { textDocument: { uri }, position: { line, character } }, options);
  }

  /**
   * `textDocument/codeAction`: one `layoutd.showSnapshot` command per width of the document, as bare LSP Commands
   * `{title, command, arguments}` (this client declares no `codeActionLiteralSupport`; `only`: LSP's `context.only`
   * kinds, the commands' kind being `"source"`).
   */
  codeActions(uri, only, options) {
    const context = { diagnostics: [] };
    if (only !== undefined) context.only = only;
    const zero = { line: 0, character: 0 };
    return this.request('textDocument/codeAction', { textDocument: { uri }, range: { start: zero, end: zero }, context }, options);
  }

  /**
   * `workspace/executeCommand`: `layoutd.showSnapshot` with `[{uri, width}]` writes the document's SVG snapshot,
   * answers `{uri, path, width, rows, height, shownWith}` and sends `window/showMessage` naming the file.
   */
  executeCommand(command, args, options) {
    return this.request('workspace/executeCommand', { command, arguments: args }, options);
  }

  /** `textDocument/didClose` (notification): the document's diagnostics are cleared. */
  didClose(uri) {
    this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  /**
   * `session/create`: a session with a table of one empty section. Resolves to a {@link Session}. `inverted: true`
   * draws the table upside down (row 0 at the visual bottom, as chats are; fixed for the session): every offset,
   * inset, frame, point and rect is then visual, and `table/contentOffsetChanged` with reason `inverted` reports the
   * visual offset following the content height. `changeFrames: true` makes every `table/didCommit` carry
   * `changeFrames` ({rowId, before?, after?} of each affected row).
   * @param {import('../index.js').CreateSessionOptions} options
   */
  async createSession(options = {}) {
    const [own, request] = split(options);
    const viewport = own.viewport ?? compact({ width: own.width, height: own.height });
    const params = compact({
      viewport,
      scale: own.scale,
      separators: own.separators,
      sessionId: own.sessionId,
      kind: own.kind,
      layout: own.layout,
      interfaceStates: own.interfaceStates,
      batchFetching: own.batchFetching,
      scrollAnchoring: own.scrollAnchoring,
      lenientFonts: own.lenientFonts,
      inverted: own.inverted,
      changeFrames: own.changeFrames,
      allowsSelection: own.allowsSelection,
      allowsMultipleSelection: own.allowsMultipleSelection,
      style: own.style,
      groupedSectionSpacing: own.groupedSectionSpacing,
    });
    const result = await this.request('session/create', params, request);
    return this.session(result.sessionId);
  }

  /** The Session object for a session id (no request is sent). */
  session(sessionId) {
    let session = this._sessions.get(sessionId);
    if (!session) {
      session = new Session(this, sessionId);
      this._sessions.set(sessionId, session);
    }
    return session;
  }

  /** Every Session object this client made that has not been disposed. */
  get sessions() {
    return [...this._sessions.values()];
  }

  // ------------------------------------------------------------------------------------ notifications

  /**
   * An async iterator over notifications arriving from now on (with `since: seq`, first the buffered ones
   * after that seq). Ends when the client closes, after `idleTimeout` ms without one, or on `break`;
   * rejects with the signal's reason when `signal` aborts. While it waits, Node keeps running.
   * @param {import('../index.js').NotificationStreamOptions} [options]
   * @returns {AsyncIterableIterator<import('../index.js').Notification>}
   */
  notifications(options = {}) {
    return new NotificationStream(this, options);
  }

  /**
   * Resolves to the next notification of `method` (a string, array, or '*') matching `filter`; with
   * `since`, buffered ones after that seq count. Rejects with LayoutdTimeoutError after `timeout` ms.
   * @param {string | string[]} method
   * @param {import('../index.js').WaitForOptions} [options]
   */
  async waitForNotification(method, options = {}) {
    const stream = new NotificationStream(this, { ...options, method, idleTimeout: options.timeout });
    try {
      const { value, done } = await stream.next();
      if (done) {
        if (this.closed) throw new LayoutdConnectionError(`the client closed while waiting for ${method}`);
        throw new LayoutdTimeoutError(`no ${method} notification within ${options.timeout} ms`);
      }
      return value;
    } finally {
      stream.return();
    }
  }

  _onNotification(note) {
    this.recentNotifications.push(note);
    if (this.recentNotifications.length > this.notificationBuffer) {
      this.recentNotifications.splice(0, this.recentNotifications.length - this.notificationBuffer);
    }
    const deliver = (fn) => {
      try {
        fn();
      } catch (error) {
        // a throwing listener must not stop delivery; surface it like an uncaught error would
        queueMicrotask(() => {
          throw error;
        });
      }
    };
    deliver(() => this.emit(note.method, note.params, note));
    deliver(() => this.emit('notification', note));
    const session = note.sessionId === undefined ? undefined : this._sessions.get(note.sessionId);
    if (session) session._onNotification(note, deliver);
    for (const stream of [...this._streams]) stream.push(note);
  }

  _onClose() {
    for (const stream of [...this._streams]) stream.finish();
    this._interest.drop();
    for (const session of this._sessions.values()) session._interest.drop();
    this.emit('close', this.exitStatus);
  }

  _forgetSession(session) {
    if (this._sessions.get(session.id) === session) this._sessions.delete(session.id);
    session._interest.drop();
  }

  // ------------------------------------------------------------------------------------ closing

  /**
   * `shutdown`, `exit`, then waits for the process (killing it after `timeout`, default `shutdownTimeout`).
   * Idempotent. Resolves to `{code, signal}`.
   * @param {{timeout?: number}} [options]
   */
  async close(options = {}) {
    if (!this._connection) return { code: null, signal: null };
    return this._connection.close(options);
  }

  /**
   * Lets Node exit even while this client has requests in flight or listeners (like `socket.unref()`);
   * the daemon is still shut down on the way out. Returns the client.
   */
  unref() {
    this._unrefd = true;
    this._connection?.unref();
    return this;
  }

  /** Undoes `unref()`. Returns the client. */
  ref() {
    this._unrefd = false;
    this._connection?.ref();
    return this;
  }

  /** Kills the daemon at once (SIGKILL); pending requests fail with LayoutdConnectionError. */
  kill() {
    this._connection?.killNow();
  }
}

const asyncDispose = Symbol.asyncDispose ?? Symbol.for('nodejs.asyncDispose');
Object.defineProperty(Client.prototype, asyncDispose, {
  value: async function dispose() {
    await this.close();
  },
  writable: true,
  configurable: true,
});

// ------------------------------------------------------------------------------------------- session

/**
 * One session of the daemon (a table in a window). Emits the notifications that carry its `sessionId`, by
 * method and as `'notification'`. Every method's last argument may carry `signal` and `timeout`.
 */
export class Session extends EventEmitter {
  constructor(client, sessionId) {
    super();
    this.client = client;
    /** @type {string} */
    this.id = sessionId;
    this.disposed = false;
    /** @type {NodeControllerRegistry | null} */
    this.nodeControllers = null;
    this._interest = trackInterest(this, client);
  }

  /** The session id (same as `id`). */
  get sessionId() {
    return this.id;
  }

  _call(method, params, requestOptions) {
    return this.client.request(method, { sessionId: this.id, ...params }, requestOptions);
  }

  _onNotification(note, deliver) {
    if (this.nodeControllers) deliver(() => this.nodeControllers.dispatch(note));
    deliver(() => this.emit(note.method, note.params, note));
    deliver(() => this.emit('notification', note));
  }

  /**
   * Registers the factory of this session's node controllers (Texture's ASNodeController): a NodeController subclass
   * (constructed as `new Factory(rowId, session)`) or a function `(rowId, session) => NodeController`.
   * Returns the registry (`controllers`, `controller(rowId)`, `idle()`).
   */
  useNodeControllers(factory) {
    this.nodeControllers = new NodeControllerRegistry(factory, this);
    return this.nodeControllers;
  }

  /** Notifications of this session from now on (see Client.notifications). */
  notifications(options = {}) {
    return this.client.notifications({ ...options, sessionId: this.id });
  }

  /** The next notification of this session (see Client.waitForNotification). */
  waitForNotification(method, options = {}) {
    return this.client.waitForNotification(method, { ...options, sessionId: this.id });
  }

  // ---------------------------------------------------------------------------------------- session

  /** `session/dispose`: later calls with this session answer -32003. */
  async dispose(options = {}) {
    const [, request] = split(options);
    await this._call('session/dispose', {}, request);
    this.disposed = true;
    this.client._forgetSession(this);
    return null;
  }

  /**
   * `session/setViewport`: {width?, height?, contentOffset?: y | {y}, contentInset?: {top?, bottom?},
   * scrollAnchoring?}. A new width re-lays out every row (`table/heightChanged` …, then
   * `table/contentSizeChanged`).
   */
  setViewport(options = {}) {
    const [own, request] = split(options);
    const viewport = own.viewport ?? (own.width !== undefined || own.height !== undefined
      ? compact({ width: own.width, height: own.height }) : undefined);
    const contentOffset = typeof own.contentOffset === 'number' ? { y: own.contentOffset } : own.contentOffset;
    return this._call('session/setViewport', compact({
      viewport, contentOffset, contentInset: own.contentInset, scrollAnchoring: own.scrollAnchoring,
    }), request);
  }

  /**
   * `session/setVisible`: the table enters (true) or leaves (false) its window → {rangeMode}; a range update (and,
   * entering, a batch-fetch check) only when that changes it.
   */
  setVisible(visible, options = {}) {
    const [, request] = split(options);
    return this._call('session/setVisible', { visible }, request);
  }

  /** `session/applicationEvent`: `didEnterBackground`, `willEnterForeground` or `memoryWarning` → {rangeMode}. */
  applicationEvent(event, options = {}) {
    const [, request] = split(options);
    return this._call('session/applicationEvent', { event }, request);
  }

  // ---------------------------------------------------------------------------------------- edits

  /**
   * `table/insertRows`: `rows` = [{id?, cell, neverShowPlaceholders?}] in `section` (0) at `at` (the end)
   * → {seq, rowIds}.
   */
  insertRows(rows, options = {}) {
    const [own, request] = split(options);
    return this._call('table/insertRows', compact({ rows: [...rows], section: own.section, at: own.at }), request);
  }

  /** `table/deleteRows`: rows by id or `[section, row]` (pending state) → {seq}. */
  deleteRows(rows, options = {}) {
    const [, request] = split(options);
    return this._call('table/deleteRows', { rows: [...rows].map(rowParam) }, request);
  }

  /** `table/reloadRows`: [{row, cell}] or [[row, cell]]; each row keeps its id → {seq}. */
  reloadRows(rows, options = {}) {
    const [, request] = split(options);
    return this._call('table/reloadRows', { rows: reloadRowList(rows) }, request);
  }

  /** `table/moveRow`: `from` (pending state) to `to` = [section, row] (after the move) → {seq}. */
  moveRow(from, to, options = {}) {
    const [, request] = split(options);
    return this._call('table/moveRow', { from: rowParam(from), to: rowParam(to) }, request);
  }

  /**
   * `table/insertSections`: [{rows: [{id?, cell}], header?, footer?}] at `at` (the end) → {seq, rowIds}; a header or
   * footer is `{height}` or `{id?, cell}` (`ops.header` builds one).
   */
  insertSections(sections, options = {}) {
    const [own, request] = split(options);
    return this._call('table/insertSections', compact({ sections: [...sections], at: own.at }), request);
  }

  /** `table/deleteSections`: section indexes (old space) → {seq}. */
  deleteSections(sections, options = {}) {
    const [, request] = split(options);
    return this._call('table/deleteSections', { sections: [...sections] }, request);
  }

  /**
   * `table/reloadSections`: [{section, rows: [{id?, cell}], header?, footer?}] → {seq, rowIds}; a section keeps its
   * header and footer unless given (`null` removes).
   */
  reloadSections(sections, options = {}) {
    const [, request] = split(options);
    return this._call('table/reloadSections', { sections: [...sections] }, request);
  }

  /** `table/moveSection`: `from` (old space) to `to` (new space) → {seq}. */
  moveSection(from, to, options = {}) {
    const [, request] = split(options);
    return this._call('table/moveSection', { from, to }, request);
  }

  /** `table/reloadData`: replaces every section and row; [{rows: [{id?, cell}], header?, footer?}] → {seq, rowIds}. */
  reloadData(sections, options = {}) {
    const [, request] = split(options);
    return this._call('table/reloadData', { sections: [...sections] }, request);
  }

  /** `table/setHeader`: sets, replaces or (`null`) removes the header of pending section `section` → {seq, rowId?}. */
  setHeader(section, header, options = {}) {
    const [, request] = split(options);
    return this._call('table/setHeader', { section, header: header ?? null }, request);
  }

  /** `table/setFooter`: sets, replaces or (`null`) removes the footer of pending section `section` → {seq, rowId?}. */
  setFooter(section, footer, options = {}) {
    const [, request] = split(options);
    return this._call('table/setFooter', { section, footer: footer ?? null }, request);
  }

  /**
   * `table/performBatchUpdates`: one change set of operations (builders in `ops`); `rowCounts` = the data
   * source's row count per section after the update → {seq, insertedRowIds}.
   */
  performBatchUpdates(operations, options = {}) {
    const [own, request] = split(options);
    return this._call('table/performBatchUpdates',
      compact({ operations: [...operations], rowCounts: own.rowCounts }), request);
  }

  // ---------------------------------------------------------------------------------------- waiting, queries

  /**
   * `table/waitUntilAllUpdatesAreProcessed` → {seq, contentSize}: the notifications those updates caused
   * have been emitted when it resolves.
   */
  waitUntilAllUpdatesAreProcessed(options = {}) {
    const [, request] = split(options);
    return this._call('table/waitUntilAllUpdatesAreProcessed', {}, request);
  }

  /** `table/contentSize` → {width, height} of the committed rows. */
  contentSize(options = {}) {
    const [, request] = split(options);
    return this._call('table/contentSize', {}, request);
  }

  /** `table/describe`: every row with its height; `state` = `"committed"` (default) or `"pending"`. */
  describe(state, options = {}) {
    let own = {};
    let request = {};
    if (state !== null && typeof state === 'object') [own, request] = split(state);
    else [, request] = split(options);
    const value = typeof state === 'string' ? state : own.state;
    return this._call('table/describe', compact({ state: value }), request);
  }

  /** `table/rowAtPoint`: the committed row under a point {x, y} (or `(x, y)`), or null. */
  rowAtPoint(pointOrX, yOrOptions, options) {
    const [point, request] = pointArguments(pointOrX, yOrOptions, options);
    return this._call('table/rowAtPoint', { point: { x: point.x, y: point.y } }, request);
  }

  /**
   * `table/rowsInRect`: the committed rows whose frames intersect the rect {x, y, width, height} (or
   * `(x, y, width, height)`); resolves to the result's `rows`.
   */
  async rowsInRect(rectOrX, ...rest) {
    const [rect, request] = rectArguments(rectOrX, rest);
    const result = await this._call('table/rowsInRect', { rect }, request);
    return result.rows;
  }

  /**
   * `table/supplementaryFrame`: {kind, section, rowId?, frame, contentFrame, floating} of a committed header
   * (`kind` "header", the default) or footer: `frame` where it is drawn (floating), `contentFrame` in the content.
   */
  supplementaryFrame(section, kind = 'header', options = {}) {
    if (kind !== null && typeof kind === 'object') [kind, options] = ['header', kind];
    const [, request] = split(options);
    return this._call('table/supplementaryFrame', { section, kind }, request);
  }

  /** `table/elementAtPoint`: the committed row, header or footer drawn at a point {x, y} (or `(x, y)`), or null. */
  elementAtPoint(pointOrX, yOrOptions, options) {
    const [point, request] = pointArguments(pointOrX, yOrOptions, options);
    return this._call('table/elementAtPoint', { point: { x: point.x, y: point.y } }, request);
  }

  /**
   * `table/elementsInRect`: the committed rows, headers and footers drawn in the rect {x, y, width, height} (or
   * `(x, y, width, height)`), in content order; resolves to the result's `elements`.
   */
  async elementsInRect(rectOrX, ...rest) {
    const [rect, request] = rectArguments(rectOrX, rest);
    const result = await this._call('table/elementsInRect', { rect }, request);
    return result.elements;
  }

  /** `table/rowFrame`: {rowId, indexPath, frame} of a committed row. */
  rowFrame(row, options = {}) {
    const [, request] = split(options);
    return this._call('table/rowFrame', { row: rowParam(row) }, request);
  }

  /** `cell/elementFrames`: frames (and text lines) of a cell's elements, from its latest content. */
  elementFrames(row, options = {}) {
    const [own, request] = split(options);
    return this._call('cell/elementFrames',
      compact({ row: rowParam(row), elements: own.elements ? [...own.elements] : undefined }), request);
  }

  /**
   * `cell/setNeedsLayout`: re-lays the row out, with `{cell}` as its new content or `{element, spec}`
   * replacing one element → {seq}; `setNeedsLayout({rows: [row | {row, cell}, …]})` re-lays out several rows in
   * one call, each as it is or with a new cell, validated as a whole. The relayouts settle as one layout pass:
   * then each committed height change pushes `table/heightChanged` (in row order), and the ranges update only if
   * the visible rows changed. `transition: true` (one row only) answers the cell's layouts before and after, each
   * element with its match `key`, and the keys `inserted` and `removed` (Texture's `ASLayoutTransition`).
   */
  setNeedsLayout(row, options = {}) {
    if (row !== null && typeof row === 'object' && !Array.isArray(row)) [row, options] = [undefined, row];
    const [own, request] = split(options);
    return this._call('cell/setNeedsLayout', compact({
      row: row === undefined ? undefined : rowParam(row),
      rows: own.rows ? relayoutRowList(own.rows) : undefined,
      cell: own.cell,
      element: own.element,
      spec: own.spec,
      transition: own.transition,
    }), request);
  }

  /** `cell/displayList` → {rowId, displayed, size, items}: the row's display list. */
  displayList(row, options = {}) {
    const [, request] = split(options);
    return this._call('cell/displayList', { row: rowParam(row) }, request);
  }

  /** `table/snapshot` → {svg, rect, margin, rows}: an SVG picture of `rect` (default: the viewport); a collection's
   * or pager's items at their flow frames, with the range bands along its scroll axis. */
  snapshot(options = {}) {
    const [own, request] = split(options);
    return this._call('table/snapshot', compact({ rect: own.rect, margin: own.margin }), request);
  }

  // ---------------------------------------------------------------------------------------- scrolling

  /**
   * `table/scrollToOffset`: scroll to content offset `y` ({drag = true, velocity = 0}) → SCROLL. A horizontal
   * collection or a pager scrolls along x: pass `y` null and `{x}` (a pager's drag settles on the nearest page).
   */
  scrollToOffset(y, options = {}) {
    const [own, request] = split(options);
    return this._call('table/scrollToOffset', compact({ y, x: own.x, drag: own.drag, velocity: own.velocity }), request);
  }

  /** `table/scrollBy`: scroll by `dy` ({drag = true, velocity = 0}; `{dx}` with `dy` null along x) → SCROLL. */
  scrollBy(dy, options = {}) {
    const [own, request] = split(options);
    return this._call('table/scrollBy', compact({ dy, dx: own.dx, drag: own.drag, velocity: own.velocity }), request);
  }

  /** `pager/scrollToPage`: a pager's page to the viewport's left edge ({drag = false}) → SCROLL. */
  scrollToPage(page, options = {}) {
    const [own, request] = split(options);
    return this._call('pager/scrollToPage', compact({ page, drag: own.drag }), request);
  }

  /** `container/scrollToOffset`: scrolls a nested container of a committed row along its axis ({x} or {y}, drag =
   * true) → {contentOffset, visibleItemIds, rangeMode}. */
  containerScrollToOffset(row, element, options = {}) {
    const [own, request] = split(options);
    return this._call('container/scrollToOffset', compact({ row, element, x: own.x, y: own.y, drag: own.drag }), request);
  }

  /** `container/items` → {kind, size, contentSize, contentOffset, rangeMode, containerState, items}. */
  containerItems(row, element, options = {}) {
    const [, request] = split(options);
    return this._call('container/items', { row, element }, request);
  }

  /** `pager/currentPage` → {page, pageCount}: the offset x over the page width, truncated. */
  currentPage(options = {}) {
    const [, request] = split(options);
    return this._call('pager/currentPage', {}, request);
  }

  /** `table/scrollToRow`: {position = "none" | "top" | "middle" | "bottom", drag = false} → SCROLL. */
  scrollToRow(row, options = {}) {
    const [own, request] = split(options);
    return this._call('table/scrollToRow',
      compact({ row: rowParam(row), position: own.position, drag: own.drag }), request);
  }

  // ---------------------------------------------------------------------------------------- selection

  /**
   * `table/selectRow` → {rows: [{rowId, indexPath}]}: selects a committed row (UIKit's `selectRowAtIndexPath:`);
   * with single selection the previously selected row is deselected. A change is pushed as
   * `table/selectionChanged` first. InvalidUpdateError (-32004) when selection is off.
   */
  selectRow(row, options = {}) {
    const [, request] = split(options);
    return this._call('table/selectRow', { row: rowParam(row) }, request);
  }

  /** `table/deselectRow` → {rows}: deselects a committed row. */
  deselectRow(row, options = {}) {
    const [, request] = split(options);
    return this._call('table/deselectRow', { row: rowParam(row) }, request);
  }

  /** `table/selectedRows` → [{rowId, indexPath}]: the selected rows in row order. */
  async selectedRows(options = {}) {
    const [, request] = split(options);
    const result = await this._call('table/selectedRows', {}, request);
    return result.rows;
  }

  /**
   * `table/setSelectionOptions` {allowsSelection?, allowsMultipleSelection?} → {allowsSelection,
   * allowsMultipleSelection, rows}: turning selection off deselects every row; turning multiple selection off keeps
   * the first selected row in row order.
   */
  setSelectionOptions(options = {}) {
    const [own, request] = split(options);
    return this._call('table/setSelectionOptions', compact({
      allowsSelection: own.allowsSelection, allowsMultipleSelection: own.allowsMultipleSelection,
    }), request);
  }

  // ---------------------------------------------------------------------------------------- batch fetching

  /**
   * `table/completeBatchFetching`: {finished = true} → {state, leadingScreens}, answered after the check a commit
   * held while the context was fetching (so `state` may be `fetching` again: a new fetch began).
   */
  completeBatchFetching(options = {}) {
    const [own, request] = split(typeof options === 'boolean' ? { finished: options } : options);
    return this._call('table/completeBatchFetching', compact({ finished: own.finished }), request);
  }

  /** `table/cancelBatchFetching` → {state, leadingScreens} (after a held check, as completeBatchFetching). */
  cancelBatchFetching(options = {}) {
    const [, request] = split(options);
    return this._call('table/cancelBatchFetching', {}, request);
  }

  /** `table/setLeadingScreensForBatching` (0…1000) → {state, leadingScreens}; checks only when it changed. */
  setLeadingScreensForBatching(leadingScreens, options = {}) {
    const [, request] = split(options);
    return this._call('table/setLeadingScreensForBatching', { leadingScreens }, request);
  }

  // ---------------------------------------------------------------------------------------- ranges

  /** `table/tuningParameters`: {mode?, rangeType?} → the tuning of one range type, or of every mode. */
  tuningParameters(options = {}) {
    const [own, request] = split(options);
    return this._call('table/tuningParameters', compact({ mode: own.mode, rangeType: own.rangeType }), request);
  }

  /**
   * `table/setTuningParameters`: {mode = "full", rangeType, leadingBufferScreenfuls,
   * trailingBufferScreenfuls} → null.
   */
  setTuningParameters(options) {
    const [own, request] = split(options);
    return this._call('table/setTuningParameters', compact({
      mode: own.mode,
      rangeType: own.rangeType,
      leadingBufferScreenfuls: own.leadingBufferScreenfuls,
      trailingBufferScreenfuls: own.trailingBufferScreenfuls,
    }), request);
  }

  /**
   * `table/setRangeMode`: `minimum`, `full`, `visibleOnly` or `lowMemory` → {rangeMode}; explicit for the next
   * range update, which runs now only when the mode changed.
   */
  setRangeMode(mode, options = {}) {
    const [, request] = split(options);
    return this._call('table/setRangeMode', { mode }, request);
  }

  /**
   * `table/ranges` → {contentOffset, rangeMode, visible, visibleRowIds, batchContext: {state, leadingScreens},
   * rows: [{rowId, indexPath, state}]}: `visible` is whether the table is in its window, `visibleRowIds` the
   * visible rows, `rows` the rows holding a state above measureLayout, in order.
   */
  ranges(options = {}) {
    const [, request] = split(options);
    return this._call('table/ranges', {}, request);
  }
}

export { NodeController };
