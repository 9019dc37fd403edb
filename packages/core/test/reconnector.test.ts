import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Reconnector, type ReconnectHost } from '../src/session/connection/reconnector.js';

function host(failures: number) {
  const log: string[] = [];
  let attempts = 0;
  const h: ReconnectHost = {
    target: 'app:5678',
    live: true,
    establish: async () => {
      attempts++;
      if (attempts <= failures) throw new Error('refused');
    },
    drop: async () => void log.push('drop'),
    markReconnecting: () => void log.push('reconnecting'),
    giveUp: (reason) => void log.push(`gave up: ${reason}`),
    log: (type) => void log.push(type),
  };
  return { h, log, attempts: () => attempts };
}

test('re-attaches after failed attempts, dropping the connection after each', async () => {
  const { h, log, attempts } = host(1);
  await new Reconnector(h, new AbortController().signal).run('target ended');
  assert.equal(attempts(), 2);
  assert.deepEqual(log, ['reconnecting', 'target-lost', 'drop', 'drop', 'reconnecting', 'reconnected']);
});

test('ending the session stops the attempts at once; a window that runs out gives up', async () => {
  const ending = new AbortController();
  const a = host(1_000);
  const run = new Reconnector(a.h, ending.signal).run('gone');
  setTimeout(() => ending.abort(), 50);
  const started = Date.now();
  await run;
  assert.ok(Date.now() - started < 900, 'did not wait for the next attempt');
  assert.equal(a.attempts(), 0);
  const b = host(1_000);
  await new Reconnector(b.h, new AbortController().signal, 1_500).run('gone');
  assert.ok(b.attempts() >= 1);
  assert.match(b.log[b.log.length - 1]!, /^gave up/);
});
