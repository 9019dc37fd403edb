import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/** The last line of an answer: debug_test's answers end with the outcome once the runner ended. */
const lastLine = (text: string) => text.trim().split('\n').pop()!;

/**
 * debug_test on a Go module with two packages (a test name in both) and subtests, copied so the
 * test may edit it: package, import path, file and bare-name ids; candidates when an id is
 * ambiguous or names nothing; a fixed source is rebuilt by the next run.
 */
describe('debug_test on a Go module (real go test, real delve)', () => {
  let g: Gateway;
  let mod: string;
  let cartTest: string;
  before(async () => {
    mod = mkdtempSync(join(tmpdir(), 'dapgate-go-tests-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'go-tests'), mod, { recursive: true });
    cartTest = join(mod, 'cart', 'cart_test.go');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(mod, { recursive: true, force: true });
  });

  test('debug_languages shows the Go id forms with examples this file runs', async () => {
    const langs = await g.ok('debug_languages');
    const go = langs.structured.languages.find((l: { id: string }) => l.id === 'go');
    assert.equal(go.testIds, 'cart/cart_test.go::TestTotal | ./cart::TestLineTotals/quarter off | TestLineTotals', langs.text);
  });

  test('debug_launch on a package that is not main says so and how to run its tests instead', async () => {
    const r = await g.call('debug_launch', { program: join(mod, 'cart') });
    assert.ok(r.isError, r.text);
    assert.match(r.text, /package cart, not package main/, r.text);
    assert.match(r.text, /mode.*test/, r.text);
    assert.doesNotMatch(r.text, /not an executable file/, r.text);
  });

  test('a trace from a stopped test whose function delve refuses (an ambiguous name) says so and keeps the stop', async () => {
    const line = lineOf(cartTest, 'total := LineTotal(10, 3, 0.5)');
    const r = await g.ok('debug_test', { test: 'cart/cart_test.go::TestTotal', cwd: mod, breakpoints: [{ file: cartTest, line }] }, 300_000);
    assert.equal(r.structured.stop?.line, line, r.text);
    const t = await g.call('debug_trace', { sessionId: r.structured.sessionId, function: 'String' });
    assert.ok(t.isError, t.text);
    assert.match(t.text, /ambiguous/, t.text);
    const status = await g.ok('debug_status', { sessionId: r.structured.sessionId });
    assert.equal(status.structured.state, 'stopped', status.text);
    assert.equal(status.structured.stop?.line, line, status.text);
    await g.ok('debug_stop');
  });

  test('a name in two packages lists runnable ids; package, import path and file ids run; a test the package lacks lists its tests; a subtest that matches no case says no tests ran', async () => {
    const both = await g.call('debug_test', { test: 'TestTotal', cwd: mod }, 300_000);
    assert.equal(both.isError, true, both.text);
    assert.match(both.text, /'TestTotal' is a test in 2 packages: \.\/cart::TestTotal, \.\/tax::TestTotal[\s\S]*Next: pass one of them as test \(e\.g\. test: "\.\/cart::TestTotal"\)/, both.text);

    const tax = await g.ok('debug_test', { test: './tax::TestTotal', cwd: mod }, 300_000);
    assert.equal(tax.structured.testOutcome.outcome, 'passed', tax.text);
    assert.match(lastLine(tax.text), /^Test outcome: PASSED — from exit code 0 and the runner's summary "--- PASS: TestTotal/, tax.text);
    const byImport = await g.ok('debug_test', { test: 'example.com/shop/tax::TestTotal', cwd: join(mod, 'cart') }, 300_000);
    assert.equal(byImport.structured.testOutcome.outcome, 'passed', byImport.text);

    const byFile = await g.ok('debug_test', { test: 'cart/cart_test.go::TestTotal', cwd: mod }, 300_000);
    assert.match(byFile.text, /failed here:/, byFile.text);
    assert.equal(byFile.structured.failureLocation.line, lineOf(cartTest, 't.Errorf("Total = %v, want %v", total, expected)'), byFile.text);
    assert.equal(byFile.structured.failureLocals.total, '0', byFile.text);
    assert.equal(byFile.structured.failureLocals.expected, '15', byFile.text);
    const failed = await g.ok('debug_continue', {}, 60_000);
    assert.equal(failed.structured.testOutcome.outcome, 'failed', failed.text);
    assert.match(lastLine(failed.text), /^Test outcome: FAILED — from exit code 1 and the runner's summary "--- FAIL: TestTotal[^"]*"; failed: TestTotal\.$/, failed.text);

    const lacks = await g.call('debug_test', { test: './cart::TestNoSuch', cwd: mod }, 300_000);
    assert.equal(lacks.isError, true, lacks.text);
    assert.match(lacks.text, /package cart has no test TestNoSuch; its tests: \.\/cart::TestTotal, \.\/cart::TestLineTotals/, lacks.text);
    const nowhere = await g.call('debug_test', { test: 'TestNowhere', cwd: mod }, 300_000);
    assert.equal(nowhere.isError, true, nowhere.text);
    assert.match(nowhere.text, /no package below .* has a test TestNowhere/, nowhere.text);

    const noCase = await g.ok('debug_test', { test: 'cart/cart_test.go::TestLineTotals/no such case', cwd: mod }, 300_000);
    assert.equal(noCase.structured.testOutcome.outcome, 'no tests ran', noCase.text);
    assert.match(lastLine(noCase.text), /^Test outcome: NO TESTS RAN — from exit code 0 and the runner's summary "testing: warning: no tests to run/, noCase.text);
  });

  test('a subtest id with spaces stops at its t.Fatalf with its locals; fixed, the same id is rebuilt and PASSES', async () => {
    const line = lineOf(cartTest, 't.Fatalf("%s: LineTotal = %v, want %v", c.name, got, c.expected)');
    const byName = await g.ok('debug_test', { test: 'TestLineTotals', cwd: mod }, 300_000);
    assert.equal(byName.structured.failureLocation.line, line, byName.text);
    await g.ok('debug_stop');

    const sub = await g.ok('debug_test', { test: './cart::TestLineTotals/quarter off', cwd: mod }, 300_000);
    assert.equal(sub.structured.failureLocation.line, line, sub.text);
    assert.equal(sub.structured.failureLocals.got, '20', sub.text);
    const failed = await g.ok('debug_continue', {}, 60_000);
    assert.deepEqual(failed.structured.testOutcome.failedTests, ['TestLineTotals', 'TestLineTotals/quarter_off'], failed.text);

    const cart = join(mod, 'cart', 'cart.go');
    const original = readFileSync(cart, 'utf8');
    writeFileSync(cart, original.replace('(1 - discount*2)', '(1 - discount*"2")'));
    const broken = await g.call('debug_test', { test: './cart::TestLineTotals/quarter off', cwd: mod }, 300_000);
    assert.equal(broken.isError, true, broken.text);
    assert.match(broken.text, /go test could not build the tests:[\s\S]*cart\.go:5:\d+: /, broken.text);
    writeFileSync(cart, original.replace('(1 - discount*2)', '(1 - discount)'));
    const fixed = await g.ok('debug_test', { test: './cart::TestLineTotals/quarter off', cwd: mod }, 300_000);
    assert.equal(fixed.structured.testOutcome.outcome, 'passed', fixed.text);
    assert.match(lastLine(fixed.text), /^Test outcome: PASSED — from exit code 0 and the runner's summary "--- PASS: TestLineTotals/, fixed.text);
    assert.match(fixed.text, /--- PASS: TestLineTotals\/quarter_off/, 'that case ran');
  });
});
