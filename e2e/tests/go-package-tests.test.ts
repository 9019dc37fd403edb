import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * A Go library (no main package) is debugged through its tests, as in the go-humanize trial:
 * the tools that launch for their own ends (debug_trace, debug_probe) run its tests the way the
 * refusal of `program: <package>` tells them to, and debug_test says when a breakpoint it was
 * given never bound (delve refuses a line with no statement) instead of stopping elsewhere as if
 * nothing had been asked.
 */
describe('a Go package that is not main, through its tests (real go test, real delve)', () => {
  let g: Gateway;
  let mod: string;
  let pkg: string;
  let cartTest: string;
  before(async () => {
    mod = mkdtempSync(join(tmpdir(), 'dapgate-go-pkg-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'go-tests'), mod, { recursive: true });
    pkg = join(mod, 'cart');
    cartTest = join(pkg, 'cart_test.go');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(mod, { recursive: true, force: true });
  });

  test('debug_test names a breakpoint it was given that never bound, where it stopped instead', async () => {
    const noStatement = lineOf(cartTest, 'price    float64'); // a struct field: delve finds no statement there
    const r = await g.ok('debug_test', { test: './cart::TestTotal', cwd: mod, breakpoints: [{ file: cartTest, line: noStatement }] }, 300_000);
    const [id] = r.structured.breakpoints;
    assert.ok(r.structured.failureLocation, r.text);
    assert.match(r.text, new RegExp(`${id} is not bound[^\\n]*could not find statement`), r.text);
    const ended = await g.ok('debug_continue', {}, 60_000);
    assert.equal(ended.structured.testOutcome.outcome, 'failed', ended.text);
    assert.match(ended.text, new RegExp(`never bound in this run: ${id} cart/cart_test.go:${noStatement}`), ended.text);
    assert.doesNotMatch(ended.text, /not bound yet/, `an ended run says "never bound", not "not bound yet": ${ended.text}`);

    const launched = await g.ok('debug_launch', { program: pkg, mode: 'test', args: ['-test.run', '^TestTotal$'], breakpoints: [{ file: cartTest, line: noStatement }] }, 300_000);
    assert.match(launched.structured.state, /^(exited|terminated)$/, launched.text);
    assert.equal(launched.text.match(/could not find statement/g)?.length, 1, `said once, as never bound: ${launched.text}`);
    assert.match(launched.text, /never bound in this run: bp\d+ cart_test\.go:/, launched.text);
  });

  test('a trace from a stop past the last call says the program ran to its end with no further call, not that the name may be wrong', async () => {
    const r = await g.ok('debug_test', { test: './cart::TestTotal', cwd: mod }, 300_000);
    assert.ok(r.structured.failureLocation, r.text);
    const t = await g.ok('debug_trace', { sessionId: r.structured.sessionId, function: 'LineTotal', condition: 'qty == 3' }, 120_000);
    assert.equal(t.structured.traces.length, 0, t.text);
    assert.doesNotMatch(t.text, /names no function|check the name/, `delve bound 'LineTotal' to its line: the name is right: ${t.text}`);
    assert.match(t.text, /with no call of 'LineTotal' where qty == 3 after the trace started/, t.text);
    assert.match(t.text, /ended \((exited|terminated), code 1\)/, t.text);
  });

  test('a value whose long type opens it (an anonymous struct) shows its fields in the locals line, not its type cut short', async () => {
    const r = await g.ok('debug_test', { test: './cart::TestLineTotals/quarter off', cwd: mod }, 300_000);
    assert.match(r.structured.failureLocals.c, /^struct \{/, r.text);
    const locals = r.text.split('\n').filter((l) => l.startsWith('Locals: ')).pop()!;
    assert.match(locals, /\bc=\{name: "quarter off", price: 8, qty: 5, discount: 0\.25, /, r.text);
    await g.ok('debug_stop');
  });

  test('debug_run_to says it reached its line; debug_continue into the test failure says the test failed there, with the test code\'s frame, not an internal breakpoint in testing.go', async () => {
    const line = lineOf(cartTest, 'expected := 15.0');
    const r = await g.ok('debug_test', { test: './cart::TestTotal', cwd: mod, breakpoints: [{ file: cartTest, line }] }, 300_000);
    assert.equal(r.structured.stop?.line, line, r.text);
    // run_to's own breakpoint is no breakpoint the agent set: the answer says the line was reached
    const to = lineOf(cartTest, 'if total != expected {');
    const ran = await g.ok('debug_run_to', { file: cartTest, line: to }, 60_000);
    assert.equal(ran.structured.reached, true, ran.text);
    assert.doesNotMatch(ran.text, /breakpoint bp\d+|removed since/, ran.text);
    assert.match(ran.text, new RegExp(`stopped at the line it ran to, cart/cart_test\\.go:${to}`), ran.text);
    const c = await g.ok('debug_continue', {}, 60_000);
    assert.match(c.text, /stopped where the test failed/, c.text);
    assert.doesNotMatch(c.text, /breakpoint bp\d+/, `the failure breakpoint is no breakpoint the agent knows: ${c.text}`);
    assert.match(c.text, /Where the test failed: cart\/cart_test\.go:9 in cart\.TestTotal \(frame 2/, c.text);
    assert.equal(c.structured.locals?.total, '0', c.text);
    assert.equal(c.structured.raisedAt?.frame, 2, c.text);
    await g.ok('debug_stop');
  });

  test('a test that panics: debug_test says it panicked, and its outcome is FAILED (go test exits 2 on a panic)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-go-panic-'));
    try {
      cpSync(join(repoRoot, 'e2e', 'fixtures', 'go-panic-test'), dir, { recursive: true });
      const source = join(dir, 'digits', 'digits.go');
      const r = await g.ok('debug_test', { test: './digits::TestReversed', cwd: dir }, 300_000);
      assert.equal(r.structured.failureLocation?.line, lineOf(source, "out[j] = byte('0' + v%10)"), r.text);
      // what panicked, read in the panicking frame (delve cannot read gopanic's argument `e` there)
      assert.match(r.text, /The test panicked \(frame \d+, runtime\.gopanic\): [^\n]*boundsError[^\n]*\bx: 2, y: 2\b/, r.text);
      const ended = await g.ok('debug_continue', {}, 60_000);
      assert.match(ended.text, /It panicked: runtime error: index out of range \[2\] with length 2/, ended.text);
      assert.equal(ended.structured.testOutcome?.outcome, 'failed', ended.text);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the refusal of a package that is not main names what debug_trace and debug_probe accept, and both run its tests with it', async () => {
    const refused = await g.call('debug_trace', { program: pkg, function: 'LineTotal' });
    assert.ok(refused.isError, refused.text);
    assert.match(refused.text, /not package main/, refused.text);
    assert.match(refused.text, /mode "test"/, refused.text);

    const args = ['-test.run', '^TestTotal$'];
    const t = await g.ok('debug_trace', { program: pkg, mode: 'test', args, function: 'LineTotal' }, 300_000);
    assert.equal(t.structured.traces?.length, 1, t.text);
    assert.deepEqual(t.structured.traces[0].entry, { price: '10', qty: '3', discount: '0.5' }, t.text);
    assert.match(t.text, /return price \* float64\(qty\)/, t.text);
    await g.call('debug_stop');

    const line = lineOf(join(pkg, 'cart.go'), 'return price * float64(qty)');
    const p = await g.ok('debug_probe', { program: pkg, mode: 'test', args, breakpoints: [{ file: join(pkg, 'cart.go'), line }], expressions: ['discount*2'] }, 300_000);
    assert.equal(p.structured.hits?.length, 1, p.text);
    assert.equal(p.structured.hits[0].expressions['discount*2'], '1', p.text);
  });
});
