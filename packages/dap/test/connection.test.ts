import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { DapConnection } from '../src/connection.js';
import { MessageReader, encodeMessage } from '../src/framing.js';
import { DapClosedError, DapRequestError, DapTimeoutError, DapAbortedError } from '../src/errors.js';

/** A connection wired to an in-memory peer that answers as `answer` says. */
function pair(answer: (req: any, reply: (m: any) => void) => void) {
  const toAdapter = new PassThrough();
  const fromAdapter = new PassThrough();
  const reply = (m: any) => fromAdapter.write(encodeMessage(m));
  const reader = new MessageReader((m) => answer(m, reply), () => undefined);
  toAdapter.on('data', (c: Buffer) => reader.push(c));
  return { connection: new DapConnection(fromAdapter, toAdapter, 200), fromAdapter };
}

test('responses are matched to their requests, whatever the order', async () => {
  const held: any[] = [];
  const { connection } = pair((req, reply) => {
    held.push([req, reply]);
    if (held.length === 2) for (const [r, send] of held.reverse()) send({ seq: 0, type: 'response', request_seq: r.seq, command: r.command, success: true, body: { echo: r.arguments.n } });
  });
  const [a, b] = await Promise.all([connection.request('x', { n: 1 }), connection.request('y', { n: 2 })]);
  assert.equal((a.body as any).echo, 1);
  assert.equal((b.body as any).echo, 2);
});

test('an unanswered request times out with the command named', async () => {
  const { connection } = pair(() => undefined);
  await assert.rejects(connection.request('stackTrace', {}, { timeoutMs: 50 }), (e: Error) => e instanceof DapTimeoutError && /stackTrace/.test(e.message));
  assert.equal(connection.pendingRequests().length, 0);
});

test('closing rejects everything pending and refuses new requests', async () => {
  const { connection } = pair(() => undefined);
  const p = connection.request('threads', {}, { timeoutMs: 10_000 });
  connection.close('adapter exited');
  await assert.rejects(p, DapClosedError);
  await assert.rejects(connection.request('threads'), /adapter exited/);
});

test('the peer ending its stream closes the connection', async () => {
  const { connection, fromAdapter } = pair(() => undefined);
  const p = connection.request('threads', {}, { timeoutMs: 10_000 });
  fromAdapter.end();
  await assert.rejects(p, DapClosedError);
  assert.equal(connection.closed, true);
});

test('a failed response becomes DapRequestError with the adapter message', async () => {
  const { connection } = pair((req, reply) =>
    reply({ seq: 0, type: 'response', request_seq: req.seq, command: req.command, success: false, message: 'x', body: { error: { id: 1, format: 'no frame {id}', variables: { id: '9' } } } }),
  );
  await assert.rejects(connection.request('scopes'), (e: Error) => e instanceof DapRequestError && e.message === 'no frame 9');
});

test('an aborted request rejects at once', async () => {
  const { connection } = pair(() => undefined);
  const ac = new AbortController();
  const p = connection.request('evaluate', {}, { signal: ac.signal, timeoutMs: 10_000 });
  ac.abort();
  await assert.rejects(p, DapAbortedError);
});

test('reverse requests are answered by their handler; unknown ones get an error response', async () => {
  const responses: any[] = [];
  const { connection, fromAdapter } = pair((m) => responses.push(m));
  connection.onReverseRequest('runInTerminal', async (args) => ({ processId: args.n }));
  fromAdapter.write(encodeMessage({ seq: 1, type: 'request', command: 'runInTerminal', arguments: { n: 42 } } as any));
  fromAdapter.write(encodeMessage({ seq: 2, type: 'request', command: 'mystery' } as any));
  await new Promise((r) => setTimeout(r, 50));
  const ok = responses.find((r) => r.request_seq === 1);
  const bad = responses.find((r) => r.request_seq === 2);
  assert.equal(ok.success, true);
  assert.equal(ok.body.processId, 42);
  assert.equal(bad.success, false);
});

test('a reverse request answered after a slow handler takes its seq when sent: seqs go out in increasing order', async () => {
  const sent: any[] = [];
  const { connection, fromAdapter } = pair((m) => sent.push(m));
  let release!: () => void;
  connection.onReverseRequest('runInTerminal', () => new Promise((r) => (release = () => r({ processId: 42 }))));
  const reverse: DebugProtocol.Request = { seq: 1, type: 'request', command: 'runInTerminal', arguments: { args: ['x'] } };
  fromAdapter.write(encodeMessage(reverse));
  await new Promise((r) => setTimeout(r, 20));
  // while the handler runs, dapgate sends requests of its own
  const pending = [connection.request('threads', {}, { timeoutMs: 1_000 }).catch(() => undefined), connection.request('stackTrace', {}, { timeoutMs: 1_000 }).catch(() => undefined)];
  release();
  await new Promise((r) => setTimeout(r, 20));
  connection.close('test over');
  await Promise.all(pending);
  assert.deepEqual(sent.map((m) => m.command), ['threads', 'stackTrace', 'runInTerminal']);
  const seqs = sent.map((m) => m.seq);
  assert.deepEqual(seqs, [...seqs].sort((a, b) => a - b), `seqs in the order sent: ${seqs.join(', ')}`);
  assert.equal(new Set(seqs).size, seqs.length, 'no seq twice');
});
