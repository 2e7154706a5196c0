// Lifecycle, every typed method and typed errors, against the real daemon.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  Client, ErrorCode, InternalError, InvalidParamsError, InvalidRequestError, InvalidUpdateError, LayoutdError,
  LimitExceededError, MethodNotFoundError, ServerNotInitializedError, Session, UnknownSessionError, ops,
} from '../index.js';
import { BinaryNotFoundError } from '../index.js';
import { daemonChildren, node, rows, SKIP, text } from './support.js';

/** Whether this Node parses `await using` (explicit resource management). */
const AWAIT_USING = (() => {
  try {
    // eslint-disable-next-line no-new-func
    new Function('return async () => { await using x = null; };');
    return true;
  } catch {
    return false;
  }
})();

/** Asserts that `promise` rejects with `Class`, `code` and the exact `message`. */
async function rejectsWith(promise, Class, message) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof Class, `${error?.name}: ${error?.message} is not a ${Class.name}`);
    assert.ok(error instanceof LayoutdError);
    assert.equal(error.code, Class.CODE);
    assert.equal(error.message, message);
    return true;
  });
}

describe('lifecycle', { skip: SKIP }, () => {
  test('start: spawn, initialize, initialized; close: shutdown, exit, status 0', async () => {
    const client = await Client.start({ initializationOptions: { limits: { maxSessions: 4 } } });
    assert.ok(client.alive && client.pid > 0);
    assert.deepEqual(client.serverInfo, { name: 'layoutd', version: '0.1.0' });
    assert.equal(client.initializeResult.protocolVersion, '1.0');
    assert.equal(client.capabilities.limits.maxSessions, 4);
    assert.equal(client.capabilities.tableNode, true);
    const status = await client.close();
    assert.deepEqual(status, { code: 0, signal: null });
    assert.ok(client.closed && !client.alive);
    assert.deepEqual(client.exitStatus, { code: 0, signal: null });
    assert.deepEqual(await client.close(), status, 'close() is idempotent');
  });

  test('initialize: false; errors before and after initialize; retry after bad options', async () => {
    const client = await Client.start({ initialize: false });
    try {
      await rejectsWith(client.createSession({ width: 10, height: 10 }), ServerNotInitializedError, 'server not initialized');
      await rejectsWith(client.initialize({ limits: { maxCellDepth: 65 } }), InvalidParamsError,
        'params.initializationOptions.limits.maxCellDepth: expected an integer in [1, 64], got 65');
      const result = await client.initialize({ fontDirectories: [], limits: { maxSessions: 1 } });
      assert.equal(result.capabilities.limits.maxSessions, 1);
      client.initialized();
      await rejectsWith(client.initialize(), InvalidRequestError, 'server is already initialized');
      await client.createSession({ width: 10, height: 10 });
      await rejectsWith(client.createSession({ width: 10, height: 10 }), LimitExceededError,
        'cannot create a session: 1 sessions are live, the maximum is 1 (maxSessions)');
    } finally {
      await client.close();
    }
  });

  test('shutdown, then every request is refused; exit ends the process with status 0', async () => {
    const client = await Client.start();
    assert.equal(await client.shutdown(), null);
    await rejectsWith(client.request('table/contentSize', { sessionId: 's1' }), InvalidRequestError, 'server is shutting down');
    client.exit();
    const status = await client.connection.exited;
    assert.deepEqual(status, { code: 0, signal: null });
    assert.deepEqual(await client.close(), status);
  });

  test('exit without shutdown: status 1', async () => {
    const client = await Client.start();
    client.exit();
    assert.deepEqual(await client.close(), { code: 1, signal: null });
  });

  test('a failed start leaves nothing running', async () => {
    await rejectsWith(Client.start({ initializationOptions: { limits: { maxCellDepth: 65 } } }), InvalidParamsError,
      'params.initializationOptions.limits.maxCellDepth: expected an integer in [1, 64], got 65');
    assert.deepEqual(daemonChildren(), []);
    await assert.rejects(Client.start({ binary: '/nonexistent/layoutd' }), BinaryNotFoundError);
  });

  test('await using closes the client (where this Node parses it), and Symbol.asyncDispose, what it calls', async () => {
    // Node 18 (Debian 12) does not parse `await using`: there the statement cannot be written by a user either, and
    // the dispose method it would call is what is checked. Neither case is skipped.
    if (AWAIT_USING) {
      const run = new Function('Client', `return (async () => {
        let pid;
        { await using client = await Client.start(); pid = client.pid; }
        return pid;
      })();`);
      const pid = await run(Client);
      assert.deepEqual(daemonChildren().filter((p) => p === pid), []);
    }
    const client = await Client.start();
    const dispose = Symbol.asyncDispose ?? Symbol.for('nodejs.asyncDispose');
    assert.equal(typeof client[dispose], 'function');
    await client[dispose]();
    assert.ok(client.closed);
    assert.equal(client.exitStatus.code, 0);
    assert.deepEqual(daemonChildren().filter((p) => p === client.pid), []);
  });
});

