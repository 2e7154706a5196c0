// Node controllers (Texture's ASNodeController, texture.md §5): one object per row that hears the row's
// interface-state changes and can ask for the row to be laid out again.
//
// The daemon reports interface states with `cell/interfaceStateChanged` {sessionId, rowId, indexPath?,
// oldState, newState, events}; a NodeControllerRegistry creates a row's controller lazily (through the factory
// given to `session.useNodeControllers(factory)`) the first time the row enters a range, updates its state,
// and calls its hooks in the order of `events`, then `interfaceStateDidChange(newState, oldState)`, as
// `applyPendingInterfaceState` does (texture.md §3.2).

export const INTERFACE_STATE_CHANGED = 'cell/interfaceStateChanged';

/** event name → NodeController hook */
export const EVENT_HOOKS = Object.freeze({
  didEnterPreload: 'didEnterPreloadState',
  didExitPreload: 'didExitPreloadState',
  didEnterDisplay: 'didEnterDisplayState',
  didExitDisplay: 'didExitDisplayState',
  didEnterVisible: 'didEnterVisibleState',
  didExitVisible: 'didExitVisibleState',
});

const LIVE = ['preload', 'display', 'visible'];

/**
 * Base class of a row's controller. Override the hooks you need (calling super is not required). Hooks are
 * called in order, while the notification is delivered; a hook may be async (its promise is tracked by
 * `registry.idle()`, and a rejection reported, but the next hook does not wait for it).
 */
export class NodeController {
  /** @param {string} [rowId] @param {import('./client.js').Session} [session] */
  constructor(rowId, session) {
    /** @type {string | undefined} */
    this.rowId = rowId;
    /** @type {import('./client.js').Session | undefined} */
    this.session = session;
    /** @type {ReadonlySet<string>} the current interface state (`measureLayout`, `preload`, `display`, `visible`) */
    this.interfaceState = new Set();
    /** @type {number[] | undefined} the last index path reported for the row (pending state) */
    this.indexPath = undefined;
  }

  get isInPreloadState() {
    return this.interfaceState.has('preload');
  }

  get isInDisplayState() {
    return this.interfaceState.has('display');
  }

  get isVisible() {
    return this.interfaceState.has('visible');
  }

  /** The row entered the preload range: fetch its data, then call `setNeedsLayout`. */
  didEnterPreloadState() {}

  /** The row left the preload range. */
  didExitPreloadState() {}

  /** The row entered the display range. */
  didEnterDisplayState() {}

  /** The row left the display range. */
  didExitDisplayState() {}

  /** The row is on screen. */
  didEnterVisibleState() {}

  /** The row left the screen. */
  didExitVisibleState() {}

  /** After the enter/exit hooks of every change (Texture's `interfaceStateDidChange:fromState:`). */
  // eslint-disable-next-line no-unused-vars
  interfaceStateDidChange(newState, oldState) {}

  /**
   * Lays the row out again (`cell/setNeedsLayout`): `{cell}` as its new content, or `{element, spec}` to
   * replace the element whose id is `element`. Resolves to {seq}.
   * @param {{cell?: object, element?: string, spec?: object, signal?: AbortSignal, timeout?: number}} [options]
   */
  setNeedsLayout(options = {}) {
    if (!this.session || this.rowId === undefined) {
      return Promise.reject(new Error('this controller is not attached to a session row'));
    }
    return this.session.setNeedsLayout(this.rowId, options);
  }

  toString() {
    const state = ['measureLayout', ...LIVE].filter((name) => this.interfaceState.has(name)).join(',');
    return `${this.constructor.name}(row ${JSON.stringify(this.rowId)}, ${state || 'none'})`;
  }
}

function stateSet(value) {
  return new Set(Array.isArray(value) ? value.filter((name) => typeof name === 'string') : []);
}

function isControllerClass(factory) {
  return factory === NodeController || factory.prototype instanceof NodeController;
}

/**
 * The controllers of one session's rows, created lazily by the factory. Hooks are called in notification
 * order, in the order of each notification's `events`, while the notification is delivered (so before the
 * response that follows it resolves). `idle()` resolves when every async hook has settled. A row deleted by
 * a commit loses its controller once it has heard its exits.
 */
