// METHODS against Protocol.md, and every typed method against the table (no daemon needed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CLIENT_NOTIFICATIONS, COALESCED_NOTIFICATIONS, Client, METHODS, NOTIFICATIONS, SERVER_REQUESTS, Session, ops,
} from '../index.js';
import * as api from '../index.js';
import { documentedMethods, node, PACKAGE_ROOT } from './support.js';

test('METHODS covers every method Protocol.md documents, and nothing else', () => {
  const documented = documentedMethods();
  const known = new Set([...Object.values(METHODS), ...NOTIFICATIONS, ...SERVER_REQUESTS]);
  assert.deepEqual([...documented].filter((name) => !known.has(name)).sort(), [],
    'Protocol.md documents methods the Node client does not wrap');
  assert.deepEqual(Object.values(METHODS).filter((name) => !documented.has(name)).sort(), [],
    'METHODS names methods Protocol.md does not document');
  assert.deepEqual(NOTIFICATIONS.filter((name) => !documented.has(name)), []);
  assert.deepEqual(SERVER_REQUESTS.filter((name) => !documented.has(name)), []);
  for (const name of CLIENT_NOTIFICATIONS) assert.ok(Object.values(METHODS).includes(name), name);
  assert.equal(new Set(Object.values(METHODS)).size, Object.keys(METHODS).length, 'one client method per wire method');
});

