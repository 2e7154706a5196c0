// No orphan processes: after close(), kill(), an unresponsive daemon, and a child Node process that exits
// with its client still open (naturally, via process.exit(), or by an uncaught exception).

import { afterEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { Client, LayoutdConnectionError } from '../index.js';
import {
  BINARY, daemonChildren, node, PACKAGE_ROOT, processGone, processState, SKIP, text, waitGone,
} from './support.js';

const INDEX = path.join(PACKAGE_ROOT, 'index.js');

/** Runs a Node ES-module script (with `Client` imported) in a child process; resolves to its stdout lines. */
function runChild(body, { allowFailure = false } = {}) {
  const script = `import { Client } from ${JSON.stringify(INDEX)};\n${body}`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script],
      { env: { ...process.env, LAYOUTD_BINARY: BINARY }, timeout: 30000 },
      (error, stdout, stderr) => {
        if (error && !allowFailure) reject(new Error(`child failed: ${error.message}\n${stderr}`));
        else resolve({ lines: stdout.trim().split('\n'), code: error?.code ?? 0, stderr });
      });
  });
}

/** After the child exited, its daemon must not run: gone, or (when a killed daemon is reparented to an init
 * that does not reap, as in some containers) a zombie that no longer runs. */
async function waitNotRunning(pid, timeout = 5000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const state = processState(pid);
    if (state === null || state === 'Z') return state;
    if (Date.now() > deadline) return state;
    await new Promise((resolve) => { setTimeout(resolve, 20); });
  }
}

describe('no orphan processes', { skip: SKIP }, () => {
  afterEach(() => {
    assert.deepEqual(daemonChildren(), [], 'a layoutd child process outlived its test');
  });

  test('close(): the daemon is gone and reaped (no /proc entry)', async () => {
    const client = await Client.start();
    const { pid } = client;
    assert.ok(!processGone(pid));
    assert.ok(daemonChildren().includes(pid));
    await (await client.createSession({ width: 10, height: 10 })).insertRows([{ cell: node(1) }]);
    assert.deepEqual(await client.close(), { code: 0, signal: null });
    assert.ok(processGone(pid), `/proc/${pid} still exists`);
  });

  test('close() drops requests still waiting (LayoutdConnectionError) and still exits cleanly', async () => {
    const client = await Client.start();
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    await s.insertRows(Array.from({ length: 5000 }, () => ({ cell: text('hello world '.repeat(20)) })));
    const waiting = s.waitUntilAllUpdatesAreProcessed();
    const closed = client.close();
    const outcome = await waiting.then((result) => result, (error) => error);
    if (outcome instanceof Error) assert.ok(outcome instanceof LayoutdConnectionError, String(outcome));
    assert.equal((await closed).code, 0);
    assert.ok(processGone(client.pid));
    await assert.rejects(s.contentSize(), LayoutdConnectionError);
  });

  test('kill(): pending and later requests fail with LayoutdConnectionError', async () => {
    const client = await Client.start();
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    await s.insertRows(Array.from({ length: 5000 }, () => ({ cell: text('hello world '.repeat(20)) })));
    const waiting = s.waitUntilAllUpdatesAreProcessed();
    client.kill();
    await assert.rejects(waiting, LayoutdConnectionError);
    await assert.rejects(s.contentSize(), LayoutdConnectionError);
    assert.deepEqual(await client.close(), { code: null, signal: 'SIGKILL' });
    assert.ok(processGone(client.pid));
  });

  test('an unresponsive daemon is terminated, then killed, after shutdownTimeout', async () => {
    const client = await Client.start({ shutdownTimeout: 300 });
    const { pid } = client;
    process.kill(pid, 'SIGSTOP'); // it can answer nothing
    const warnings = [];
    const onWarning = (warning) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const status = await client.close();
      assert.equal(status.code, null);
      assert.ok(['SIGTERM', 'SIGKILL'].includes(status.signal), status.signal);
    } finally {
      process.off('warning', onWarning);
      if (!processGone(pid)) process.kill(pid, 'SIGKILL');
    }
    assert.ok(processGone(pid));
    await new Promise((resolve) => { setImmediate(resolve); });
    assert.ok(warnings.some((message) => message.includes(`layoutd (pid ${pid}) did not exit`)), warnings.join('; '));
  });

  test('a child Node process that forgets close() exits on its own; its daemon is shut down and reaped', async () => {
    const { lines } = await runChild(`
      const client = await Client.start();
      const session = await client.createSession({ width: 10, height: 10 });
      await session.insertRows([{ cell: { type: 'node', style: { height: 1 } } }]);
      process.on('exit', () => console.log(client.pid, JSON.stringify(client.exitStatus)));
      // no close(): the event loop runs dry here
    `);
    const [pid, status] = lines.at(-1).split(' ');
    assert.deepEqual(JSON.parse(status), { code: 0, signal: null }, 'shut down with shutdown + exit, not killed');
    assert.ok(await waitGone(Number(pid)), `/proc/${pid} still exists`);
  });

  test('unref(): a client with listeners does not keep the child alive; its daemon is still shut down', async () => {
    const { lines } = await runChild(`
      const client = (await Client.start()).unref();
      client.on('table/didCommit', () => {});
      process.on('exit', () => console.log(client.pid, JSON.stringify(client.exitStatus)));
    `);
    const [pid, status] = lines.at(-1).split(' ');
    assert.equal(JSON.parse(status).code, 0);
    assert.ok(await waitGone(Number(pid)));
  });

  test('process.exit() with an open client: the exit hook kills the daemon', async () => {
    const { lines, code } = await runChild(`
      const client = await Client.start();
      await client.createSession({ width: 10, height: 10 });
      console.log(client.pid);
      process.exit(3);
    `, { allowFailure: true });
    assert.equal(code, 3);
    const state = await waitNotRunning(Number(lines[0]));
    assert.ok(state === null || state === 'Z', `the daemon still runs (state ${state})`);
  });

  test('an uncaught exception with an open client: the daemon does not outlive the process', async () => {
    const { lines, code } = await runChild(`
      const client = await Client.start();
      console.log(client.pid);
      setTimeout(() => { throw new Error('boom'); }, 10);
    `, { allowFailure: true });
    assert.equal(code, 1);
    const state = await waitNotRunning(Number(lines[0]));
    assert.ok(state === null || state === 'Z', `the daemon still runs (state ${state})`);
  });

  test('stderr is drained: a chatty daemon never blocks', async () => {
    const lines = [];
    const client = await Client.start({ args: ['--log-level', 'log'], onStderr: (line) => lines.push(line) });
    try {
      const s = await client.createSession({ width: 320, height: 480 });
      for (let i = 0; i < 3000; i += 1) await s.contentSize(); // far more log than a pipe buffer holds
      const deadline = Date.now() + 10000;
      while (lines.join('\n').length <= 65536 && Date.now() < deadline) {
        await new Promise((resolve) => { setTimeout(resolve, 10); });
      }
      assert.ok(lines.join('\n').length > 65536);
      assert.equal(client.stderrTail.length, 200);
      assert.match(lines[0], /^layoutd: /);
    } finally {
      await client.close();
    }
  });
});
