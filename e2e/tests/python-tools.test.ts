import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Gateway, lineOf, pyExample } from '../support/gateway.js';

const ledger = pyExample('ledger.py');
const nested = pyExample('nested.py');

describe('run_to, set_variable, source, probe, exception filters (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('run_to stops at the line and leaves no breakpoint behind', async () => {
    await g.ok('debug_launch', { program: ledger, stopOnEntry: true });
    const target = lineOf(ledger, 'print("final"');
    const r = await g.ok('debug_run_to', { file: ledger, line: target });
    assert.equal(r.structured.reached, true, r.text);
    assert.equal(r.structured.stop.line, target);
    assert.equal(r.structured.locals.total, '-5', r.text);
    const list = await g.ok('debug_breakpoints');
    assert.equal(list.structured.breakpoints.length, 0, list.text);
    await g.ok('debug_stop');
  });

  test('set_variable changes program state that the program then uses', async () => {
    const line = lineOf(ledger, 'print("final"');
    await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] });
    const set = await g.ok('debug_set_variable', { path: 'total', value: '1234' });
    assert.match(set.text, /total: -5 -> 1234/);
    const nestedSet = await g.ok('debug_set_variable', { path: "meta['region']", value: "'us'" });
    assert.equal(nestedSet.structured.value, "'us'");
    const c = await g.ok('debug_continue');
    assert.match(c.text, /final 1234 us/, c.text);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('source shows numbered lines around the current line or a given one', async () => {
    const line = lineOf(nested, 'amount = order.total()');
    await g.ok('debug_launch', { program: nested, breakpoints: [{ file: nested, line }] });
    const here = await g.ok('debug_source', { context: 1 });
    assert.match(here.text, new RegExp(`> ${line} \\| +amount = order.total\\(\\)`));
    assert.equal(here.text.split('\n').length, 4);
    const there = await g.ok('debug_source', { file: nested, line: 1, context: 0 });
    assert.match(there.text, /> 1 \| """A nested data structure/);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('probe collects locals and expressions at each hit in one call', async () => {
    const line = lineOf(ledger, 'total = acct.post(amount)');
    const r = await g.ok('debug_probe', {
      program: ledger,
      breakpoints: [{ file: ledger, line }],
      expressions: ['amount', 'acct.balance()'],
      maxHits: 4,
    });
    assert.equal(r.structured.hits.length, 4, r.text);
    assert.deepEqual(r.structured.hits.map((h: any) => h.expressions.amount), ['40', '-15', '70', '5']);
    assert.equal(r.structured.hits[2].expressions['acct.balance()'], '24');
    assert.equal(r.structured.state, 'terminated');
    const list = await g.ok('debug_breakpoints');
    assert.equal(list.structured.breakpoints.length, 0, 'probe breakpoints do not outlive the probe');
    const all = await g.ok('debug_probe', { program: ledger, breakpoints: [{ file: ledger, line }], expressions: ['step'], maxHits: 50 });
    assert.equal(all.structured.hits.length, 6);
    assert.match(all.text, /exited with code 0/);
  });

  test('function breakpoints stop on entry to the named function', async () => {
    const r = await g.ok('debug_launch', { program: ledger, breakpoints: [{ function: 'balance' }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.function, 'balance');
    const list = await g.ok('debug_breakpoints');
    assert.match(list.text, /function balance .* verified; hits 1/);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('expectContent refuses a line that is not what the agent thinks, and says where it is', async () => {
    const real = lineOf(ledger, 'fee = 1 if amount < 0 else 0');
    const r = await g.call('debug_breakpoint_set', { file: ledger, line: real - 2, expectContent: 'fee = 1 if amount < 0' });
    assert.equal(r.isError, true);
    assert.match(r.text, new RegExp(`it is on line ${real}`));
    assert.match(r.text, new RegExp(`> +${real - 2} \\|`));
    const ok = await g.ok('debug_breakpoint_set', { file: ledger, line: real, expectContent: 'fee = 1 if amount < 0' });
    assert.match(ok.text, /bp\d+/);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('exception filters: raised stops on a caught exception; the list shows what is active', async () => {
    const raises = pyExample('raises.py');
    const r = await g.ok('debug_launch', { program: raises, stopOnEntry: true });
    const list = await g.ok('debug_exception_breakpoints');
    assert.ok(list.structured.offered.some((f: any) => f.filter === 'raised'), list.text);
    assert.deepEqual(list.structured.active, ['uncaught']);
    const bad = await g.call('debug_exception_breakpoints', { filters: ['nonsense'] });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /offered: .*raised/);
    await g.ok('debug_exception_breakpoints', { filters: ['raised'] });
    const c = await g.ok('debug_continue');
    assert.equal(c.structured.stop.reason, 'exception', c.text);
    assert.equal(c.structured.stop.function, 'parse_port');
    await g.ok('debug_stop', { sessionId: r.structured.sessionId });
  });
});
