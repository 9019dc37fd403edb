import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * Node traces read one stack frame per stop (profile trace.stopFrames): a frame is told apart by
 * its name and stack depth, so the depth from a one-frame page must be the one counted where the
 * trace started, also past an async boundary (js-debug builds those frames from the pause itself
 * and counts them in totalFrames; an async parent it would only fetch later makes it claim
 * 1000000 frames, and then the whole stack is read at every stop).
 */
const dir = join(repoRoot, 'e2e', 'fixtures', 'trace-frames');
const TRACE_MS = 240_000;

describe('debug_trace (node): the frame followed by its depth, one frame read a stop', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a function run after an await (its stack has an async boundary) is traced to its return', async () => {
    const file = join(dir, 'after-await.js');
    const r = await g.ok('debug_trace', { program: file, file, function: 'sumTo' }, TRACE_MS);
    const [t] = r.structured.traces;
    assert.equal(t.end.kind, 'returned', r.text);
    assert.equal(t.end.value, '6', r.text);
    const lines = (t.events as { line: number }[]).map((e) => e.line);
    const add = lineOf(file, 'total += i;');
    assert.equal(lines.filter((l) => l === add).length, 3, r.text);
    assert.equal(lines.at(-1), lineOf(file, 'return total;'), r.text);
    await g.ok('debug_stop');
  });

  test('call 2 of a recursive function returns 3 into call 1, which is not traced on', async () => {
    const file = join(dir, 'recurse.js');
    const r = await g.ok('debug_trace', { program: file, file, function: 'sumTo', call: 2 }, TRACE_MS);
    const [t] = r.structured.traces;
    assert.match(JSON.stringify(t.entry), /n=2\b|"n":"2"/, r.text);
    assert.equal(t.end.kind, 'returned', r.text);
    assert.equal(t.end.value, '3', r.text);
    const lines = (t.events as { line: number }[]).map((e) => e.line);
    const own = [lineOf(file, 'if (n === 0)'), lineOf(file, 'const rest = sumTo'), lineOf(file, 'return n + rest;')];
    assert.deepEqual(lines.filter((l) => own.includes(l)), own, r.text);
    // stopped in call 1 (n=3), just after call 2 returned into it; its stack read whole again
    const stack = await g.ok('debug_stack', {});
    assert.match(stack.text, /#0 \S*sumTo at recurse\.js:\d+\n#1 <anonymous> at recurse\.js:/, stack.text);
    assert.match((await g.ok('debug_evaluate', { expression: 'n' })).text, /\b3\b/);
    await g.ok('debug_stop');
  });
});
