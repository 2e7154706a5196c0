// The wire protocol as data: which client method sends which Protocol.md method.

export const PROTOCOL_VERSION = '1.0';

/**
 * Client method (`"Client.name"` or `"Session.name"`) → JSON-RPC method it sends. `Session` methods add the
 * session's `sessionId`. A test checks this table against Protocol.md and against the classes.
 * @type {Readonly<Record<string, string>>}
 */
export const METHODS = Object.freeze({
  // lifecycle (Client)
  'Client.initialize': 'initialize',
  'Client.initialized': 'initialized',
  'Client.shutdown': 'shutdown',
  'Client.exit': 'exit',
  'Client.cancelRequest': '$/cancelRequest',
  // layout-spec documents (LSP text synchronisation)
  'Client.didOpen': 'textDocument/didOpen',
  'Client.didChange': 'textDocument/didChange',
  'Client.didClose': 'textDocument/didClose',
  'Client.hover': 'textDocument/hover',
  'Client.documentSymbols': 'textDocument/documentSymbol',
  'Client.inlayHints': 'textDocument/inlayHint',
  'Client.completions': 'textDocument/completion',
  'Client.codeActions': 'textDocument/codeAction',
  'Client.executeCommand': 'workspace/executeCommand',
  // sessions
  'Client.createSession': 'session/create',
  'Session.dispose': 'session/dispose',
  'Session.setViewport': 'session/setViewport',
  'Session.setVisible': 'session/setVisible',
  'Session.applicationEvent': 'session/applicationEvent',
  // table edits
  'Session.insertRows': 'table/insertRows',
  'Session.deleteRows': 'table/deleteRows',
  'Session.reloadRows': 'table/reloadRows',
  'Session.moveRow': 'table/moveRow',
  'Session.insertSections': 'table/insertSections',
  'Session.deleteSections': 'table/deleteSections',
  'Session.reloadSections': 'table/reloadSections',
  'Session.moveSection': 'table/moveSection',
  'Session.reloadData': 'table/reloadData',
  'Session.setHeader': 'table/setHeader',
  'Session.setFooter': 'table/setFooter',
  'Session.performBatchUpdates': 'table/performBatchUpdates',
  // waiting and queries
  'Session.waitUntilAllUpdatesAreProcessed': 'table/waitUntilAllUpdatesAreProcessed',
  'Session.contentSize': 'table/contentSize',
  'Session.describe': 'table/describe',
  'Session.rowAtPoint': 'table/rowAtPoint',
  'Session.rowsInRect': 'table/rowsInRect',
  'Session.rowFrame': 'table/rowFrame',
  'Session.supplementaryFrame': 'table/supplementaryFrame',
  'Session.elementAtPoint': 'table/elementAtPoint',
  'Session.elementsInRect': 'table/elementsInRect',
  'Session.elementFrames': 'cell/elementFrames',
  'Session.setNeedsLayout': 'cell/setNeedsLayout',
  'Session.displayList': 'cell/displayList',
  'Session.snapshot': 'table/snapshot',
  // scrolling, ranges, batch fetching
  'Session.scrollToOffset': 'table/scrollToOffset',
  'Session.scrollBy': 'table/scrollBy',
  'Session.scrollToPage': 'pager/scrollToPage',
  'Session.currentPage': 'pager/currentPage',
  'Session.containerScrollToOffset': 'container/scrollToOffset',
  'Session.containerItems': 'container/items',
  'Session.scrollToRow': 'table/scrollToRow',
  'Session.completeBatchFetching': 'table/completeBatchFetching',
  'Session.cancelBatchFetching': 'table/cancelBatchFetching',
  'Session.setLeadingScreensForBatching': 'table/setLeadingScreensForBatching',
  'Session.tuningParameters': 'table/tuningParameters',
  'Session.setTuningParameters': 'table/setTuningParameters',
  'Session.setRangeMode': 'table/setRangeMode',
  'Session.ranges': 'table/ranges',
  // selection
  'Session.selectRow': 'table/selectRow',
  'Session.deselectRow': 'table/deselectRow',
  'Session.selectedRows': 'table/selectedRows',
  'Session.setSelectionOptions': 'table/setSelectionOptions',
});

