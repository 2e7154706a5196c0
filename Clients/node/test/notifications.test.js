// Notifications as EventEmitter events and as async iterators, against the real daemon.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { Client, LayoutdTimeoutError, Notification } from '../index.js';
import { node, rows, SKIP } from './support.js';

describe('notifications', { skip: SKIP }, () => {
  let client;
  before(async () => {
    client = await Client.start();
  });
  after(async () => {
    await client?.close();
  });

  test('EventEmitter: by method on the client and the session, with (params, note)', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    const other = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    const seen = [];
    const onClient = (params, note) => seen.push(['client', note.method, params.seq, note instanceof Notification]);
    const onSession = (params) => seen.push(['session', params.sessionId]);
    const onOther = () => seen.push(['other']);
    client.on('table/didCommit', onClient);
    s.on('table/didCommit', onSession);
    other.on('table/didCommit', onOther);
    try {
      await s.insertRows([{ cell: node(10) }]);
      await s.waitUntilAllUpdatesAreProcessed(); // its notifications are emitted before it resolves
      assert.deepEqual(seen, [['client', 'table/didCommit', 1, true], ['session', s.id]]);
    } finally {
      client.off('table/didCommit', onClient);
      s.off('table/didCommit', onSession);
      other.off('table/didCommit', onOther);
      await s.dispose();
      await other.dispose();
    }
  });

  test('inverted sessions are visual; change frames and layout transitions', async () => {
    assert.ok(client.capabilities.features.includes('invertedTable'));
    assert.ok(client.capabilities.features.includes('layoutTransitions'));
    // Inverted, 3 rows of 100 (100.5 with the separator): C = 301.5. Row 0 is at the visual bottom (201); at rest
    // the visual offset is 301.5 − 480 = −178.5, so the rows sit at the bottom of the screen.
    const chat = await client.createSession({ width: 320, height: 480, interfaceStates: false, inverted: true });
    const moved = [];
    const onMoved = (params) => moved.push(params);
    chat.on('table/contentOffsetChanged', onMoved);
    try {
      await chat.insertRows(['m0', 'm1', 'm2'].map((id) => ({ id, cell: node(100) })));
      await chat.waitUntilAllUpdatesAreProcessed();
      // The empty table rested at 0 − 480; the insert kept the model offset, so the visual one follows the content.
      assert.deepEqual(moved, [{ sessionId: chat.id, contentOffset: { x: 0, y: -178.5 },
        oldContentOffset: { x: 0, y: -480 }, reason: 'inverted' }]);
      assert.deepEqual((await chat.rowFrame('m0')).frame, { x: 0, y: 201, width: 320, height: 100.5 });
      assert.equal((await chat.rowAtPoint(5, 0)).rowId, 'm2');
    } finally {
      chat.off('table/contentOffsetChanged', onMoved);
      await chat.dispose();
    }
    // Change frames: deleting a (10.5) above b (20.5) moves b up by 10.5.
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false, changeFrames: true });
    try {
      await s.insertRows([{ id: 'a', cell: node(10) }, { id: 'b', cell: node(20) }]);
      await s.waitUntilAllUpdatesAreProcessed();
      const committed = once(s, 'table/didCommit');
      await s.deleteRows(['a']);
      const [params] = await committed;
      assert.deepEqual(params.changeFrames, [
        { rowId: 'b', before: { x: 0, y: 10.5, width: 320, height: 20.5 }, after: { x: 0, y: 0, width: 320, height: 20.5 } },
        { rowId: 'a', before: { x: 0, y: 0, width: 320, height: 10.5 } },
      ]);
      // A transition of b's cell (an anonymous 20 pt node) to a stack of p (5) above an anonymous node (20): the
      // anonymous node is matched by position and moves to y 5; p is inserted.
      const answer = await s.setNeedsLayout('b', { transition: true, cell: { type: 'stack', direction: 'vertical',
        children: [node(5, { id: 'p' }), node(20)] } });
      assert.deepEqual(answer.before.elements, [{ type: 'node', frame: { x: 0, y: 0, width: 320, height: 20 }, key: 'node' }]);
      assert.deepEqual(answer.after.elements.map((e) => [e.key, e.frame.y]), [['id:p', 0], ['node', 5]]);
      assert.deepEqual([answer.inserted, answer.removed], [['id:p'], []]);
      assert.deepEqual(answer.after.size, { width: 320, height: 25 });
    } finally {
      await s.dispose();
    }
  });

  test("'notification' sees every notification; events.once works on the emitters", async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    const all = [];
    const onAny = (note) => all.push(note.method);
    client.on('notification', onAny);
    try {
      const committed = once(s, 'table/didCommit');
      await s.insertRows([{ id: 'a', cell: node(10) }]);
      const [params, note] = await committed;
      assert.deepEqual(params.insertedRowIds, ['a']);
      assert.equal(note.sessionId, s.id);
      const changed = once(client, 'table/heightChanged');
      await s.setNeedsLayout('a', { cell: node(30) });
      const [height] = await changed;
      assert.deepEqual([height.rowId, height.oldHeight, height.newHeight], ['a', 10.5, 30.5]);
      assert.deepEqual(all, ['table/didCommit', 'table/heightChanged']);
    } finally {
      client.off('notification', onAny);
      await s.dispose();
    }
  });

  test('async iterator: for await … of client.notifications({method, sessionId})', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    try {
      const stream = s.notifications({ method: 'table/didCommit' });
      for (let i = 0; i < 3; i += 1) await s.insertRows([{ cell: node(10 + i) }]);
      const seqs = [];
      for await (const note of stream) {
        assert.equal(note.method, 'table/didCommit');
        seqs.push(note.params.seq);
        if (seqs.length === 3) break; // break ends the subscription
      }
      assert.deepEqual(seqs, [1, 2, 3]);
      assert.equal(client._streams.size, 0);
    } finally {
      await s.dispose();
    }
  });

  test('async iterator: since replays buffered notifications; idleTimeout ends it; a signal aborts it', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    try {
      const mark = client.notificationSeq;
      await s.insertRows([{ id: 'a', cell: node(1) }]);
      await s.deleteRows(['a']); // its didCommit is written before the response
      await s.waitUntilAllUpdatesAreProcessed();
      const methods = [];
      for await (const note of client.notifications({ since: mark, sessionId: s.id, idleTimeout: 100 })) {
        methods.push([note.method, note.params.seq]);
      }
      assert.deepEqual(methods, [['table/didCommit', 1], ['table/didCommit', 2]]);

      const controller = new AbortController();
      const iterator = client.notifications({ signal: controller.signal });
      const next = iterator.next();
      controller.abort(new Error('stop'));
      await assert.rejects(next, /stop/);
      assert.deepEqual(await iterator.next(), { value: undefined, done: true });
    } finally {
      await s.dispose();
    }
  });

  test('waitForNotification: filter, since and timeout', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    try {
      await s.insertRows(rows(3, 10));
      // Commit the insert first: a relayout of a row whose insert is still being laid out coalesces with it and
      // pushes no height change. The two relayouts run concurrently, so their notifications may arrive in either
      // order: wait for both before asserting that nothing else follows.
      await s.waitUntilAllUpdatesAreProcessed();
      const first = s.waitForNotification('table/heightChanged', { filter: (note) => note.params.rowId === 'r0' });
      const third = s.waitForNotification('table/heightChanged', { filter: (note) => note.params.rowId === 'r2' });
      await s.setNeedsLayout('r0', { cell: node(20) });
      await s.setNeedsLayout('r2', { cell: node(40) });
      assert.equal((await third).params.newHeight, 40.5);
      assert.equal((await first).params.newHeight, 20.5);
      await assert.rejects(s.waitForNotification('table/heightChanged', { timeout: 50 }), LayoutdTimeoutError);
    } finally {
      await s.dispose();
    }
  });

  test('interface states and display notifications', async () => {
    const s = await client.createSession({ width: 320, height: 480 });
    try {
      const mark = client.notificationSeq;
      await s.insertRows(rows(20, 99.5));
      await s.waitUntilAllUpdatesAreProcessed();
      const first = client.recentNotifications.filter((n) => n.seq > mark && n.method === 'cell/interfaceStateChanged');
      assert.deepEqual(first[0].params, {
        sessionId: s.id, rowId: 'r0', indexPath: [0, 0], oldState: ['measureLayout'],
        newState: ['measureLayout', 'preload', 'display', 'visible'],
        events: ['didEnterPreload', 'didEnterDisplay', 'didEnterVisible'],
      });
      const displayed = await s.waitForNotification('cell/didDisplay', { since: mark, filter: (n) => n.params.rowId === 'r0' });
      assert.deepEqual(displayed.params, { sessionId: s.id, rowId: 'r0' });
    } finally {
      await s.dispose();
    }
  });

  test('window/logMessage for a cell that fails to lay out (a lenientFonts session)', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false, lenientFonts: true });
    try {
      const logged = client.waitForNotification('window/logMessage');
      await s.insertRows([{ id: 'bad', cell: { type: 'text', text: 'x', fontFamily: 'No Such Font' } }]);
      const note = await logged;
      assert.equal(note.params.type, 1);
      assert.match(note.params.message, new RegExp(`^session "${s.id}": row "bad" failed to lay out: `));
    } finally {
      await s.dispose();
    }
  });
});
