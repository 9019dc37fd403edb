import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, pyExample, repoRoot } from '../support/gateway.js';

// Display expressions: given once, evaluated at every stop and shown in the same answer.
const cases = [
  { language: 'python', file: pyExample('ledger.py'), line: 'total = acct.post(amount)', display: ['total * 2', 'amount', 'nope'], first: { 'total * 2': '0', amount: '40' }, second: { 'total * 2': '80', amount: '-15' }, missing: /nope=<error: .*nope/ },
  { language: 'node', file: join(repoRoot, 'examples', 'node', 'quick.js'), line: 'values.push(next());', display: ['values.length * 10', 'i', 'nope'], first: { 'values.length * 10': '0', i: '0' }, second: { 'values.length * 10': '10', i: '1' }, missing: /nope=<error: .*nope/ },
  { language: 'java', file: join(repoRoot, 'examples', 'java', 'Ledger.java'), line: 'total = ledger.post(amount);', display: ['total * 2', 'amount', 'nope'], first: { 'total * 2': '0', amount: '40' }, second: { 'total * 2': '80', amount: '-15' }, missing: /nope=<error: .*nope/ },
];

describe('display expressions come with every stop (real adapters)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  for (const c of cases) {
    test(`${c.language}: given at launch, shown at each stop, replaced by debug_status`, async () => {
      const line = lineOf(c.file, c.line);
      const first = await g.ok('debug_launch', { program: c.file, breakpoints: [{ file: c.file, line }], display: c.display, timeoutMs: 60_000 }, 120_000);
      assert.equal(first.structured.state, 'stopped', first.text);
      for (const [k, v] of Object.entries(c.first)) assert.equal(first.structured.display[k], v, first.text);
      assert.match(first.text, new RegExp(`Display: ${c.display[0]!.replace(/\*/g, '\\*')}=0 `), first.text);
      assert.match(first.text, c.missing, first.text);

      const next = await g.ok('debug_continue');
      for (const [k, v] of Object.entries(c.second)) assert.equal(next.structured.display[k], v, next.text);

      const replaced = await g.ok('debug_status', { display: [c.display[1]!] });
      assert.deepEqual(Object.keys(replaced.structured.display), [c.display[1]], replaced.text);
      const step = await g.ok('debug_step', { kind: 'over' });
      assert.deepEqual(Object.keys(step.structured.display ?? {}), [c.display[1]], step.text);

      const none = await g.ok('debug_status', { display: [] });
      assert.equal(none.structured.display, undefined, none.text);
      assert.doesNotMatch(none.text, /Display:/);
      await g.ok('debug_stop');
      await g.ok('debug_breakpoint_remove', { all: true });
    });
  }
});