test('every server notification is one the daemon announces in capabilities (Protocol.md example)', () => {
  const document = readFileSync(path.join(PACKAGE_ROOT, '..', '..', 'Protocol.md'), 'utf8');
  const match = document.match(/"notifications":\s*\[([^\]]*)\]/);
  assert.ok(match, 'capabilities.notifications in Protocol.md');
  const announced = [...match[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
  // The coalesced ones replace per-row ones when asked for at initialize and are not announced.
  const perRow = NOTIFICATIONS.filter((name) => !COALESCED_NOTIFICATIONS.includes(name));
  assert.deepEqual([...announced].sort(), [...perRow].sort());
});

class RecordingClient extends Client {
  constructor() {
    super();
    this.calls = [];
  }

  async request(method, params, options) {
    this.calls.push([method, params, options]);
    if (method === 'session/create') return { sessionId: params?.sessionId ?? 's1' };
    if (method === 'table/rowsInRect' || method === 'table/selectedRows') return { rows: [] };
    if (method === 'table/elementsInRect') return { elements: [] };
    return null;
  }

  notify(method, params) {
    this.calls.push([method, params]);
  }
}

const cell = node(4);
const SAMPLES = {
  'Client.initialize': [[{ limits: { maxSessions: 2 } }, { processId: null }],
    { processId: null, clientInfo: { name: 'layoutd-node', version: '0.1.0' }, initializationOptions: { notifications: 'coalesced', limits: { maxSessions: 2 } } }],
  'Client.initialized': [[], {}],
  'Client.shutdown': [[], undefined],
  'Client.exit': [[], {}],
  'Client.cancelRequest': [[7], { id: 7 }],
  'Client.didOpen': [['file:///a.json', '{}', 3], { textDocument: { uri: 'file:///a.json', languageId: 'json', version: 3, text: '{}' } }],
  'Client.didChange': [['file:///a.json', 4, [{ text: '[]' }]], { textDocument: { uri: 'file:///a.json', version: 4 }, contentChanges: [{ text: '[]' }] }],
  'Client.didClose': [['file:///a.json'], { textDocument: { uri: 'file:///a.json' } }],
  'Client.hover': [['file:///a.json', 0, 3], { textDocument: { uri: 'file:///a.json' }, position: { line: 0, character: 3 } }],
  'Client.documentSymbols': [['file:///a.json'], { textDocument: { uri: 'file:///a.json' } }],
  'Client.completions': [['file:///a.json', 0, 3], { textDocument: { uri: 'file:///a.json' }, position: { line: 0, character: 3 } }],
  'Client.codeActions': [['file:///a.json', ['source']],
    { textDocument: { uri: 'file:///a.json' }, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, context: { diagnostics: [], only: ['source'] } }],
  'Client.executeCommand': [['layoutd.showSnapshot', [{ uri: 'file:///a.json', width: 320 }]],
    { command: 'layoutd.showSnapshot', arguments: [{ uri: 'file:///a.json', width: 320 }] }],
  'Client.inlayHints': [['file:///a.json', 0, 2],
    { textDocument: { uri: 'file:///a.json' }, range: { start: { line: 0, character: 0 }, end: { line: 2, character: 0 } } }],
  'Client.createSession': [[{ width: 320, height: 480, scale: 3, separators: false, sessionId: 't', interfaceStates: false, batchFetching: true, scrollAnchoring: false, lenientFonts: true }],
    { viewport: { width: 320, height: 480 }, scale: 3, separators: false, sessionId: 't', interfaceStates: false, batchFetching: true, scrollAnchoring: false, lenientFonts: true }],
  'Session.dispose': [[], { sessionId: 's1' }],
  'Session.setViewport': [[{ width: 100, contentOffset: 5, contentInset: { top: 1 }, scrollAnchoring: false }],
    { sessionId: 's1', viewport: { width: 100 }, contentOffset: { y: 5 }, contentInset: { top: 1 }, scrollAnchoring: false }],
  'Session.setVisible': [[false], { sessionId: 's1', visible: false }],
  'Session.applicationEvent': [['memoryWarning'], { sessionId: 's1', event: 'memoryWarning' }],
  'Session.insertRows': [[[{ id: 'a', cell }], { section: 0, at: 0 }], { sessionId: 's1', rows: [{ id: 'a', cell }], section: 0, at: 0 }],
  'Session.deleteRows': [[['a', [0, 1]]], { sessionId: 's1', rows: ['a', [0, 1]] }],
  'Session.reloadRows': [[[['a', cell], { row: [0, 1], cell }]], { sessionId: 's1', rows: [{ row: 'a', cell }, { row: [0, 1], cell }] }],
  'Session.moveRow': [['a', [0, 2]], { sessionId: 's1', from: 'a', to: [0, 2] }],
  'Session.insertSections': [[[{ rows: [] }], { at: 1 }], { sessionId: 's1', sections: [{ rows: [] }], at: 1 }],
  'Session.deleteSections': [[[0]], { sessionId: 's1', sections: [0] }],
  'Session.reloadSections': [[[{ section: 0, rows: [] }]], { sessionId: 's1', sections: [{ section: 0, rows: [] }] }],
  'Session.moveSection': [[0, 1], { sessionId: 's1', from: 0, to: 1 }],
  'Session.reloadData': [[[{ rows: [], header: ops.header({ height: 20 }) }]], { sessionId: 's1', sections: [{ rows: [], header: { height: 20 } }] }],
  'Session.setHeader': [[0, ops.header({ id: 'h', cell }), {}], { sessionId: 's1', section: 0, header: { id: 'h', cell } }],
  'Session.setFooter': [[1, null, {}], { sessionId: 's1', section: 1, footer: null }],
  'Session.performBatchUpdates': [[[ops.deleteRows(['a'])], { rowCounts: [0] }],
    { sessionId: 's1', operations: [{ op: 'deleteRows', rows: ['a'] }], rowCounts: [0] }],
  'Session.waitUntilAllUpdatesAreProcessed': [[], { sessionId: 's1' }],
  'Session.contentSize': [[], { sessionId: 's1' }],
  'Session.describe': [['pending'], { sessionId: 's1', state: 'pending' }],
  'Session.rowAtPoint': [[1, 2], { sessionId: 's1', point: { x: 1, y: 2 } }],
  'Session.rowsInRect': [[{ x: 0, y: 0, width: 10, height: 10 }], { sessionId: 's1', rect: { x: 0, y: 0, width: 10, height: 10 } }],
  'Session.rowFrame': [[[0, 0]], { sessionId: 's1', row: [0, 0] }],
  'Session.supplementaryFrame': [[2, 'footer'], { sessionId: 's1', section: 2, kind: 'footer' }],
  'Session.elementAtPoint': [[1, 2], { sessionId: 's1', point: { x: 1, y: 2 } }],
  'Session.elementsInRect': [[0, 0, 10, 10], { sessionId: 's1', rect: { x: 0, y: 0, width: 10, height: 10 } }],
  'Session.elementFrames': [['a', { elements: ['t'] }], { sessionId: 's1', row: 'a', elements: ['t'] }],
  'Session.setNeedsLayout': [['a', { element: 't', spec: cell }], { sessionId: 's1', row: 'a', element: 't', spec: cell }],
  'Session.displayList': [['a'], { sessionId: 's1', row: 'a' }],
  'Session.snapshot': [[{ rect: { height: 100 }, margin: 30 }], { sessionId: 's1', rect: { height: 100 }, margin: 30 }],
  'Session.scrollToOffset': [[100, { drag: false, velocity: 2 }], { sessionId: 's1', y: 100, drag: false, velocity: 2 }],
  'Session.scrollBy': [[-5], { sessionId: 's1', dy: -5 }],
  'Session.scrollToPage': [[3, { drag: true }], { sessionId: 's1', page: 3, drag: true }],
  'Session.currentPage': [[], { sessionId: 's1' }],
  'Session.containerScrollToOffset': [['r9', 'stories', { x: 440, drag: false }], { sessionId: 's1', row: 'r9', element: 'stories', x: 440, drag: false }],
  'Session.containerItems': [['r9', 'stories'], { sessionId: 's1', row: 'r9', element: 'stories' }],
  'Session.scrollToRow': [['a', { position: 'top', drag: true }], { sessionId: 's1', row: 'a', position: 'top', drag: true }],
  'Session.completeBatchFetching': [[{ finished: false }], { sessionId: 's1', finished: false }],
  'Session.cancelBatchFetching': [[], { sessionId: 's1' }],
  'Session.setLeadingScreensForBatching': [[3], { sessionId: 's1', leadingScreens: 3 }],
  'Session.tuningParameters': [[{ mode: 'full', rangeType: 'display' }], { sessionId: 's1', mode: 'full', rangeType: 'display' }],
  'Session.setTuningParameters': [[{ rangeType: 'preload', leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 2 }],
    { sessionId: 's1', rangeType: 'preload', leadingBufferScreenfuls: 1, trailingBufferScreenfuls: 2 }],
  'Session.setRangeMode': [['lowMemory'], { sessionId: 's1', mode: 'lowMemory' }],
  'Session.ranges': [[], { sessionId: 's1' }],
  'Session.selectRow': [['a'], { sessionId: 's1', row: 'a' }],
  'Session.deselectRow': [[[0, 1]], { sessionId: 's1', row: [0, 1] }],
  'Session.selectedRows': [[], { sessionId: 's1' }],
  'Session.setSelectionOptions': [[{ allowsMultipleSelection: true }], { sessionId: 's1', allowsMultipleSelection: true }],
};

test('every METHODS entry is a method that sends its wire method with the expected params', async () => {
  assert.deepEqual(Object.keys(SAMPLES).sort(), Object.keys(METHODS).sort());
  for (const [qualified, wire] of Object.entries(METHODS)) {
    const [owner, name] = qualified.split('.');
    const Class = owner === 'Client' ? Client : Session;
    assert.equal(typeof Class.prototype[name], 'function', `${qualified} is missing`);
    const client = new RecordingClient();
    const target = owner === 'Client' ? client : client.session('s1');
    const [args, params] = SAMPLES[qualified];
    const controller = new AbortController();
    // the last options object may also carry request options, which never reach the params
    const withSignal = args.length && typeof args.at(-1) === 'object' && !Array.isArray(args.at(-1))
      ? [...args.slice(0, -1), { ...args.at(-1), signal: controller.signal }] : args;
    await target[name](...withSignal);
    assert.equal(client.calls.length, 1, qualified);
    const [method, sent, options] = client.calls[0];
    assert.equal(method, wire, qualified);
    assert.deepEqual(sent, params, qualified);
    if (withSignal !== args && options) assert.equal(options.signal, controller.signal, `${qualified} passes the signal`);
  }
});

test('setNeedsLayout({rows}) sends the rows form (ROW or {row, cell}), request options apart', async () => {
  const client = new RecordingClient();
  const controller = new AbortController();
  await client.session('s1').setNeedsLayout({ rows: ['a', [0, 1], { row: ['0', 2], cell }], signal: controller.signal });
  const [[method, sent, options]] = client.calls;
  assert.equal(method, 'cell/setNeedsLayout');
  assert.deepEqual(sent, { sessionId: 's1', rows: ['a', [0, 1], { row: [0, 2], cell }] });
  assert.equal(options.signal, controller.signal);
});

test('index.d.ts declares every export and every METHODS method', () => {
  const dts = readFileSync(path.join(PACKAGE_ROOT, 'index.d.ts'), 'utf8');
  for (const name of Object.keys(api)) {
    assert.match(dts, new RegExp(`export (declare )?(class|function|const|namespace|interface|type|enum) ${name}\\b`), `index.d.ts lacks ${name}`);
  }
  const body = (className) => {
    const start = dts.indexOf(`export declare class ${className} `);
    assert.ok(start >= 0, className);
    return dts.slice(start, dts.indexOf('\n}\n', start));
  };
  for (const qualified of Object.keys(METHODS)) {
    const [owner, name] = qualified.split('.');
    assert.match(body(owner), new RegExp(`\\n  ${name}\\(`), `index.d.ts: ${qualified}`);
  }
});

test('package.json: an ES module for Node >= 18 without dependencies', () => {
  const pkg = JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8'));
  assert.equal(pkg.type, 'module');
  assert.equal(pkg.engines.node, '>=18');
  assert.equal(pkg.types, './index.d.ts');
  assert.equal(pkg.dependencies, undefined);
  assert.equal(pkg.devDependencies, undefined);
});
