import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const flags = join(repoRoot, 'e2e', 'fixtures', 'removed-while-paused', 'flags.js');
const at = (text: string) => lineOf(flags, text);
const stoppedAt = (text: string) => Number(/stopped at \w+[^\n]*flags\.js:(\d+)/.exec(text)?.[1]);

/**
 * V8 drops a function's break info with its last breakpoint: removed while paused in that function,
 * the next step ran on past lines (js-debug stopped 4 lines later, in the loop, seen on
 * sindresorhus/camelcase). Steps and traces stop on every line whatever is removed meanwhile.
 */
describe('a breakpoint removed while paused in its function (node, real js-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('the next steps stop on each following line', async () => {
    await g.ok('debug_launch', { program: flags, breakpoints: [{ file: flags, line: at('let lower = false;') }] }, 60_000);
    const first = await g.ok('debug_step', { kind: 'over' });
    assert.equal(stoppedAt(first.text), at('let upper = false;'), first.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    const lines = [];
    for (let n = 0; n < 4; n++) lines.push(stoppedAt((await g.ok('debug_step', { kind: 'over' })).text));
    assert.deepEqual(lines, [at('let both = false;'), at('let seen = 0;'), at('for (let i = 0;'), at('for (let i = 0;')]);
    await g.ok('debug_continue');
    await g.call('debug_stop');
  });

  test('a trace from a line breakpoint (removed after its first step) shows every line', async () => {
    const r = await g.ok('debug_trace', { program: flags, file: flags, function: 'flags' }, 60_000);
    for (const text of ['let upper = false;', 'let both = false;', 'let seen = 0;']) {
      assert.match(r.text, new RegExp(`^ +${at(text)} \\| ${text}`, 'm'), r.text);
    }
    assert.match(r.text, new RegExp(`^ +${at('both = lower && upper;')} \\| both = lower && upper; +both: false -> true$`, 'm'), r.text);
    assert.match(r.text, /^Returned\b/m, r.text);
    await g.call('debug_stop');
  });

  test('a continue after such a removal runs to the end: nothing left in the adapter stops it', async () => {
    await g.ok('debug_launch', { program: flags, breakpoints: [{ file: flags, line: at('let lower = false;') }] }, 60_000);
    await g.ok('debug_step', { kind: 'over' });
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_step', { kind: 'over' });
    const end = await g.ok('debug_continue');
    assert.match(end.text, /exited with code 0/, end.text);
    await g.call('debug_stop');
  });
});
