// Row members (heightRange, accessories) and selection against the real daemon. Expected numbers come from UIKit's
// and Texture's rules (Protocol.md "A row's members", "Selection").

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESSORY_WIDTHS, Client, InvalidParamsError, InvalidUpdateError, ops } from '../index.js';
import { node, SKIP } from './support.js';

/** A 2-point Ahem text of `length` glyphs: a word of a's, a space and "bbbb". */
const ahem = (length) => ({ type: 'text', text: `${'a'.repeat(length - 5)} bbbb`, fontFamily: 'Ahem', fontSize: 2 });

describe('rows and selection', { skip: SKIP }, () => {
  let client;
  let session;
  before(async () => {
    client = await Client.start();
    session = await client.createSession({ width: 320, height: 480, interfaceStates: false, allowsMultipleSelection: true });
  });
  after(async () => { await client?.close(); });

  test('a height range clamps; an accessory narrows the layout width', async () => {
    // 10 pt node in [44, ∞) → 44; 300 pt node in [0, 20] → 20; a detailButton leaves 320 − 48 = 272 pt, which holds
    // 136 two-point glyphs: 137 wrap "bbbb" (two 2 pt lines, 4 pt). Rows add the 0.5 pt separator.
    await session.insertRows([
      ops.row(node(10), { id: 'short', heightRange: { min: 44 } }),
      ops.row(node(300), { id: 'capped', heightRange: { max: 20 } }),
      ops.row(ahem(137), { id: 'info', accessoryType: 'detailButton', selectionStyle: 'none' }),
    ]);
    await session.waitUntilAllUpdatesAreProcessed();
    const rows = (await session.describe()).sections[0].rows;
    assert.deepEqual(rows.map((row) => row.height), [44.5, 20.5, 4.5]);
    assert.deepEqual(rows[1].heightRange, { min: 0, max: 20 });
    assert.equal(rows[2].contentWidth, 320 - ACCESSORY_WIDTHS.detailButton);
    assert.equal(rows[2].selectionStyle, 'none');
    await assert.rejects(session.insertRows([ops.row(node(1), { accessoryType: 'chevron' })]), (error) => {
      assert.ok(error instanceof InvalidParamsError);
      assert.match(error.message, /^params\.rows\[0\]\.accessoryType: expected one of "none", /);
      return true;
    });
  });

  test('selection follows rows across a batch and is announced', async () => {
    const changes = [];
    session.on('table/selectionChanged', (params) => changes.push(params));
    await session.reloadData([{ rows: ['a', 'b', 'c'].map((id, index) => ops.row(node(10 * (index + 1)), { id })) }]);
    await session.waitUntilAllUpdatesAreProcessed();
    for (const id of ['a', 'b', 'c']) await session.selectRow(id);
    assert.deepEqual((await session.selectedRows()).map((row) => row.rowId), ['a', 'b', 'c']);
    // Old [a, b, c]: delete c, reload a, move b to the top → [b, a]: b keeps it, a (reloaded) and c (deleted) lose it.
    await session.performBatchUpdates([
      ops.deleteRows(['c']), ops.reloadRows([{ row: 'a', cell: node(5) }]), ops.moveRow('b', [0, 0])]);
    await session.waitUntilAllUpdatesAreProcessed();
    assert.deepEqual(changes.at(-1), {
      sessionId: 's1', selected: [], deselected: ['a', 'c'], rows: [{ rowId: 'b', indexPath: [0, 0] }], seq: 3,
    });
    assert.deepEqual(await session.deselectRow('b'), { rows: [] });
    assert.deepEqual(changes.at(-1).deselected, ['b']);
    await session.setSelectionOptions({ allowsSelection: false });
    await assert.rejects(session.selectRow([0, 0]), InvalidUpdateError);
  });
});

test('ops.row carries a collection item\'s sizeRange as given', () => {
  assert.deepEqual(ops.row(node(1), { id: 'i', sizeRange: { max: { width: 150, height: 80 } } }), {
    cell: node(1), id: 'i', sizeRange: { max: { width: 150, height: 80 } },
  });
});
