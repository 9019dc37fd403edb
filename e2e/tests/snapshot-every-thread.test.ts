import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, repoRoot } from '../support/gateway.js';

const deadlock = join(repoRoot, 'examples', 'java', 'Deadlock.java');

interface Group {
  threadIds: number[];
  noFrames?: string;
}

/**
 * debug_snapshot's "Where they are" counts every thread: one with no frames (the JVM's Signal
 * Dispatcher: no Java frame) is said to have none there, never left out of the count.
 */
describe('debug_snapshot: every thread is placed (real java-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('threads without frames appear in "Where they are", said as such; the places add up to the total', async () => {
    await g.ok('debug_launch', { program: deadlock, wait: false }, 180_000);
    assert.ok(await eventually(async () => /tick/.test((await g.ok('debug_output')).text), 30_000), 'the program ticks');
    const r = await g.ok('debug_snapshot', {}, 120_000);
    const threads = r.structured.threads as { id: number; frames: unknown[] }[];
    const frameless = threads.filter((t) => !t.frames.length).map((t) => t.id);
    assert.ok(frameless.length > 0, `the JVM has threads without Java frames (Signal Dispatcher): ${r.text}`);
    const groups = r.structured.groups as Group[];
    const placed = groups.flatMap((x) => x.threadIds).sort((a, b) => a - b);
    assert.deepEqual(placed, threads.map((t) => t.id).sort((a, b) => a - b), `every thread is in a place: ${r.text}`);
    const where = r.text.slice(r.text.indexOf('Where they are:'), r.text.indexOf('In full'));
    const counted = [...where.matchAll(/^ +(\d+) /gm)].reduce((n, m) => n + Number(m[1]), 0);
    assert.equal(counted, r.structured.total, `the counts add up to every thread: ${r.text}`);
    assert.match(where, new RegExp(`^ +${frameless.length} with no frames reported \\(threads? ${frameless.join(', ')}\\)$`, 'm'), r.text);
    await g.ok('debug_stop', {});
  });
});
