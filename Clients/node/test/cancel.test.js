// Request cancellation: AbortSignal → $/cancelRequest, PendingRequest.cancel(), timeouts.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, LayoutdTimeoutError, RequestCancelledError } from '../index.js';
import { SKIP, text } from './support.js';

/** Records every message the client writes to the daemon. */
function spyOnWrites(client) {
  const sent = [];
  const { stdin } = client.connection.child;
  const write = stdin.write.bind(stdin);
  stdin.write = (chunk, ...rest) => {
    const body = chunk.toString('utf8');
    sent.push(JSON.parse(body.slice(body.indexOf('\r\n\r\n') + 4)));
    return write(chunk, ...rest);
  };
  return sent;
}

const heavyRows = (count) => Array.from({ length: count }, () => ({ cell: text('hello world '.repeat(20)) }));

describe('cancellation', { skip: SKIP }, () => {
  let client;
  let sent;
  before(async () => {
    client = await Client.start();
    sent = spyOnWrites(client);
  });
  after(async () => {
    await client?.close();
  });

  test('aborting a waiting request sends $/cancelRequest and rejects with -32800 "request cancelled"', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    try {
      // The wait is cancelled while the rows are still being laid out; on a machine so fast that the layout
      // finished first, the wait is simply answered: try again with more rows.
      for (const [attempt, count] of [[1, 5000], [2, 10000], [3, 20000]]) {
        await s.insertRows(heavyRows(count));
        const controller = new AbortController();
        const waiting = s.waitUntilAllUpdatesAreProcessed({ signal: controller.signal });
        controller.abort();
        try {
          await waiting;
          continue;
        } catch (error) {
          assert.ok(error instanceof RequestCancelledError, String(error));
          assert.equal(error.code, -32800);
          assert.equal(error.message, 'request cancelled');
          assert.equal(error.data, undefined, 'the answer came from the daemon');
          const request = sent.findLast((m) => m.method === 'table/waitUntilAllUpdatesAreProcessed');
          assert.deepEqual(sent.findLast((m) => m.method === '$/cancelRequest'),
            { jsonrpc: '2.0', method: '$/cancelRequest', params: { id: request.id } });
          assert.equal((await s.waitUntilAllUpdatesAreProcessed()).seq, attempt);
          return;
        }
      }
      assert.fail('the wait was never cancelled');
    } finally {
      await s.dispose();
    }
  });

  test('sendRequest().cancel() and client.cancelRequest(id)', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    try {
      for (const count of [5000, 10000, 20000]) {
        await s.insertRows(heavyRows(count));
        const pending = client.sendRequest('table/waitUntilAllUpdatesAreProcessed', { sessionId: s.id });
        assert.equal(typeof pending.id, 'number');
        client.cancelRequest(pending.id);
        const outcome = await pending.promise.then(() => 'answered', (error) => error);
        if (outcome === 'answered') continue;
        assert.ok(outcome instanceof RequestCancelledError);
        assert.equal(outcome.message, 'request cancelled');
        break;
      }
      await s.insertRows(heavyRows(2000));
      const pending = client.sendRequest('table/waitUntilAllUpdatesAreProcessed', { sessionId: s.id });
      pending.cancel();
      pending.cancel(); // once only
      assert.equal(sent.filter((m) => m.method === '$/cancelRequest' && m.params.id === pending.id).length, 1);
      await pending.promise.catch((error) => assert.ok(error instanceof RequestCancelledError));
    } finally {
      await s.dispose();
    }
  });

  test('an already aborted signal rejects at once without sending anything', async () => {
    const before = sent.length;
    const error = await client.request('table/contentSize', { sessionId: 'nope' }, { signal: AbortSignal.abort() })
      .catch((e) => e);
    assert.ok(error instanceof RequestCancelledError);
    assert.deepEqual(error.data, { local: true });
    assert.equal(sent.length, before);
  });

  test('aborting after the answer changes nothing', async () => {
    const s = await client.createSession({ width: 320, height: 480 });
    const controller = new AbortController();
    const size = await s.contentSize({ signal: controller.signal });
    controller.abort();
    assert.deepEqual(size, { width: 320, height: 0 });
    await s.dispose();
  });

  test('timeout: $/cancelRequest is sent and LayoutdTimeoutError raised; the next answer still matches', async () => {
    const s = await client.createSession({ width: 320, height: 480, interfaceStates: false });
    try {
      await s.insertRows(heavyRows(5000));
      await assert.rejects(s.waitUntilAllUpdatesAreProcessed({ timeout: 1 }), LayoutdTimeoutError);
      const request = sent.findLast((m) => m.method === 'table/waitUntilAllUpdatesAreProcessed');
      assert.ok(sent.some((m) => m.method === '$/cancelRequest' && m.params.id === request.id));
      assert.equal((await s.waitUntilAllUpdatesAreProcessed()).seq, 1);
    } finally {
      await s.dispose();
    }
  });
});
