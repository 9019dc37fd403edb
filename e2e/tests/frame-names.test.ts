import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * js-debug names a frame `<this>.<function>`, `<this>` the first line of what `this` describes as,
 * cut at 64 characters: a function a timer calls has a Timeout for `this`, whose description
 * starts `Timeout {`, so the frame read `Timeout {.work`. Answers name the function as it is
 * (`work`), a method by its class (`Ticker.tick`), never with a fragment of a description (nor a
 * plain object's `Object.`: see node-receivers.test.ts).
 */
const file = join(repoRoot, 'e2e', 'fixtures', 'frame-names', 'timers.js');

describe('frame names (node): a function called by a timer is named as it is', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('stops and stacks name timer callbacks and methods without a cut description of this', async () => {
    const lines = {
      work: lineOf(file, 'const doubled = counter.work(2) * 2;'),
      counterWork: lineOf(file, 'this.count += step;'),
      tick: lineOf(file, 'this.ticks += 1;'),
      later: lineOf(file, '    counter.work(1);'),
      deposit: lineOf(file, 'this.balance += amount;'),
    };
    let r = await g.ok('debug_launch', { program: file, breakpoints: Object.values(lines).map((line) => ({ file, line })) }, 120_000);
    const seen: { line: number; fn: string }[] = [];
    const stacks: string[] = [];
    for (let i = 0; i < 12 && r.structured.state === 'stopped'; i++) {
      seen.push({ line: r.structured.stop.line, fn: r.structured.stop.function });
      stacks.push((await g.ok('debug_stack', {})).text);
      r = await g.ok('debug_continue', { timeoutMs: 30_000 });
    }
    const names = (line: number) => seen.filter((s) => s.line === line).map((s) => s.fn);
    const all = JSON.stringify(seen);
    assert.deepEqual(names(lines.deposit), ['deposit'], `a this whose description is cut at 64 characters: ${all}`);
    assert.deepEqual(names(lines.tick), ['Ticker.tick', 'Ticker.tick'], `a bound method keeps its class: ${all}`);
    assert.deepEqual(names(lines.work), ['work'], `a function a timer calls: ${all}`);
    assert.deepEqual(names(lines.later), ['later'], `a named function expression a timer calls: ${all}`);
    // counter.work called as a method of the object literal, then by a timer (setTimeout(counter.work, 1, 3)), then by later:
    // a plain object is no class (js-debug's `Object.work`), so the function's own name
    assert.deepEqual(names(lines.counterWork), ['work', 'work', 'work'], all);
    for (const text of [all, ...stacks]) assert.doesNotMatch(text, /\{\.|…\.|Timeout \{/, text);
    await g.call('debug_stop');
  });

  test('a trace of a function a timer calls is headed with its name', async () => {
    const r = await g.ok('debug_trace', { program: file, file, line: lineOf(file, 'const doubled = counter.work(2) * 2;') }, 120_000);
    assert.match(r.text, /^Trace of work at timers\.js:\d+/, r.text);
    assert.equal(r.structured.traces[0].function, 'work', r.text);
    assert.doesNotMatch(r.text, /\{\.|Timeout \{/, r.text);
    await g.call('debug_stop');
  });
});
