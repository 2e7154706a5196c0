// Coalesced notifications: the client asks for them and expands them into the per-row stream.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, expandCoalesced, NOTIFICATIONS } from '../index.js';
import { SKIP } from './support.js';

test('expandCoalesced: heights with the shared members, states and releases in order', () => {
  const size = { width: 200, height: 101 };
  assert.deepEqual(expandCoalesced('table/heightsChanged', {
    sessionId: 's1', seq: 3, contentSize: size,
    changes: [{ rowId: 'q0', indexPath: [0, 0], oldHeight: 80.5, newHeight: 50.5 },
      { kind: 'footer', section: 1, rowId: 'f', oldHeight: 20, newHeight: 10 }],
  }), [
    ['table/heightChanged',
      { sessionId: 's1', rowId: 'q0', indexPath: [0, 0], oldHeight: 80.5, newHeight: 50.5, contentSize: size, seq: 3 }],
    ['table/supplementaryHeightChanged',
      { sessionId: 's1', kind: 'footer', section: 1, rowId: 'f', oldHeight: 20, newHeight: 10, contentSize: size, seq: 3 }],
  ]);
  const exit = { rowId: 'r0', oldState: ['measureLayout', 'visible'], newState: ['measureLayout'], events: ['didExitVisible'] };
  assert.deepEqual(expandCoalesced('cell/interfaceStatesChanged', {
    sessionId: 's1', changes: [exit, { rowId: 'r0', state: ['measureLayout'], released: true }],
  }), [
    ['cell/interfaceStateChanged', { sessionId: 's1', ...exit }],
    ['cell/nodeReleased', { sessionId: 's1', rowId: 'r0', state: ['measureLayout'] }],
  ]);
  assert.deepEqual(expandCoalesced('table/didCommit', { seq: 1 }), [['table/didCommit', { seq: 1 }]]);
});

/** 30 ratio rows, a programmatic scroll, a delete and a width change: every notification but cell/didDisplay. */
async function runSteps(client) {
  const seen = [];
  const listeners = NOTIFICATIONS.filter((m) => m !== 'cell/didDisplay').map((method) => {
    const listener = (params) => seen.push([method, params]);
    client.on(method, listener);
    return [method, listener];
  });
  try {
    const s = await client.createSession({ width: 320, height: 480, batchFetching: false });
    await s.insertRows(Array.from({ length: 30 }, (_, i) => (
      { id: `r${i}`, cell: { type: 'ratio', ratio: 0.3 + (i % 3) * 0.05, child: { type: 'node' } } })));
    await s.waitUntilAllUpdatesAreProcessed();
    await s.scrollToOffset(1000, { drag: false });
    await s.deleteRows(['r10']);
    await s.waitUntilAllUpdatesAreProcessed();
    await s.setViewport({ width: 200 });
    await s.waitUntilAllUpdatesAreProcessed();
  } finally {
    for (const [method, listener] of listeners) client.off(method, listener);
  }
  return seen;
}

test('the expanded stream equals the per-row stream, and the daemon sent the coalesced form', { skip: SKIP }, async () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'layoutd-coalesced-'));
  const trace = path.join(directory, 'trace.jsonl');
  const coalesced = await Client.start({ args: ['--trace', trace] });
  const perRow = await Client.start({ initializationOptions: { notifications: 'perRow' } });
  let expanded;
  let rows;
  try {
    expanded = await runSteps(coalesced);
    rows = await runSteps(perRow);
  } finally {
    await coalesced.close();
    await perRow.close();
  }
  const sent = readFileSync(trace, 'utf8').trim().split('\n').map((line) => JSON.parse(line))
    .filter((entry) => entry.direction === 'out').map((entry) => entry.message.method);
  rmSync(directory, { recursive: true, force: true });
  assert.ok(sent.includes('cell/interfaceStatesChanged') && sent.includes('table/heightsChanged'));
  assert.ok(!sent.includes('cell/interfaceStateChanged') && !sent.includes('table/heightChanged'));
  const methods = new Set(rows.map(([method]) => method));
  for (const method of ['table/heightChanged', 'cell/interfaceStateChanged', 'cell/nodeReleased']) {
    assert.ok(methods.has(method), method);
  }
  assert.deepEqual(expanded, rows);
});
