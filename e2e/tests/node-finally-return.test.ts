import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const program = join(repoRoot, 'e2e', 'fixtures', 'node-finally', 'returns.js');

/**
 * V8 (Node 20) does not stop in the caller after a step over a `return` that leaves a `for…of`
 * loop or passes through `finally`: the program runs on. A trace still ends in the caller.
 */
describe('a return through finally or out of for…of (node, real js-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  for (const fn of ['find', 'guarded']) {
    test(`a trace of ${fn} ends where it returned to, not at the program's exit`, async () => {
      const r = await g.ok('debug_trace', { program, file: program, function: fn }, 60_000);
      assert.doesNotMatch(r.text, /exited/, r.text);
      assert.match(r.text, /^Returned/m, r.text);
      // where the caller goes on: the call's line, or the next one where it has nothing left to do
      assert.match(r.text, /Session s\d+ is stopped at returns\.js:(19|20|21) in .*handle/, r.text);
      await g.call('debug_stop');
    });
  }

  test('a depth-1 trace of the caller shows its own lines after each such call', async () => {
    const r = await g.ok('debug_trace', { program, file: program, function: 'handle', depth: 1 }, 60_000);
    assert.match(r.text, /^ +21 \| const total = a \+ b;/m, r.text);
    assert.match(r.text, /^Returned 60\.$/m, r.text);
    await g.call('debug_stop');
  });

  test('debug_step over such a return stops in the caller, as a step, and stepping goes on', async () => {
    await g.ok('debug_launch', { program, breakpoints: [{ file: program, line: lineOf(program, 'if (v === x) return'), condition: 'v === 2' }] }, 60_000);
    await g.ok('debug_step', { kind: 'over' }); // onto the return itself
    const out = await g.ok('debug_step', { kind: 'over' });
    assert.match(out.text, /stopped at step, returns\.js:(19|20) in .*handle/, out.text);
    assert.doesNotMatch(out.text, /exited|breakpoint/, out.text);
    const fin = await g.ok('debug_step', { kind: 'into' });
    assert.match(fin.text, /returns\.js:12 in .*guarded/, fin.text);
    await g.ok('debug_step', { kind: 'over' }); // into finally
    const back = await g.ok('debug_step', { kind: 'over' });
    assert.match(back.text, /stopped at step, returns\.js:(20|21) in .*handle/, back.text);
    const bps = await g.ok('debug_breakpoints');
    assert.doesNotMatch(bps.text, /:19|:20|:21/, bps.text);
    await g.call('debug_stop');
  });
});
