import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { boundedOnce } from '../src/session/bounded-wait.js';

test('boundedOnce: the awaited emission (the first that `until` passes), a timeout, a cancel, an error; no listener left behind', async () => {
  const e = new EventEmitter();
  setTimeout(() => {
    e.emit('state', 'running');
    e.emit('state', 'stopped', 2);
  }, 5);
  assert.deepEqual(await boundedOnce(e, 'state', { timeoutMs: 1_000, until: (s) => s === 'stopped' }), { outcome: 'done', value: ['stopped', 2] });
  assert.deepEqual(await boundedOnce(e, 'state', { timeoutMs: 10 }), { outcome: 'timeout' });
  assert.deepEqual(await boundedOnce(e, 'state', { timeoutMs: 1_000, signal: AbortSignal.abort() }), { outcome: 'cancelled' });
  const c = new AbortController();
  setTimeout(() => c.abort(), 5);
  assert.deepEqual(await boundedOnce(e, 'state', { timeoutMs: 1_000, signal: c.signal }), { outcome: 'cancelled' });
  setTimeout(() => e.emit('error', new Error('boom')), 5);
  await assert.rejects(boundedOnce(e, 'state', { timeoutMs: 1_000 }), /boom/);
  setTimeout(() => e.emit('state', 'x'), 5);
  await assert.rejects(
    boundedOnce(e, 'state', {
      timeoutMs: 1_000,
      until: () => {
        throw new Error('until failed');
      },
    }),
    /until failed/,
  );
  assert.equal(e.listenerCount('state'), 0);
  assert.equal(e.listenerCount('error'), 0);
});
