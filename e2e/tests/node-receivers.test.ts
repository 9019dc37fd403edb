// js-debug names a frame `<this>.<function>`: a function called plainly in a CommonJS module reads
// `global.make`, one called through module.exports or an object literal `Object.foo`, one called
// through an ES module namespace `Module.make`. Stops, stacks and traces name a function as the
// program names it (`make`); a class's method keeps its class (`Shelf.add`, `Shelf.of`).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const dir = join(repoRoot, 'e2e', 'fixtures', 'node-receivers');
const cjs = join(dir, 'sloppy.cjs');
const esm = join(dir, 'esm.mjs');
const NOISE = /\b(?:global|Object|Module)\.(?!<)/;

describe('node function names carry no receiver that is not a class (real js-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('stops and stacks: plain functions, exports and object-literal methods by name; class methods by class', async () => {
    const at = (text: string) => ({ file: cjs, line: lineOf(cjs, text) });
    const bps = ['return { n };', 'return make(x + 1);', 'return y * 3;', 'return v * 2;', 'this.items.push(item);', 'const s = new Shelf();', 'return v + 1;'].map(at);
    let r = await g.ok('debug_launch', { program: cjs, breakpoints: bps }, 120_000);
    const seen: string[] = [];
    const stacks: string[] = [];
    try {
      for (let i = 0; i < 12 && r.structured.state === 'stopped'; i++) {
        seen.push(r.structured.stop.function);
        stacks.push(r.text, (await g.ok('debug_stack', {})).text);
        r = await g.ok('debug_continue', { timeoutMs: 30_000 });
      }
    } finally {
      await g.call('debug_stop');
    }
    assert.deepEqual(seen, ['make', 'foo', 'make', 'bar', 'twice', 'Shelf.of', 'Shelf.add', 'Shelf.add', 'each', 'each'], JSON.stringify(seen));
    for (const text of stacks) assert.doesNotMatch(text, NOISE, text);
    assert.match(stacks.join('\n'), /#1 main at sloppy\.cjs:\d+/, stacks.join('\n'));
  });

  test('a trace is headed and lists its calls by the names the program uses', async () => {
    const t = await g.ok('debug_trace', { program: cjs, file: cjs, function: 'main' }, 120_000);
    try {
      assert.match(t.text, /^Trace of main at sloppy\.cjs:\d+/, t.text);
      assert.equal(t.structured.traces[0].function, 'main', t.text);
      assert.doesNotMatch(t.text, NOISE, t.text);
    } finally {
      await g.call('debug_stop');
    }
  });

  test('an ES module function called through its namespace is named as declared', async () => {
    let r = await g.ok('debug_launch', { program: esm, breakpoints: [{ file: esm, line: lineOf(esm, 'return { n };') }] }, 120_000);
    const seen: string[] = [];
    try {
      for (let i = 0; i < 4 && r.structured.state === 'stopped'; i++) {
        seen.push(r.structured.stop.function);
        r = await g.ok('debug_continue', { timeoutMs: 30_000 });
      }
    } finally {
      await g.call('debug_stop');
    }
    assert.deepEqual(seen, ['make', 'make'], JSON.stringify(seen));
  });
});
