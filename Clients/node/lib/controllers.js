// Node controllers (Texture's ASNodeController): one object per row that hears the row's
// interface-state changes and can ask for the row to be laid out again.
//
// The daemon reports interface states with `cell/interfaceStateChanged` {sessionId, rowId, indexPath?,
// oldState, newState, events}; a NodeControllerRegistry creates a row's controller lazily (through the factory
// given to `session.useNodeControllers(factory)`) the first time the row enters a range, updates its state,
// and calls its hooks in the order of `events`, then `interfaceStateDidChange(newState, oldState)`, as
// Texture's `applyPendingInterfaceState` does (preload, then display, then visible).
//
// A commit that ends a row's cell node (the row is deleted, reloaded or moved, or `reloadData` replaces it)
// pushes `cell/nodeReleased` {sessionId, rowId, state} after the node's Visible exit: the registry then calls the
// controller's `didRelease()` and drops it, so the row's next interface-state change (a reloaded or moved row's
// new node) creates a fresh controller, as Texture creates a new node (and node controller) for it.

export const INTERFACE_STATE_CHANGED = 'cell/interfaceStateChanged';
export const NODE_RELEASED = 'cell/nodeReleased';

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
    /** @type {boolean} true once the row's node was released (`cell/nodeReleased`); the registry dropped it */
    this.released = false;
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
   * The row's node was released by a commit (`cell/nodeReleased`: the row was deleted, reloaded or moved, or
   * `reloadData` replaced it): release what the controller holds. It heard the node's Visible exit before; its
   * preload and display states go with the node, without exit hooks, as in Texture. The controller is no longer
   * the row's (`released` is true): a reloaded or moved row gets a new controller.
   */
  didRelease() {}

  /**
   * Lays the row out again (`cell/setNeedsLayout`): `{cell}` as its new content, or `{element, spec}` to
   * replace the element whose id is `element`. Resolves to {seq}.
   * @param {{cell?: object, element?: string, spec?: object, signal?: AbortSignal, timeout?: number}} [options]
   */
  setNeedsLayout(options = {}) {
    if (!this.session || this.rowId === undefined) {
      return Promise.reject(new Error('this controller is not attached to a session row'));
    }
    if (this.released) {
      const row = JSON.stringify(this.rowId);
      return Promise.reject(new Error(`the node of row ${row} was released; this controller no longer lays it out`));
    }
    return this.session.setNeedsLayout(this.rowId, options);
  }

  toString() {
    const state = ['measureLayout', ...LIVE].filter((name) => this.interfaceState.has(name)).join(',');
    const released = this.released ? ', released' : '';
    return `${this.constructor.name}(row ${JSON.stringify(this.rowId)}, ${state || 'none'}${released})`;
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
 * response that follows it resolves). `idle()` resolves when every async hook has settled. `cell/nodeReleased`
 * ends a row's controller: after the exit hooks delivered before it, its `didRelease()` runs and the registry
 * drops it; the row's next news creates a new one.
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

  /** Handles one notification (`cell/interfaceStateChanged`, `cell/nodeReleased`); others are ignored. */
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
    if (note.method !== INTERFACE_STATE_CHANGED && note.method !== NODE_RELEASED) return [];
    const { rowId } = params;
    if (typeof rowId !== 'string') return [];
    if (note.method === NODE_RELEASED) {
      const released = this.controllers.get(rowId);
      if (!released) return []; // the node never entered a range: no controller to release
      this.controllers.delete(rowId);
      released.released = true;
      const state = stateSet(params.state);
      const run = () => {
        released.interfaceState = state;
        return released.didRelease();
      };
      return [{ controller: released, hook: 'didRelease', run }];
    }
    const newState = stateSet(params.newState);
    const oldState = stateSet(params.oldState);
    const events = Array.isArray(params.events) ? params.events.filter((e) => typeof e === 'string') : [];
    let controller = this.controllers.get(rowId);
    if (!controller) {
      const entered = LIVE.some((name) => newState.has(name)) || events.some((e) => e.startsWith('didEnter'));
      if (!entered) return []; // e.g. exits of a row that entered before the factory: none to create
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
        return controller.interfaceStateDidChange(newState, oldState);
      },
    });
    return steps;
  }
}
