// Node controllers (Texture's ASNodeController): dispatch from synthetic notifications, then the end-to-end
// scenario against the daemon (comments loaded on preload → setNeedsLayout → table/heightChanged; scrolling
// drives the enter/exit hooks; a reloaded or deleted row's node is released with its controller).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, NodeController, NodeControllerRegistry, Notification } from '../index.js';
import { SKIP, text } from './support.js';

const ISC = 'cell/interfaceStateChanged';
const ALL = ['measureLayout', 'preload', 'display', 'visible'];
const ENTER_ALL = ['didEnterPreload', 'didEnterDisplay', 'didEnterVisible'];
const EXIT_ALL = ['didExitPreload', 'didExitDisplay', 'didExitVisible'];
let seq = 0;

function isc(rowId, oldState, newState, events, indexPath) {
  const params = { sessionId: 's1', rowId, oldState, newState, events };
  if (indexPath) params.indexPath = indexPath;
  return new Notification(ISC, params, ++seq);
}

function released(rowId, state) {
  return new Notification('cell/nodeReleased', { sessionId: 's1', rowId, state }, ++seq);
}

function commit(deletedRowIds = [], insertedRowIds = []) {
  return new Notification('table/didCommit',
    { sessionId: 's1', seq: 1, contentSize: { width: 1, height: 1 }, deletedRowIds, insertedRowIds }, ++seq);
}

/** A controller that records its hooks (with the state each one saw) in a shared log. */
function recordingClass(log) {
  return class Recording extends NodeController {
    note(name) {
      log.push([this.rowId, name, [...this.interfaceState].sort()]);
    }

    didEnterPreloadState() { this.note('enterPreload'); }

    didExitPreloadState() { this.note('exitPreload'); }

    didEnterDisplayState() { this.note('enterDisplay'); }

    didExitDisplayState() { this.note('exitDisplay'); }

    didEnterVisibleState() { this.note('enterVisible'); }

    didExitVisibleState() { this.note('exitVisible'); }

    interfaceStateDidChange(newState, oldState) {
      log.push([this.rowId, 'changed', [...newState].sort(), [...oldState].sort()]);
    }

    didRelease() { this.note('released'); }
  };
}

const sorted = (list) => [...list].sort();

