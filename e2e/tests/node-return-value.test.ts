import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const flags = join(repoRoot, 'e2e', 'fixtures', 'removed-while-paused', 'flags.js');

/** js-debug names a returned object only `Object` (no preview): answers show what it holds. */
describe('an object a function returns (node, real js-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a trace says what the object returned holds', async () => {
    const r = await g.ok('debug_trace', { program: flags, file: flags, function: 'flags' }, 60_000);
    assert.match(r.text, /^Returned \{both: true, seen: 2\}\.$/m, r.text);
    await g.call('debug_stop');
  });

  test('a step over the return shows it among the locals, and its name (with a space) is a path', async () => {
    await g.ok('debug_launch', { program: flags, breakpoints: [{ file: flags, line: lineOf(flags, 'return { both, seen };') }] }, 60_000);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.match(step.text, /Return value=\{both: true, seen: 2\}/, step.text);
    const v = await g.ok('debug_variables', { path: 'Return value' });
    assert.match(v.text, /^ +seen = 2 \(number\)$/m, v.text);
    const member = await g.ok('debug_variables', { path: 'Return value.seen' });
    assert.match(member.text, /seen = 2/, member.text);
    await g.call('debug_stop');
  });
});
