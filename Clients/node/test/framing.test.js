// LSP framing, errors and binary lookup (no daemon needed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BinaryNotFoundError, encodeMessage, errorClassForCode, ErrorCode, findBinary, FrameDecoder, FramingError,
  InvalidParamsError, LayoutdError, RequestCancelledError,
} from '../index.js';

test('encodeMessage: Content-Length counts UTF-8 bytes', () => {
  const frame = encodeMessage({ jsonrpc: '2.0', method: 'x', params: { text: 'héllo 字' } });
  const text = frame.toString('utf8');
  const [header, body] = text.split('\r\n\r\n');
  assert.equal(header, `Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
  assert.deepEqual(JSON.parse(body).params.text, 'héllo 字');
});

test('FrameDecoder: split anywhere, several per chunk, other headers and any case', () => {
  const messages = [{ id: 1, result: 'é' }, { method: 'n', params: {} }, [{ id: 2, result: null }]];
  const bytes = Buffer.concat([
    encodeMessage(messages[0]),
    Buffer.from('content-length: 29\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{"method":"n","params":{}}   '),
    encodeMessage(messages[2]),
  ]);
  for (let step = 1; step <= bytes.length; step += 7) {
    const decoder = new FrameDecoder();
    const out = [];
    for (let i = 0; i < bytes.length; i += step) out.push(...decoder.push(bytes.subarray(i, i + step)));
    assert.deepEqual(out, messages);
    assert.equal(decoder.pendingBytes, 0);
  }
});

test('FrameDecoder: bad frames are FramingErrors', () => {
  assert.throws(() => new FrameDecoder().push(Buffer.from('Content-Type: x\r\n\r\n{}')), FramingError);
  assert.throws(() => new FrameDecoder().push(Buffer.from('Content-Length: 2\r\n\r\n{x')), FramingError);
  assert.throws(() => new FrameDecoder().push(Buffer.from('Content-Length: abc\r\n\r\n')), FramingError);
});

test('typed errors: one class per code', () => {
  for (const [name, code] of Object.entries(ErrorCode)) {
    const error = LayoutdError.fromResponse({ code, message: `m ${name}`, data: { n: 1 } }, 'table/x');
    const Class = errorClassForCode(code);
    assert.ok(error instanceof Class && error instanceof LayoutdError && error instanceof Error, name);
    assert.equal(Class.CODE, code);
    assert.deepEqual([error.code, error.message, error.data, error.method], [code, `m ${name}`, { n: 1 }, 'table/x']);
    assert.equal(error.name, Class.name);
  }
  assert.equal(new InvalidParamsError('x').code, -32602);
  assert.equal(String(new RequestCancelledError('request cancelled', undefined, { method: 'm' })),
    'RequestCancelledError: m: request cancelled (-32800)');
});

test('findBinary: LAYOUTD_BINARY, then the repository builds, then PATH; a clear error listing the paths', (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'layoutd-find-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const fake = (file) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o755);
    return file;
  };
  const release = path.join(root, '.build', 'release', 'layoutd');
  const debug = fake(path.join(root, '.build', 'debug', 'layoutd'));
  const onPath = fake(path.join(root, 'bin', 'layoutd'));
  const env = { PATH: path.join(root, 'bin') };
  assert.equal(findBinary(undefined, { env: { ...env, LAYOUTD_BINARY: onPath }, roots: [root] }), onPath);
  assert.equal(findBinary(undefined, { env, roots: [root] }), debug);
  fake(release);
  assert.equal(findBinary(undefined, { env, roots: [root] }), release);
  assert.equal(findBinary(undefined, { env, roots: [] }), onPath);
  assert.equal(findBinary(debug), debug);

  const missing = path.join(root, 'nope');
  assert.throws(() => findBinary(undefined, { env: { LAYOUTD_BINARY: missing }, roots: [root] }), (error) => {
    assert.ok(error instanceof BinaryNotFoundError);
    assert.deepEqual(error.tried, [`${missing} (from LAYOUTD_BINARY)`]);
    return true;
  });
  const empty = mkdtempSync(path.join(tmpdir(), 'layoutd-none-'));
  t.after(() => rmSync(empty, { recursive: true, force: true }));
  assert.throws(() => findBinary(undefined, { env: { PATH: '/nonexistent' }, roots: [empty] }), (error) => {
    assert.ok(error instanceof BinaryNotFoundError);
    assert.deepEqual(error.tried, ['$LAYOUTD_BINARY (not set)', path.join(empty, '.build', 'release', 'layoutd'),
      path.join(empty, '.build', 'debug', 'layoutd'), 'layoutd on PATH (/nonexistent)']);
    assert.match(error.message, /^layoutd binary not found; build it with `swift build -c release` or set LAYOUTD_BINARY\. Tried:\n {2}\$LAYOUTD_BINARY \(not set\)\n/);
    return true;
  });
  assert.throws(() => findBinary(missing), BinaryNotFoundError);
});