describe('NodeControllerRegistry (synthetic notifications)', () => {
  test('lazy creation, hooks in the order of events, state and index path', () => {
    const log = [];
    const created = [];
    const Recording = recordingClass(log);
    const registry = new NodeControllerRegistry((rowId, session) => {
      created.push(rowId);
      return new Recording(rowId, session);
    }, 'SESSION');
    assert.equal(registry.controllers.size, 0);
    registry.dispatch(isc('a', ['measureLayout'], ALL, ENTER_ALL, [0, 2]));
    assert.deepEqual(created, ['a']);
    const controller = registry.controllers.get('a');
    assert.deepEqual([controller.rowId, controller.session, controller.indexPath], ['a', 'SESSION', [0, 2]]);
    assert.ok(controller.isVisible && controller.isInDisplayState && controller.isInPreloadState);
    assert.deepEqual(log, [
      ['a', 'enterPreload', sorted(ALL)], ['a', 'enterDisplay', sorted(ALL)], ['a', 'enterVisible', sorted(ALL)],
      ['a', 'changed', sorted(ALL), ['measureLayout']],
    ]);
    log.length = 0;
    registry.dispatch(isc('a', ALL, ['measureLayout'], EXIT_ALL)); // Texture's order: Preload, Display, Visible
    assert.deepEqual(created, ['a'], 'the same controller hears later changes');
    assert.deepEqual(log.map((entry) => entry[1]), ['exitPreload', 'exitDisplay', 'exitVisible', 'changed']);
    assert.ok(!controller.isVisible);
    // events are followed as given, even in an unusual order
    log.length = 0;
    registry.dispatch(isc('a', ['measureLayout'], ['measureLayout', 'preload', 'display'], ['didEnterDisplay', 'didEnterPreload']));
    assert.deepEqual(log.map((entry) => entry[1]), ['enterDisplay', 'enterPreload', 'changed']);
  });

  test('a class as factory; no controller for rows that only exit; other notifications ignored', () => {
    const log = [];
    const registry = new NodeControllerRegistry(recordingClass(log));
    registry.dispatch(isc('gone', ['measureLayout', 'preload'], [], ['didExitPreload']));
    registry.dispatch(new Notification('table/heightChanged', { sessionId: 's1', rowId: 'x' }, ++seq));
    assert.equal(registry.controllers.size, 0);
    registry.dispatch(isc('b', ['measureLayout'], ['measureLayout', 'preload'], ['didEnterPreload']));
    assert.ok(registry.controllers.get('b') instanceof NodeController);
    assert.throws(() => new NodeControllerRegistry('nope'), TypeError);
    const bad = new NodeControllerRegistry(() => ({}));
    assert.throws(() => bad.dispatch(isc('c', [], ['preload'], ['didEnterPreload'])), /not a NodeController/);
  });

  test('cell/nodeReleased ends a controller after the exits delivered before it', () => {
    const log = [];
    const registry = new NodeControllerRegistry(recordingClass(log));
    const PD = ['measureLayout', 'preload', 'display'];
    registry.dispatch(isc('a', ['measureLayout'], ALL, ENTER_ALL));
    registry.dispatch(isc('b', ['measureLayout'], ['measureLayout'], []));
    registry.dispatch(isc('c', ['measureLayout'], ['measureLayout', 'preload'], ['didEnterPreload']));
    const [a, c] = [registry.controllers.get('a'), registry.controllers.get('c')];
    registry.dispatch(commit(['a', 'b', 'c'])); // the commit itself changes nothing
    assert.deepEqual([...registry.controllers.keys()], ['a', 'c']);
    log.length = 0;
    // a visible node hears only its Visible exit (no indexPath), then its release
    registry.dispatch(isc('a', ALL, PD, ['didExitVisible']));
    registry.dispatch(released('a', PD));
    // a node in preload is released without exit hooks (its states go with the node, as in Texture)
    registry.dispatch(released('c', ['measureLayout', 'preload']));
    registry.dispatch(released('b', ['measureLayout'])); // never had a controller: none is created
    assert.deepEqual(log, [
      ['a', 'exitVisible', sorted(PD)], ['a', 'changed', sorted(PD), sorted(ALL)], ['a', 'released', sorted(PD)],
      ['c', 'released', ['measureLayout', 'preload']],
    ]);
    assert.equal(registry.controllers.size, 0);
    assert.ok(a.released && c.released);
    assert.match(String(a), /released/);
  });

  test('a reloaded row gets a new controller, which hears didEnterPreload again', () => {
    const log = [];
    const created = [];
    const Recording = recordingClass(log);
    const registry = new NodeControllerRegistry((rowId) => {
      created.push(rowId);
      return new Recording(rowId);
    });
    const PD = ['measureLayout', 'preload', 'display'];
    registry.dispatch(isc('a', ['measureLayout'], ALL, ENTER_ALL, [0, 1]));
    const old = registry.controllers.get('a');
    log.length = 0;
    // the reload's commit: the old node's Visible exit and release, then the commit's range update for the new node
    registry.dispatch(isc('a', ALL, PD, ['didExitVisible']));
    registry.dispatch(released('a', PD));
    assert.ok(!registry.controllers.has('a'));
    registry.dispatch(isc('a', ['measureLayout'], ALL, ENTER_ALL, [0, 1]));
    const fresh = registry.controllers.get('a');
    assert.notEqual(fresh, old);
    assert.deepEqual(created, ['a', 'a']);
    assert.ok(old.released && !fresh.released && fresh.isVisible);
    assert.deepEqual(fresh.indexPath, [0, 1]);
    assert.deepEqual(log.map((entry) => entry[1]),
      ['exitVisible', 'changed', 'released', 'enterPreload', 'enterDisplay', 'enterVisible', 'changed']);
  });

  test('an async didRelease is tracked by idle(); a released controller no longer lays out', async () => {
    const order = [];
    class Releasing extends NodeController {
      async didRelease() {
        await sleep(10);
        order.push(`released ${this.rowId}`);
      }
    }
    const calls = [];
    const session = { setNeedsLayout: async (row, options) => { calls.push([row, options]); return { seq: 1 }; } };
    const registry = new NodeControllerRegistry(Releasing, session);
    registry.dispatch(isc('a', ['measureLayout'], ['measureLayout', 'preload'], ['didEnterPreload']));
    const controller = registry.controllers.get('a');
    registry.dispatch(released('a', ['measureLayout', 'preload']));
    assert.deepEqual(order, []);
    await registry.idle();
    assert.deepEqual(order, ['released a']);
    await assert.rejects(controller.setNeedsLayout({ cell: { type: 'node' } }), /was released/);
    assert.deepEqual(calls, []);
  });

  test('async hooks: called in order without waiting; idle() waits; errors are reported', async () => {
    const order = [];
    const errors = [];
    class Slow extends NodeController {
      async didEnterPreloadState() {
        order.push(`start ${this.rowId}`);
        await sleep(20);
        order.push(`end ${this.rowId}`);
        if (this.rowId === 'b') throw new Error('load failed');
      }
    }
    const registry = new NodeControllerRegistry(Slow, undefined, { onError: (error, controller, hook) => errors.push([error.message, controller.rowId, hook]) });
    registry.dispatch(isc('a', ['measureLayout'], ['measureLayout', 'preload'], ['didEnterPreload']));
    registry.dispatch(isc('b', ['measureLayout'], ['measureLayout', 'preload'], ['didEnterPreload']));
    assert.deepEqual(order, ['start a', 'start b']);
    await registry.idle();
    assert.deepEqual(order, ['start a', 'start b', 'end a', 'end b']);
    assert.deepEqual(errors, [['load failed', 'b', 'didEnterPreloadState']]);
    assert.equal(registry.errors.length, 1);
  });

  test('setNeedsLayout sends cell/setNeedsLayout for the row', async () => {
    const calls = [];
    const session = { setNeedsLayout: async (row, options) => { calls.push([row, options]); return { seq: 3 }; } };
    const registry = new NodeControllerRegistry(NodeController, session);
    const controller = registry.controller('k');
    assert.deepEqual(await controller.setNeedsLayout({ element: 'comments', spec: { type: 'node' } }), { seq: 3 });
    assert.deepEqual(await controller.setNeedsLayout({ cell: { type: 'node' } }), { seq: 3 });
    assert.deepEqual(calls, [['k', { element: 'comments', spec: { type: 'node' } }], ['k', { cell: { type: 'node' } }]]);
    await assert.rejects(new NodeController().setNeedsLayout(), /not attached/);
  });
});