describe('every method', { skip: SKIP }, () => {
  let client;
  before(async () => {
    client = await Client.start();
  });
  after(async () => {
    await client?.close();
  });

  test('createSession / session / dispose', async () => {
    const session = await client.createSession({ width: 320, height: 480, sessionId: 'mine', scale: 3, separators: false });
    assert.ok(session instanceof Session);
    assert.equal(session.id, 'mine');
    assert.equal(client.session('mine'), session);
    await rejectsWith(client.createSession({ viewport: { width: 1, height: 1 }, sessionId: 'mine' }), InvalidParamsError,
      'params.sessionId: session "mine" already exists');
    assert.equal(await session.dispose(), null);
    assert.ok(session.disposed);
    assert.ok(!client.sessions.includes(session));
    await rejectsWith(session.contentSize(), UnknownSessionError, 'unknown session "mine"');
  });

  test('row edits, queries and batch updates', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    try {
      assert.deepEqual(await s.insertRows([{ id: 'a', cell: node(10) }, { id: 'b', cell: node(20) }]), { seq: 1, rowIds: ['a', 'b'] });
      assert.deepEqual(await s.insertRows([{ cell: node(30) }], { section: 0, at: 0 }), { seq: 2, rowIds: ['r1'] });
      assert.deepEqual(await s.waitUntilAllUpdatesAreProcessed(), { seq: 2, contentSize: { width: 320, height: 61.5 } });
      assert.deepEqual(await s.contentSize(), { width: 320, height: 61.5 });
      assert.deepEqual(await s.describe(), {
        seq: 2, contentSize: { width: 320, height: 61.5 },
        sections: [{ rows: [{ id: 'r1', height: 30.5 }, { id: 'a', height: 10.5 }, { id: 'b', height: 20.5 }] }],
      });
      assert.equal((await s.describe({ state: 'pending' })).seq, 2);
      assert.deepEqual(await s.rowFrame('a'), { rowId: 'a', indexPath: [0, 1], frame: { x: 0, y: 30.5, width: 320, height: 10.5 } });
      assert.deepEqual(await s.rowFrame([0, 0]), { rowId: 'r1', indexPath: [0, 0], frame: { x: 0, y: 0, width: 320, height: 30.5 } });
      assert.equal((await s.rowAtPoint(5, 35)).rowId, 'a');
      assert.equal((await s.rowAtPoint({ x: 5, y: 35 })).rowId, 'a');
      assert.equal(await s.rowAtPoint(5, 1000), null);
      assert.deepEqual((await s.rowsInRect(0, 25, 10, 10)).map((r) => r.rowId), ['r1', 'a']);
      assert.deepEqual((await s.rowsInRect({ x: 0, y: 0, width: 1, height: 1000 })).map((r) => r.rowId), ['r1', 'a', 'b']);

      assert.deepEqual(await s.reloadRows([['a', node(5)]]), { seq: 3 });
      assert.deepEqual(await s.reloadRows([{ row: [0, 2], cell: node(6) }]), { seq: 4 });
      assert.deepEqual(await s.moveRow('b', [0, 0]), { seq: 5 });
      assert.deepEqual(await s.deleteRows(['r1']), { seq: 6 });
      await s.waitUntilAllUpdatesAreProcessed();
      assert.deepEqual((await s.describe()).sections, [{ rows: [{ id: 'b', height: 6.5 }, { id: 'a', height: 5.5 }] }]);

      assert.deepEqual(await s.insertSections([{ rows: [{ id: 'c', cell: node(40) }] }], { at: 1 }), { seq: 7, rowIds: [['c']] });
      assert.deepEqual(await s.reloadSections([{ section: 1, rows: [{ id: 'd', cell: node(4) }] }]), { seq: 8, rowIds: [['d']] });
      assert.deepEqual(await s.moveSection(0, 1), { seq: 9 });
      await s.waitUntilAllUpdatesAreProcessed();
      assert.deepEqual((await s.describe()).sections.map((section) => section.rows.map((row) => row.id)), [['d'], ['b', 'a']]);
      assert.deepEqual(await s.deleteSections([0]), { seq: 10 });
      assert.deepEqual(await s.reloadData([{ rows: [{ id: 'x', cell: node(10) }] }, { rows: [{ cell: node(20) }] }]),
        { seq: 11, rowIds: [['x'], ['r2']] });
      const batch = await s.performBatchUpdates([
        ops.insertRows([{ at: [0, 0], id: 'y', cell: node(1) }]),
        ops.reloadRows([['x', node(2)]]),
        ops.moveRow([1, 0], [0, 2]),
      ], { rowCounts: [3, 0] });
      assert.deepEqual(batch, { seq: 12, insertedRowIds: ['y'] });
      await s.waitUntilAllUpdatesAreProcessed();
      assert.deepEqual((await s.describe()).sections.map((section) => section.rows.map((row) => row.id)), [['y', 'x', 'r2'], []]);
      await s.performBatchUpdates([ops.deleteSections([1]), ops.insertSections([{ at: 1, rows: [{ id: 'z', cell: node(3) }] }]),
        ops.reloadSections([{ section: 0, rows: [{ id: 'w', cell: node(3) }] }])]);
      await s.performBatchUpdates([ops.moveSection(0, 1)]);
      await s.performBatchUpdates([ops.deleteRows(['z'])]);
      await s.waitUntilAllUpdatesAreProcessed();
      assert.deepEqual((await s.describe()).sections.map((section) => section.rows.map((row) => row.id)), [[], ['w']]);
    } finally {
      await s.dispose();
    }
  });

  test('sections with headers and footers: sticky positions, element queries, setHeader, grouped', async () => {
    // Plain, width 320, no separators, viewport 60: S0 = header 20 + a 10 → [0, 30); S1 = header cell h 30 + b 100 +
    // footer 8 → [30, 168). Content 168, offsets up to 108.
    const s = await client.createSession({ width: 320, height: 60, separators: false, interfaceStates: false });
    try {
      assert.deepEqual(await s.reloadData([
        { rows: [{ id: 'a', cell: node(10) }], header: ops.header({ height: 20 }) },
        { rows: [{ id: 'b', cell: node(100) }], header: ops.header({ id: 'h', cell: node(30) }), footer: { height: 8 } },
      ]), { seq: 1, rowIds: [['a'], ['b']] });
      assert.deepEqual(await s.waitUntilAllUpdatesAreProcessed(), { seq: 1, contentSize: { width: 320, height: 168 } });
      // Offset 50 lies in S1: h pinned at min(max(30, 50), 168 − 30) = 50; S1's footer (content 160) at
      // max(min(160, 110 − 8), 30) = 102.
      await s.scrollToOffset(50);
      assert.deepEqual(await s.supplementaryFrame(1), {
        kind: 'header', section: 1, rowId: 'h', frame: { x: 0, y: 50, width: 320, height: 30 },
        contentFrame: { x: 0, y: 30, width: 320, height: 30 }, floating: true,
      });
      assert.equal((await s.supplementaryFrame(1, 'footer')).frame.y, 102);
      assert.equal((await s.elementAtPoint(5, 55)).rowId, 'h');
      assert.deepEqual((await s.elementsInRect(0, 50, 320, 60)).map((e) => e.kind), ['header', 'row', 'footer']);
      assert.deepEqual(await s.setHeader(0, null), { seq: 2 });
      assert.deepEqual(await s.setFooter(0, ops.header({ id: 'f', cell: node(4) })), { seq: 3, rowId: 'f' });
      await s.performBatchUpdates([ops.setHeader(1, { height: 6 })]);
      // 168 − 20 + 4 − 30 + 6 = 128.
      assert.deepEqual(await s.waitUntilAllUpdatesAreProcessed(), { seq: 4, contentSize: { width: 320, height: 128 } });
      assert.deepEqual((await s.describe()).sections, [
        { rows: [{ id: 'a', height: 10 }], footer: { type: 'cell', id: 'f', height: 4 } },
        { header: { type: 'fixed', height: 6 }, rows: [{ id: 'b', height: 100 }], footer: { type: 'fixed', height: 8 } },
      ]);
    } finally {
      await s.dispose();
    }
    // Grouped: a section without a header or footer takes the spacing: 12 + 10 + 7 = 29.
    const g = await client.createSession({
      width: 320, height: 60, separators: false, interfaceStates: false, style: 'grouped',
      groupedSectionSpacing: { header: 12, footer: 7 },
    });
    try {
      await g.reloadData([{ rows: [{ id: 'a', cell: node(10) }] }]);
      assert.deepEqual((await g.waitUntilAllUpdatesAreProcessed()).contentSize, { width: 320, height: 29 });
      assert.equal((await g.rowFrame('a')).frame.y, 12);
    } finally {
      await g.dispose();
    }
  });

  test('cells: elementFrames, setNeedsLayout (cell and element forms), displayList', async () => {
    const s = await client.createSession({ width: 60, height: 480, separators: false });
    try {
      const cell = {
        type: 'stack', direction: 'vertical',
        children: [text('hello world', { id: 'title' }), node(20, { id: 'photo' })],
      };
      await s.insertRows([{ id: 'k', cell }]);
      await s.waitUntilAllUpdatesAreProcessed();
      const frames = await s.elementFrames('k');
      assert.equal(frames.rowId, 'k');
      assert.deepEqual(frames.elements.map((e) => e.id), ['title', 'photo']);
      assert.ok(frames.elements[0].lines.length >= 1);
      const only = await s.elementFrames('k', { elements: ['photo'] });
      assert.deepEqual(only.elements.map((e) => e.id), ['photo']);
      await rejectsWith(s.elementFrames('k', { elements: ['nope'] }), InvalidParamsError, 'params.elements[0]: no element with id "nope" in row "k"');

      const height = (await s.rowFrame('k')).frame.height;
      const changed = s.waitForNotification('table/heightChanged');
      assert.deepEqual(await s.setNeedsLayout('k', { element: 'photo', spec: node(50, { id: 'photo' }) }), { seq: 1 });
      const note = await changed;
      assert.equal(note.params.rowId, 'k');
      assert.equal(note.params.oldHeight, height);
      assert.equal(note.params.newHeight, height + 30);
      const again = s.waitForNotification('table/heightChanged');
      await s.setNeedsLayout('k', { cell: node(7) });
      const seven = await again;
      assert.equal(seven.params.newHeight, 7);
      // a displayed row whose layout changed is displayed again, on a background queue: cell/didDisplay follows
      await s.waitForNotification('cell/didDisplay', { since: seven.seq, filter: (n) => n.params.rowId === 'k' });
      await rejectsWith(s.setNeedsLayout('k', { cell: node(1), element: 'photo', spec: node(2) }), InvalidParamsError,
        'params: give either "cell" or "element" with "spec", not both');
      // several rows re-measured as they are, in one call: nothing changed, so nothing is pushed
      const mark = client.notificationSeq;
      assert.deepEqual(await s.setNeedsLayout({ rows: ['k', [0, 0]] }), { seq: 1 });
      await s.waitUntilAllUpdatesAreProcessed();
      assert.deepEqual(client.recentNotifications.filter((n) => n.seq > mark && n.method === 'table/heightChanged'), []);
      // or with a new cell: one pass, and a table/heightChanged for the row that changed
      const grown = s.waitForNotification('table/heightChanged');
      await s.setNeedsLayout({ rows: [{ row: 'k', cell: node(9) }] });
      assert.equal((await grown).params.newHeight, 9);
      await rejectsWith(s.setNeedsLayout('k', { rows: ['k'] }), InvalidParamsError,
        'params: give either "rows" or "row" (with "cell" or "element"), not both');

      const list = await s.displayList('k');
      assert.equal(list.rowId, 'k');
      assert.deepEqual(list.items.map((item) => item.kind), ['rect']);
      const picture = await s.snapshot({ margin: 30 });
      assert.ok(picture.svg.startsWith('<?xml'));
      assert.equal(picture.rows[0].rowId, 'k');
    } finally {
      await s.dispose();
    }
  });

  test('viewport, visibility, application events, ranges and tuning', async () => {
    const s = await client.createSession({ width: 320, height: 480 });
    try {
      await s.insertRows(rows(30, 99.5));
      await s.waitUntilAllUpdatesAreProcessed();
      const tuning = await s.tuningParameters({ mode: 'full', rangeType: 'display' });
      assert.deepEqual(tuning, { leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 0.5 });
      assert.deepEqual(Object.keys(await s.tuningParameters()).sort(), ['full', 'lowMemory', 'minimum', 'visibleOnly']);
      assert.equal(await s.setTuningParameters({ rangeType: 'display', leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 1 }), null);
      assert.deepEqual(await s.tuningParameters({ rangeType: 'display' }), { leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 1 });
      const ranges = await s.ranges();
      assert.equal(ranges.rangeMode, 'minimum');
      assert.equal(ranges.visible, true);
      assert.deepEqual(ranges.visibleRowIds, ['r0', 'r1', 'r2', 'r3', 'r4']);
      assert.deepEqual(ranges.batchContext, { state: 'completed', leadingScreens: 2 }); // batch fetching is off
      assert.deepEqual(ranges.rows[0], { rowId: 'r0', indexPath: [0, 0], state: ['measureLayout', 'preload', 'display', 'visible'] });
      assert.deepEqual(await s.setRangeMode('visibleOnly'), { rangeMode: 'visibleOnly' });
      assert.deepEqual(await s.setVisible(false), { rangeMode: 'visibleOnly' });
      assert.equal((await s.ranges()).visible, false);
      assert.deepEqual(await s.applicationEvent('didEnterBackground'), { rangeMode: 'lowMemory' });
      assert.deepEqual(await s.applicationEvent('willEnterForeground'), { rangeMode: 'visibleOnly' });
      await s.setVisible(true);
      await s.applicationEvent('memoryWarning');
      const viewport = await s.setViewport({ width: 200, contentOffset: 10, contentInset: { top: 0, bottom: 0 } });
      assert.deepEqual(viewport, { seq: 1, relayoutRows: 30, contentOffset: { x: 0, y: 10 } });
      const sized = await s.waitForNotification('table/contentSizeChanged', { since: 0 });
      assert.deepEqual(sized.params.contentSize, { width: 200, height: 3000 });
      assert.deepEqual((await s.setViewport({ height: 400 })).relayoutRows, 0);
      await rejectsWith(s.setViewport({ width: 'wide' }), InvalidParamsError, 'params.viewport.width: expected a number, got a string');
    } finally {
      await s.dispose();
    }
  });

  test('a pager: kind, pages across, scrollToPage and currentPage', async () => {
    const s = await client.createSession({ width: 375, height: 667, kind: 'pager', interfaceStates: false });
    try {
      await s.insertRows(rows(10, 10));
      // 10 pages of 375 x 667 side by side
      assert.deepEqual((await s.waitUntilAllUpdatesAreProcessed()).contentSize, { width: 3750, height: 667 });
      assert.deepEqual((await s.scrollToPage(3)).contentOffset, { x: 1125, y: 0 });
      assert.deepEqual(await s.currentPage(), { page: 3, pageCount: 10 });
      // a drag to 1900 (5.07 pages) settles on page 5
      assert.deepEqual((await s.scrollToOffset(null, { x: 1900 })).contentOffset, { x: 1875, y: 0 });
      assert.deepEqual((await s.scrollBy(null, { dx: -500 })).contentOffset, { x: 1500, y: 0 });
      await rejectsWith(s.scrollToOffset(10), InvalidParamsError, 'params.y: a horizontal pager scrolls along x');
    } finally {
      await s.dispose();
    }
  });

  test('a nested stories row: containerScrollToOffset and containerItems', async () => {
    const s = await client.createSession({ width: 375, height: 667, separators: false, interfaceStates: false });
    try {
      const items = Array.from({ length: 20 }, (_, n) => ({ id: `i${n}`, cell: { type: 'node' } }));
      const stories = {
        type: 'collection', id: 'stories', style: { height: 100 }, items,
        layout: { scrollDirection: 'horizontal', itemSize: { width: 100, height: 100 } },
      };
      await s.insertRows([{ id: 'r0', cell: stories }]);
      await s.waitUntilAllUpdatesAreProcessed();
      // items 100 wide, 10 apart: x 440...815 meets items 4 (440...540) to 7 (770...870)
      assert.deepEqual((await s.containerScrollToOffset('r0', 'stories', { x: 440 })).visibleItemIds, ['i4', 'i5', 'i6', 'i7']);
      const described = await s.containerItems('r0', 'stories');
      assert.deepEqual(described.contentSize, { width: 2190, height: 100 });
      assert.deepEqual(described.items[4].frame, { x: 440, y: 0, width: 100, height: 100 });
    } finally {
      await s.dispose();
    }
  });

  test('a grid: kind collection with a flow layout', async () => {
    const s = await client.createSession({
      width: 320, height: 480, kind: 'collection', interfaceStates: false,
      layout: { itemSize: { width: 100, height: 100 } },
    });
    try {
      await s.insertRows(rows(7, 10));
      // 3 per line ((320 + 10) / 110), columns x 0, 110, 220; 3 lines of 100 with 10 between
      assert.deepEqual((await s.waitUntilAllUpdatesAreProcessed()).contentSize, { width: 320, height: 320 });
      assert.deepEqual((await s.rowFrame([0, 4])).frame, { x: 110, y: 110, width: 100, height: 100 });
    } finally {
      await s.dispose();
    }
  });

  test('scrolling and batch fetching', async () => {
    const s = await client.createSession({ width: 320, height: 480, batchFetching: true });
    try {
      await s.insertRows(rows(30, 99.5));
      await s.waitUntilAllUpdatesAreProcessed();
      const scroll = await s.scrollToOffset(1000);
      assert.deepEqual(scroll.contentOffset, { x: 0, y: 1000 });
      assert.deepEqual(scroll.visibleRowIds, ['r10', 'r11', 'r12', 'r13', 'r14']);
      assert.equal(scroll.rangeMode, 'full');
      assert.deepEqual((await s.scrollBy(-100, { drag: false })).contentOffset, { x: 0, y: 900 });
      // the daemon writes this offset as -0 (−top inset); JavaScript's == does not care
      assert.ok((await s.scrollToRow('r0', { position: 'top' })).contentOffset.y === 0);
      assert.deepEqual((await s.scrollToRow([0, 29], { position: 'bottom' })).contentOffset, { x: 0, y: 2520 });
      await rejectsWith(s.scrollToRow('r0', { position: 'left' }), InvalidParamsError,
        'params.position: expected one of top, middle, bottom, none, got "left"');
      const fetch = await s.waitForNotification('table/willBeginBatchFetch', { since: 0 });
      assert.equal(fetch.params.sessionId, s.id);
      assert.deepEqual(fetch.params.contentSize, { width: 320, height: 0 }); // the empty table, at session/create
      // the insert's commit found that fetch still running: its check was held and runs on completion, at the
      // current offset (the end of the content), so the next fetch begins before the answer
      const mark = client.notificationSeq;
      assert.deepEqual(await s.completeBatchFetching({ finished: true }), { state: 'fetching', leadingScreens: 2 });
      const next = await s.waitForNotification('table/willBeginBatchFetch', { since: mark });
      assert.deepEqual(next.params.contentOffset, { x: 0, y: 2520 });
      assert.deepEqual((await s.ranges()).batchContext, { state: 'fetching', leadingScreens: 2 });
      assert.deepEqual(await s.cancelBatchFetching(), { state: 'cancelled', leadingScreens: 2 });
      // an unchanged value checks nothing; a new one checks (and, at the end of the content, fetches)
      assert.deepEqual(await s.setLeadingScreensForBatching(2), { state: 'cancelled', leadingScreens: 2 });
      assert.deepEqual(await s.setLeadingScreensForBatching(3), { state: 'fetching', leadingScreens: 3 });
      assert.deepEqual((await s.completeBatchFetching(false)).state, 'fetching');
    } finally {
      await s.dispose();
    }
  });
});