/** JSON-RPC methods the client sends as notifications (no response). */
export const CLIENT_NOTIFICATIONS = Object.freeze([
  'initialized', 'exit', '$/cancelRequest', 'textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose',
]);

/** Server → client notifications (Protocol.md; also `capabilities.notifications`). */
export const NOTIFICATIONS = Object.freeze([
  'table/didCommit',
  'table/heightChanged',
  'table/contentSizeChanged',
  'table/contentOffsetChanged',
  'table/willBeginBatchFetch',
  'cell/interfaceStateChanged',
  'cell/nodeReleased',
  'cell/didDisplay',
  'window/logMessage',
  'table/selectionChanged',
  'table/supplementaryHeightChanged',
  'table/heightsChanged',
  'cell/interfaceStatesChanged',
  'textDocument/publishDiagnostics',
  'window/showMessage',
]);

/** Server → client requests (Protocol.md): `window/showDocument` after `workspace/executeCommand`, sent only to a
 * client that declared `window.showDocument.support`, which this client does not. */
export const SERVER_REQUESTS = Object.freeze(['window/showDocument']);

/** The coalesced notifications (`initializationOptions.notifications: "coalesced"`, Protocol.md "Coalesced
 * notifications"): sent in place of the per-row ones when asked for, so not in `capabilities.notifications`. The
 * client asks for them and expands each with `expandCoalesced`. */
export const COALESCED_NOTIFICATIONS = Object.freeze(['table/heightsChanged', 'cell/interfaceStatesChanged']);

/**
 * The per-row notifications `[method, params]` a coalesced notification stands for, in order (Protocol.md
 * "Coalesced notifications", "Expanding"); any other notification comes back as it is.
 */
export function expandCoalesced(method, params) {
  if (!COALESCED_NOTIFICATIONS.includes(method) || params === null || typeof params !== 'object') {
    return [[method, params]];
  }
  const sessionId = params.sessionId;
  const out = [];
  for (const entry of Array.isArray(params.changes) ? params.changes : []) {
    if (entry === null || typeof entry !== 'object') continue;
    if (method === 'table/heightsChanged') {
      const name = 'indexPath' in entry ? 'table/heightChanged' : 'table/supplementaryHeightChanged';
      out.push([name, { sessionId, ...entry, contentSize: params.contentSize, seq: params.seq }]);
    } else if (entry.released) {
      out.push(['cell/nodeReleased', { sessionId, rowId: entry.rowId, state: entry.state }]);
    } else {
      out.push(['cell/interfaceStateChanged', { sessionId, ...entry }]);
    }
  }
  return out;
}

/** A row's `accessoryType` values (UIKit's `UITableViewCellAccessoryType`) with the points each takes from the
 * width the row's cell is laid out at (Protocol.md "A row's members"). */
export const ACCESSORY_WIDTHS = Object.freeze({
  none: 0, disclosureIndicator: 34, detailDisclosureButton: 68, checkmark: 40, detailButton: 48,
});

/** A row's `selectionStyle` values (UIKit's `UITableViewCellSelectionStyle`). */
export const SELECTION_STYLES = Object.freeze(['none', 'blue', 'gray', 'default']);

/** Interface-state names in Texture's bit order (ASInterfaceState). */
export const INTERFACE_STATES = Object.freeze(['measureLayout', 'preload', 'display', 'visible']);

/** Params without the members that are `undefined` or `null` (optional members left to the daemon). */
export function compact(members) {
  const out = {};
  for (const [key, value] of Object.entries(members)) {
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

/** A ROW as the wire wants it: an id string, or `[section, row]`. */
export function rowParam(row) {
  if (typeof row === 'string') return row;
  if (Array.isArray(row)) return row.map((part) => Number(part));
  return row; // let the daemon name the problem
}