// ---------------------------------------------------------------------------------------------- end to end

const COMMENTS = { type: 'node', id: 'comments', style: { height: 0 } };

function photoCell(i) {
  return {
    type: 'stack', direction: 'vertical',
    children: [text(`Photo ${i}`, { id: 'title' }), { type: 'node', id: 'photo', style: { height: 80 } }, COMMENTS],
  };
}

describe('node controllers end to end', { skip: SKIP }, () => {
  let client;
  before(async () => {
    client = await Client.start();
  });
  after(async () => {
    await client?.close();
  });

  test('a row loads its comments on preload, setNeedsLayout follows, then table/heightChanged; scrolling drives the hooks', async () => {
    const session = await client.createSession({ width: 320, height: 480 });
    const hooks = new Map(); // rowId -> [hook names]
    const loads = [];
    class CommentsController extends NodeController {
      record(name) {
        if (!hooks.has(this.rowId)) hooks.set(this.rowId, []);
        hooks.get(this.rowId).push(name);
      }

      async didEnterPreloadState() {
        this.record('didEnterPreloadState');
        if (this.loaded) return;
        this.loaded = true;
        await sleep(5); // "fetch" the comments
        loads.push(this.rowId);
        await this.setNeedsLayout({ element: 'comments', spec: text(`3 comments on ${this.rowId}`, { id: 'comments' }) });
      }

      didExitPreloadState() { this.record('didExitPreloadState'); }

      didEnterDisplayState() { this.record('didEnterDisplayState'); }

      didExitDisplayState() { this.record('didExitDisplayState'); }

      didEnterVisibleState() { this.record('didEnterVisibleState'); }

      didExitVisibleState() { this.record('didExitVisibleState'); }

      didRelease() { this.record('didRelease'); }
    }
    const registry = session.useNodeControllers(CommentsController);
    assert.equal(session.nodeControllers, registry);
    const heightChanges = [];
    session.on('table/heightChanged', (params) => heightChanges.push(params));
    try {
      const ids = (await session.insertRows(Array.from({ length: 40 }, (_, i) => ({ id: `p${i}`, cell: photoCell(i) })))).rowIds;
      await session.waitUntilAllUpdatesAreProcessed();
      // controllers exist only for rows that entered a range, created lazily
      const preloaded = [...registry.controllers.keys()];
      assert.ok(preloaded.length > 0 && preloaded.length < ids.length, `controllers for ${preloaded}`);
      assert.deepEqual(preloaded, ids.slice(0, preloaded.length));
      assert.deepEqual(hooks.get('p0'), ['didEnterPreloadState', 'didEnterDisplayState', 'didEnterVisibleState']);
      const first = registry.controllers.get('p0');
      assert.ok(first.isVisible && first.isInDisplayState && first.isInPreloadState);
      assert.deepEqual(first.indexPath, [0, 0]);

      // the loads finish, each calls setNeedsLayout, and a table/heightChanged follows for the row
      await registry.idle();
      await session.waitUntilAllUpdatesAreProcessed();
      assert.deepEqual(sorted(loads), sorted(preloaded));
      const changed = heightChanges.find((p) => p.rowId === 'p0');
      assert.ok(changed, 'table/heightChanged for p0');
      assert.ok(changed.newHeight > changed.oldHeight, JSON.stringify(changed));
      assert.deepEqual(sorted(new Set(heightChanges.map((p) => p.rowId))), sorted(preloaded));
      const frames = await session.elementFrames('p0', { elements: ['comments'] });
      assert.equal(frames.elements[0].type, 'text');
      assert.equal((await session.rowFrame('p0')).frame.height, changed.newHeight);

      // scrolling far down: the first rows exit (Preload, Display, Visible order), later rows enter
      const scroll = await session.scrollToOffset(2500);
      const visible = scroll.visibleRowIds;
      assert.ok(!visible.includes('p0'));
      assert.deepEqual(hooks.get('p0').slice(3), ['didExitPreloadState', 'didExitDisplayState', 'didExitVisibleState']);
      assert.ok(!first.isVisible && !first.isInPreloadState);
      for (const rowId of visible) {
        const controller = registry.controllers.get(rowId);
        assert.ok(controller?.isVisible, `${rowId} is visible`);
        assert.ok(hooks.get(rowId).includes('didEnterVisibleState'));
        const enters = hooks.get(rowId).filter((h) => h.startsWith('didEnter'));
        assert.deepEqual(enters, ['didEnterPreloadState', 'didEnterDisplayState', 'didEnterVisibleState'].filter((h) => enters.includes(h)));
      }
      await registry.idle();
      await session.waitUntilAllUpdatesAreProcessed();
      for (const rowId of visible) assert.ok(loads.includes(rowId), `${rowId} loaded its comments`);
      assert.ok(heightChanges.some((p) => p.rowId === visible[0]));

      // back to the top: p0 enters again (its comments are already there: no second load)
      await session.scrollToOffset(0);
      assert.deepEqual(hooks.get('p0').slice(6, 9), ['didEnterPreloadState', 'didEnterDisplayState', 'didEnterVisibleState']);
      assert.equal(loads.filter((id) => id === 'p0').length, 1);
      assert.equal(registry.controllers.get('p0'), first, 'one controller per row');

      // reloading a visible row ends its node: the old controller hears only its Visible exit, then it is released;
      // the new node enters every range again and its new controller loads the comments again
      const reloaded = registry.controllers.get('p1');
      assert.ok(reloaded.isVisible && reloaded.loaded);
      const before = hooks.get('p1').length;
      const changesBefore = heightChanges.length;
      await session.reloadRows([['p1', photoCell(1)]]);
      await session.waitUntilAllUpdatesAreProcessed();
      assert.deepEqual(hooks.get('p1').slice(before), ['didExitVisibleState', 'didRelease',
        'didEnterPreloadState', 'didEnterDisplayState', 'didEnterVisibleState']);
      const renewed = registry.controllers.get('p1');
      assert.notEqual(renewed, reloaded);
      assert.ok(reloaded.released && !renewed.released && renewed.isVisible);
      await registry.idle();
      await session.waitUntilAllUpdatesAreProcessed();
      assert.equal(loads.filter((id) => id === 'p1').length, 2, 'the new node loads its comments again');
      assert.deepEqual(heightChanges.slice(changesBefore).map((p) => p.rowId), ['p1']);
      await assert.rejects(reloaded.setNeedsLayout({ cell: photoCell(1) }), /was released/);

      // deleting a visible row: its controller hears only its Visible exit, then it is released and dropped
      await session.deleteRows(['p0']);
      await session.waitUntilAllUpdatesAreProcessed();
      assert.deepEqual(hooks.get('p0').slice(-2), ['didExitVisibleState', 'didRelease']);
      assert.ok(!registry.controllers.has('p0'));
      assert.ok(first.released);
      assert.deepEqual(registry.errors, []);
    } finally {
      await session.dispose();
    }
  });
});
