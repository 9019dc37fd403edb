import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageReader, encodeMessage } from '../src/framing.js';

const msg = (n: number) => ({ seq: n, type: 'event', event: 'output', body: { output: `line ${n} ✓ ünïcödé\n` } });

test('frames split at every byte boundary are reassembled', () => {
  const bytes = Buffer.concat([encodeMessage(msg(1) as any), encodeMessage(msg(2) as any)]);
  for (let cut = 1; cut < bytes.length; cut++) {
    const got: number[] = [];
    const r = new MessageReader((m) => got.push(m.seq), (e) => assert.fail(e));
    r.push(bytes.subarray(0, cut));
    r.push(bytes.subarray(cut));
    assert.deepEqual(got, [1, 2], `cut at ${cut}`);
  }
});

test('many frames coalesced in one chunk all arrive, in order', () => {
  const got: number[] = [];
  const r = new MessageReader((m) => got.push(m.seq), (e) => assert.fail(e));
  r.push(Buffer.concat(Array.from({ length: 50 }, (_, i) => encodeMessage(msg(i) as any))));
  assert.deepEqual(got, Array.from({ length: 50 }, (_, i) => i));
});

test('a frame with invalid JSON is reported and the next one still parses', () => {
  const got: number[] = [];
  const errors: string[] = [];
  const r = new MessageReader((m) => got.push(m.seq), (e) => errors.push(e.message));
  r.push(Buffer.concat([Buffer.from('Content-Length: 5\r\n\r\n{bad}'), encodeMessage(msg(7) as any)]));
  assert.deepEqual(got, [7]);
  assert.equal(errors.length, 1);
  assert.match(errors[0]!, /invalid JSON/);
});

test('a header without Content-Length is reported and skipped', () => {
  const got: number[] = [];
  const errors: string[] = [];
  const r = new MessageReader((m) => got.push(m.seq), (e) => errors.push(e.message));
  r.push(Buffer.concat([Buffer.from('X-Nonsense: 1\r\n\r\n'), encodeMessage(msg(3) as any)]));
  assert.deepEqual(got, [3]);
  assert.match(errors[0]!, /without Content-Length/);
});
