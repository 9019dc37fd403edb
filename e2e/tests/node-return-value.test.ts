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

  test('a returned class instance (js-debug names it only by its class: `Box`, `C`) says what it holds, as the locals do', async () => {
    const instances = join(repoRoot, 'e2e', 'fixtures', 'node-returns', 'instances.js');
    const box = await g.ok('debug_trace', { program: instances, file: instances, function: 'box' }, 60_000);
    assert.match(box.text, /^Returned Box \{items: \(1\) \[3\]\}\.$/m, box.text);
    await g.call('debug_stop');
    // a null-prototype object (cookie's NullObject)
    const made = await g.ok('debug_trace', { program: instances, file: instances, function: 'make' }, 60_000);
    assert.match(made.text, /^Returned C \{a: 1, b: 'two'\}\.$/m, made.text);
    await g.call('debug_stop');
    const plain = await g.ok('debug_trace', { program: instances, file: instances, function: 'plain' }, 60_000);
    assert.match(plain.text, /^Returned \{a: 1, b: 2\}\.$/m, plain.text);
    await g.call('debug_stop');
  });

  test("an object's function member reads as its head, not its source text", async () => {
    const routes = join(repoRoot, 'e2e', 'fixtures', 'node-returns', 'routes.js');
    const r = await g.ok('debug_trace', { program: routes, file: routes, function: 'match' }, 60_000);
    // `this` is the route: js-debug names it only `Object`, so dapgate previews its members
    assert.match(r.text, /^Locals at start: .*this=\{name: 'user', test: ƒ match\(input\)\}/m, r.text);
    assert.doesNotMatch(r.text, /test: ƒ match\(input\) \{/, r.text);
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
