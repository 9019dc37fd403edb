import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { DapConnection } from '@dapgate/dap';
import { TrafficQuiet } from '../src/session/connection/traffic-quiet.js';

function connection() {
  const toClient = new PassThrough();
  const fromClient = new PassThrough();
  const sent: { seq: number; command: string }[] = [];
  fromClient.on('data', (b: Buffer) => {
    for (const part of b.toString('utf8').split(/Content-Length: \d+\r\n\r\n/).filter(Boolean)) sent.push(JSON.parse(part));
  });
  const c = new DapConnection(toClient, fromClient, 2_000);
  const answer = (seq: number, command: string) => {
    const body = JSON.stringify({ seq: 100 + seq, type: 'response', request_seq: seq, command, success: true });
    toClient.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  };
  return { c, sent, answer };
}

test('quiet time: none while a request is pending, counted from the last request sent, closed connections ignored', async () => {
  const quiet = new TrafficQuiet();
  const a = connection();
  const b = connection();
  quiet.watch(a.c);
  quiet.watch(b.c);
  assert.ok(quiet.quietMs() > 1e9, 'no request yet: quiet since ever');
  const pending = a.c.request('threads');
  await new Promise((r) => setImmediate(r));
  assert.equal(quiet.quietMs(), 0, 'a request is pending');
  a.answer(a.sent[0]!.seq, 'threads');
  await pending;
  const sentAt = a.c.lastRequestAt;
  assert.equal(quiet.quietMs(sentAt + 700), 700);
  const stuck = b.c.request('evaluate', { expression: 'x' });
  await new Promise((r) => setImmediate(r));
  assert.equal(quiet.quietMs(), 0, 'pending on any watched connection');
  b.c.close('gone');
  await assert.rejects(stuck);
  assert.equal(quiet.quietMs(sentAt + 700), 700, 'a closed connection no longer counts');
  a.c.close('done');
});
