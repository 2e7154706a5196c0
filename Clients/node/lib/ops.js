// Builders for `table/performBatchUpdates` operations (Protocol.md, "Table").
//
//   await session.performBatchUpdates([
//     ops.deleteRows([[0, 0]]),
//     ops.insertRows([{ at: [0, 0], id: 'x', cell }]),
//     ops.moveRow('b', [0, 3]),
//   ]);

import { rowParam } from './protocol.js';

/**
 * One new row: {id?, cell, at?, neverShowPlaceholders?, heightRange?, accessoryType?, selectionStyle?,
 * separatorInset?, sizeRange?} from `row(cell, {id, at, neverShowPlaceholders, heightRange, accessoryType,
 * selectionStyle, separatorInset, sizeRange})`. `heightRange: {min?, max?}` is Texture's `constrainedSizeForRowAtIndexPath:` (the width stays
 * the table's); `accessoryType` narrows the width the cell is laid out at (see ACCESSORY_WIDTHS); `selectionStyle`
 * and `separatorInset: {left?, right?}` change only how the row is drawn. A collection's item takes `sizeRange:
 * {min?: {width?, height?}, max?: {width?, height?}}` instead, Texture's `constrainedSizeForItemAtIndexPath:`
 * (measured in it, placed at the size it measured). A row keeps them for its life.
 */
export function row(cell, options = {}) {
  const entry = { cell };
  if (options.id !== undefined) entry.id = options.id;
  if (options.at !== undefined) entry.at = rowParam(options.at);
  const keys = ['neverShowPlaceholders', 'heightRange', 'accessoryType', 'selectionStyle', 'separatorInset', 'sizeRange'];
  for (const key of keys) {
    if (options[key] !== undefined && options[key] !== null) entry[key] = options[key];
  }
  return entry;
}

/** `insertRows`: rows = [{at: [section, row] (new space), id?, cell, neverShowPlaceholders?, heightRange?, …}]. */
export function insertRows(rows) {
  return { op: 'insertRows', rows: [...rows] };
}

/** `deleteRows`: rows by id or old-space `[section, row]`. */
export function deleteRows(rows) {
  return { op: 'deleteRows', rows: [...rows].map(rowParam) };
}

/** `reloadRows`: [{row, cell?}] objects, `[row, cell]` pairs or bare ROWs (re-measured as they are). */
export function reloadRows(rows) {
  return {
    op: 'reloadRows',
    rows: [...rows].map((item) => {
      if (typeof item === 'string') return { row: item };
      if (Array.isArray(item)) {
        if (item.length === 2 && typeof item[1] === 'object' && item[1] !== null) return { row: rowParam(item[0]), cell: item[1] };
        return { row: rowParam(item) };
      }
      return { ...item, row: rowParam(item.row) };
    }),
  };
}

/** `moveRow`: `from` in the old space, `to` = [section, row] in the new. */
export function moveRow(from, to) {
  return { op: 'moveRow', from: rowParam(from), to: rowParam(to) };
}

/**
 * A section header or footer (HF): `{height}` (fixed, UIKit's `heightForHeaderInSection:`) or `{id?, cell}` (laid out
 * like a row at the table width). Give exactly one of `height` and `cell`.
 */
export function header({ height, cell, id } = {}) {
  if ((height === undefined) === (cell === undefined)) throw new TypeError('give either height or cell');
  if (height !== undefined) return { height };
  return id === undefined ? { cell } : { id, cell };
}

/** `setHeader`: the header of new-space section `section` (`null` removes it). */
export function setHeader(section, value) {
  return { op: 'setHeader', section, header: value ?? null };
}

/** `setFooter`: the footer of new-space section `section` (`null` removes it). */
export function setFooter(section, value) {
  return { op: 'setFooter', section, footer: value ?? null };
}

/** `insertSections`: sections = [{at: index, rows: [{id?, cell}], header?, footer?}]. */
export function insertSections(sections) {
  return { op: 'insertSections', sections: [...sections] };
}

/** `deleteSections`: old-space indexes. */
export function deleteSections(sections) {
  return { op: 'deleteSections', sections: [...sections] };
}

/** `reloadSections`: sections = [{section: index, rows: [{id?, cell}], header?, footer?}]. */
export function reloadSections(sections) {
  return { op: 'reloadSections', sections: [...sections] };
}

/** `moveSection`: `from` in the old space, `to` in the new. */
export function moveSection(from, to) {
  return { op: 'moveSection', from, to };
}