export class NodeControllerRegistry {
  /**
   * @param {(typeof NodeController) | ((rowId: string, session: any) => NodeController)} factory
   * @param {import('./client.js').Session} [session]
   * @param {{onError?: (error: unknown, controller: NodeController, hook: string) => void}} [options]
   */
  constructor(factory, session, options = {}) {
    if (typeof factory !== 'function') throw new TypeError('the node-controller factory must be a class or a function');
    this.factory = factory;
    this.session = session;
    this.onError = options.onError;
    /** @type {Map<string, NodeController>} */
    this.controllers = new Map();
    /** @type {unknown[]} errors thrown by hooks */
    this.errors = [];
    this._deleted = new Set();
    /** @type {Set<Promise<void>>} async hooks still running */
    this._inflight = new Set();
  }

  /** The row's controller; created through the factory when `create` and there is none yet. */
  controller(rowId, create = true) {
    let found = this.controllers.get(rowId);
    if (!found && create) {
      found = isControllerClass(this.factory) ? new this.factory(rowId, this.session) : this.factory(rowId, this.session);
      if (!(found instanceof NodeController)) {
        throw new TypeError(`the node-controller factory returned ${found?.constructor?.name ?? typeof found}, not a NodeController`);
      }
      if (found.rowId === undefined) found.rowId = rowId;
      if (found.session === undefined) found.session = this.session;
      this.controllers.set(rowId, found);
    }
    return found;
  }

  /** Resolves once every async hook started so far (and any started meanwhile) has settled. */
  async idle() {
    while (this._inflight.size) await Promise.allSettled([...this._inflight]);
  }

  /** Handles one notification (`cell/interfaceStateChanged`, `table/didCommit`); others are ignored. */
  dispatch(note) {
    for (const step of this._steps(note)) {
      let result;
      try {
        result = step.run();
      } catch (error) {
        this._failed(error, step);
        continue;
      }
      if (result && typeof result.then === 'function') {
        // Like Texture's hooks, which return at once while the loading they start goes on, an async hook is
        // not awaited before the next one; idle() waits for it and a rejection is reported as an error.
        const tracked = Promise.resolve(result).catch((error) => this._failed(error, step))
          .finally(() => this._inflight.delete(tracked));
        this._inflight.add(tracked);
      }
    }
  }

  _failed(error, step) {
    this.errors.push(error);
    if (this.onError) {
      this.onError(error, step.controller, step.hook);
    } else if (this.session && this.session.listenerCount('controllerError') > 0) {
      this.session.emit('controllerError', error, step.controller, step.hook);
    } else {
      process.emitWarning(`node controller ${step.controller} ${step.hook} failed: ${error?.stack ?? error}`);
    }
  }

  _steps(note) {
    const { params } = note;
    if (note.method === 'table/didCommit') {
      this._forgetDeleted(params);
      return [];
    }
    if (note.method !== INTERFACE_STATE_CHANGED) return [];
    const { rowId } = params;
    if (typeof rowId !== 'string') return [];
    const newState = stateSet(params.newState);
    const oldState = stateSet(params.oldState);
    const events = Array.isArray(params.events) ? params.events.filter((e) => typeof e === 'string') : [];
    let controller = this.controllers.get(rowId);
    if (!controller) {
      const entered = LIVE.some((name) => newState.has(name)) || events.some((e) => e.startsWith('didEnter'));
      if (!entered) return []; // e.g. a deleted row's late exits: no controller to create
      controller = this.controller(rowId);
    }
    if (Array.isArray(params.indexPath)) controller.indexPath = params.indexPath;
    const steps = [];
    // The state is set when the row's first hook runs, so a hook sees the state of its own change.
    const apply = () => {
      controller.interfaceState = newState;
    };
    for (const event of events) {
      const hook = EVENT_HOOKS[event];
      if (!hook) continue;
      steps.push({ controller, hook, run: () => { apply(); return controller[hook](); } });
    }
    steps.push({
      controller,
      hook: 'interfaceStateDidChange',
      run: () => {
        apply();
        const result = controller.interfaceStateDidChange(newState, oldState);
        if (this._deleted.has(rowId) && !LIVE.some((name) => newState.has(name))) {
          this._deleted.delete(rowId);
          if (this.controllers.get(rowId) === controller) this.controllers.delete(rowId);
        }
        return result;
      },
    });
    return steps;
  }

  _forgetDeleted(params) {
    for (const rowId of params.insertedRowIds ?? []) this._deleted.delete(rowId);
    for (const rowId of params.deletedRowIds ?? []) {
      const controller = this.controllers.get(rowId);
      if (!controller) continue;
      if (LIVE.some((name) => controller.interfaceState.has(name))) this._deleted.add(rowId);
      else this.controllers.delete(rowId);
    }
  }
}