describe('typed errors with code and exact message', { skip: SKIP }, () => {
  let client;
  let s;
  before(async () => {
    client = await Client.start({ initializationOptions: { limits: { maxRowsPerSession: 3 } } });
    s = await client.createSession({ width: 320, height: 480 });
    await s.insertRows([{ id: 'a', cell: node(1) }]);
  });
  after(async () => {
    await client?.close();
  });

  test('-32601 method not found', async () => {
    await rejectsWith(client.request('table/teleport', {}), MethodNotFoundError, 'method not found: table/teleport');
  });

  test('-32602 invalid params (types, missing members, ranges, specs, rows)', async () => {
    await rejectsWith(client.createSession({ width: 320, height: 480, scale: 5 }), InvalidParamsError,
      'params.scale: expected a number in [1, 4], got 5');
    await rejectsWith(client.request('table/insertRows', { sessionId: s.id }), InvalidParamsError,
      'params: missing required member "rows"');
    await rejectsWith(client.request('table/insertRows', [1]), InvalidParamsError, 'params: expected an object, got an array');
    await rejectsWith(s.deleteRows(['zz']), InvalidParamsError, 'unknown row id "zz"');
    await rejectsWith(s.rowFrame([0, 5]), InvalidParamsError, 'row [0, 5] out of range (section 0 has 1 rows)');
    await assert.rejects(s.insertRows([{ cell: { type: 'node', style: { width: {} } } }]), (error) => {
      assert.ok(error instanceof InvalidParamsError);
      assert.equal(error.code, ErrorCode.InvalidParams);
      assert.match(error.message, /^params\.rows\[0\]\.cell\.style\.width: /);
      assert.equal(error.method, 'table/insertRows');
      return true;
    });
    await rejectsWith(s.rowsInRect(0, 0, -1, 1), InvalidParamsError, 'params.rect.width: expected a number ≥ 0, got -1');
  });

  test('-32003 unknown session, -32004 invalid update, -32005 limit exceeded', async () => {
    await rejectsWith(client.session('s7').contentSize(), UnknownSessionError, 'unknown session "s7"');
    await rejectsWith(s.insertRows([{ cell: node(1) }], { at: 3 }), InvalidUpdateError,
      'cannot insert row [0, 3]: section 0 has 2 rows after the update');
    await rejectsWith(s.deleteSections([1]), InvalidUpdateError, 'cannot delete section 1: only 1 sections before the update');
    await rejectsWith(s.insertRows(rows(3, 1, 'm')), LimitExceededError,
      `session "${s.id}" would hold 4 rows, more than the maximum of 3 (maxRowsPerSession)`);
  });

  test('-32603 internal error for a cell that cannot be laid out (a lenientFonts session)', async () => {
    const lenient = await client.createSession({ width: 320, height: 480, interfaceStates: false, lenientFonts: true });
    try {
      await lenient.insertRows([{ id: 'bad', cell: text('x', { fontFamily: 'No Such Font' }) }]);
      await assert.rejects(lenient.elementFrames('bad'), (error) => {
        assert.ok(error instanceof InternalError);
        assert.equal(error.code, -32603);
        assert.match(error.message, /^row "bad" failed to lay out: /);
        return true;
      });
      // rowFrame reads the committed state: wait for the insert's commit (elementFrames lays the cell out on its own).
      await lenient.waitUntilAllUpdatesAreProcessed();
      assert.equal((await lenient.rowFrame('bad')).frame.height, 0.5); // height 0 plus the separator
    } finally {
      await lenient.dispose();
    }
  });

  test('-32602 for unknown members and fonts that are not installed, naming the path; nothing changes', async () => {
    /** Rejects with InvalidParamsError whose message starts with `prefix` (the rest lists valid members or fonts). */
    const refused = (promise, prefix, method) => assert.rejects(promise, (error) => {
      assert.ok(error instanceof InvalidParamsError, `${error?.name}: ${error?.message}`);
      assert.equal(error.code, ErrorCode.InvalidParams);
      assert.ok(error.message.startsWith(prefix), error.message);
      if (method) assert.equal(error.method, method);
      return true;
    });
    const before = await s.describe('pending');
    await refused(s.insertRows([{ cell: text('x', { fontsize: 20 }) }]),
      'params.rows[0].cell.fontsize: unknown member of a text element (did you mean "fontSize"?); valid members: ',
      'table/insertRows');
    await refused(s.insertRows([{ cell: node(1), neverShowPlaceHolders: true }]),
      'params.rows[0].neverShowPlaceHolders: unknown member of a row (did you mean "neverShowPlaceholders"?)');
    await refused(s.setNeedsLayout('a', { cell: { type: 'stack', children: [node(1, { colour: 'red' })] } }),
      'params.cell.children[0].colour: unknown member of a node element', 'cell/setNeedsLayout');
    await refused(client.request('session/create', { viewport: { width: 10, height: 10 }, lenientfonts: true }),
      'params.lenientfonts: unknown member of session/create\'s params (did you mean "lenientFonts"?)');
    await refused(s.insertRows([{ id: 'k', cell: text('x', { fontFamily: 'No Such Font' }) }]),
      'params.rows[0].cell.fontFamily: font family "No Such Font" is not installed; the closest installed families are ',
      'table/insertRows');
    assert.deepEqual(await s.describe('pending'), before);
    // a lenientFonts session takes the family (its layout fails) and still refuses the typo
    const lenient = await client.createSession({ width: 320, height: 480, interfaceStates: false, lenientFonts: true });
    try {
      assert.deepEqual((await lenient.insertRows([{ id: 'k', cell: text('x', { fontFamily: 'No Such Font' }) }])).rowIds, ['k']);
      await refused(lenient.insertRows([{ cell: text('x', { fontsize: 20 }) }]), 'params.rows[0].cell.fontsize: unknown member');
    } finally {
      await lenient.dispose();
    }
  });

  test('LayoutdError.fromResponse keeps unknown codes and data', () => {
    const error = LayoutdError.fromResponse({ code: -1, message: 'odd', data: { x: 1 } }, 'm');
    assert.equal(error.constructor, LayoutdError);
    assert.deepEqual([error.code, error.message, error.data, error.method], [-1, 'odd', { x: 1 }, 'm']);
  });
});
