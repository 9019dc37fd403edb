import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CursorLog, type Entry } from '../src/logs/cursor-log.js';

interface Line extends Entry {
  text: string;
}

test('bounded by count: the oldest are evicted and counted as dropped for a reader behind', () => {
  const log = new CursorLog<Line>(3);
  for (let i = 1; i <= 5; i++) log.append({ text: `l${i}` });
  const r = log.read(0);
  assert.deepEqual(r.entries.map((e) => e.text), ['l3', 'l4', 'l5']);
  assert.equal(r.dropped, 2);
  assert.equal(r.next, 5);
  assert.deepEqual(log.read(r.next).entries, [], 'nothing new after the cursor');
  assert.equal(log.read(3).dropped, 0);
});

test('bounded by weight, but never below one entry', () => {
  const log = new CursorLog<Line>(100, 10, (e) => e.text.length);
  log.append({ text: 'aaaa' });
  log.append({ text: 'bbbb' });
  log.append({ text: 'cccc' });
  assert.deepEqual(log.read().entries.map((e) => e.text), ['bbbb', 'cccc']);
  log.append({ text: 'x'.repeat(50) });
  assert.deepEqual(log.read().entries.map((e) => e.text.length), [50], 'one heavy entry is kept');
});

test('max pages the read and says there is more', () => {
  const log = new CursorLog<Line>(10);
  for (let i = 1; i <= 5; i++) log.append({ text: `l${i}` });
  const first = log.read(0, undefined, 2);
  assert.deepEqual(first.entries.map((e) => e.text), ['l1', 'l2']);
  assert.equal(first.more, true);
  const second = log.read(first.next, undefined, 10);
  assert.deepEqual(second.entries.map((e) => e.text), ['l3', 'l4', 'l5']);
  assert.equal(second.more, false);
  assert.deepEqual(log.tail(2).map((e) => e.text), ['l4', 'l5']);
});

test('waitForNewer is bounded and wakes on append', async () => {
  const log = new CursorLog<Line>(10);
  const started = Date.now();
  await log.waitForNewer(log.cursor, 30);
  assert.ok(Date.now() - started >= 25, 'waited for the bound');
  const woke = log.waitForNewer(log.cursor, 5_000);
  setTimeout(() => log.append({ text: 'now' }), 5);
  await woke;
  assert.equal(log.tail(1)[0]?.text, 'now');
});
