import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';

const py = join(repoRoot, 'examples', 'python');
const node = join(repoRoot, 'examples', 'node');
const java = join(repoRoot, 'examples', 'java');
const rust = join(repoRoot, 'examples', 'rust');
const go = join(repoRoot, 'examples', 'go');

/** The last line of an answer: debug_test's answers end with the outcome once the runner ended. */
const lastLine = (text: string) => text.trim().split('\n').pop()!;

describe('debug_test: one test under the debugger (real adapters, real runners)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('pytest: stops at the failing assert with the failing values; continue reports FAILED', async () => {
    const file = join(py, 'tests', 'test_cart.py');
    const r = await g.ok('debug_test', { test: 'tests/test_cart.py::test_discounted_total', cwd: py }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop?.reason, 'exception', r.text);
    assert.equal(r.structured.stop.line, lineOf(file, 'assert total == expected'), r.text);
    assert.equal(r.structured.failureFrame, 0, r.text);
    assert.equal(r.structured.locals.total, '-160.0', r.text);
    assert.equal(r.structured.locals.expected, '38.0', r.text);
    assert.match(r.text, /assert -160\.0 == 38\.0/);
    assert.ok(!('@py_assert1' in r.structured.locals), 'pytest rewrite temporaries are hidden');
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.equal(end.structured.testOutcome.exitCode, 1, end.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(tests\/test_cart\.py::test_discounted_total\), 0 passed/, end.text);
  });

  test('pytest: a breakpoint in the code under test stops first; a passing test reports PASSED', async () => {
    const cart = join(py, 'cart.py');
    const line = lineOf(cart, 'return round(price * qty * (1 - discount), 2)');
    const r = await g.ok('debug_test', { test: 'tests/test_cart.py::test_discounted_total', cwd: py, breakpoints: [{ file: cart, line, condition: 'discount > 0' }] }, 120_000);
    assert.equal(r.structured.stop?.line, line, r.text);
    assert.equal(r.structured.locals.discount, '10', r.text);
    // the breakpoints given to debug_test are its session's own: never "a workspace breakpoint set earlier"
    assert.doesNotMatch(r.text, /workspace breakpoint/, r.text);
    const listed = (await g.ok('debug_breakpoints')).structured.breakpoints as { id: string; owner?: string }[];
    assert.deepEqual(listed.filter((b) => r.structured.breakpoints.includes(b.id)).map((b) => b.owner), [r.structured.sessionId], JSON.stringify(listed));
    const failed = await g.ok('debug_continue', {}, 60_000);
    assert.equal(failed.structured.stop.reason, 'exception', failed.text);
    await g.ok('debug_stop');
    assert.ok(await eventually(async () => (await g.ok('debug_breakpoints')).structured.breakpoints.length === 0, 10_000), 'the test session\'s breakpoints end with it');
    const pass = await g.ok('debug_test', { test: 'tests/test_cart.py::test_plain_total', cwd: py }, 120_000);
    assert.equal(pass.structured.testOutcome.outcome, 'passed', pass.text);
    assert.match(lastLine(pass.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(tests\/test_cart\.py::test_plain_total\)/, pass.text);
  });

  test('unittest names and -k expressions; a -k that selects nothing is refused with the tests there', async () => {
    const file = join(py, 'tests', 'test_cart_unittest.py');
    const r = await g.ok('debug_test', { test: 'tests.test_cart_unittest.LineTotalTest.test_discount', cwd: py }, 120_000);
    assert.equal(r.structured.runner, 'unittest', r.text);
    assert.equal(r.structured.stop.line, lineOf(file, 'self.assertEqual(line_total(price, qty, discount), 30.0)'), r.text);
    assert.equal(r.structured.locals.discount, '25', r.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.match(end.structured.testOutcome.summary, /FAILED \(failures=1\)/);
    const none = await g.call('debug_test', { test: 'no_such_test', language: 'python', cwd: py }, 120_000);
    assert.equal(none.isError, true, none.text);
    assert.match(none.text, /'-k no_such_test' selects no test .*tests\/test_cart\.py::test_plain_total/, none.text);
  });

  test('ids that cannot be read, or could be two languages, get a next step', async () => {
    const bad = await g.call('debug_test', { test: 'tests/missing_test.py::test_x', cwd: py });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /test file 'tests\/missing_test.py' not found[\s\S]*Next:/);
    const both = await g.call('debug_test', { test: 'shop.CartTest', cwd: py });
    assert.equal(both.isError, true);
    assert.match(both.text, /could be java \(JUnit class \(by name\)\) or python \(unittest\)[\s\S]*Next: pass language/);
    const none = await g.call('debug_test', { test: 'x.rs::t', language: 'python' });
    assert.equal(none.isError, true);
    assert.match(none.text, /test ids look like: python pytest: tests\/test_pricing.py::test_discounted_total/);
  });

  test('node --test: stops in node:assert, shows the failing frame in the test with its values; continue reports FAILED', async () => {
    const file = join(node, 'test', 'cart.test.js');
    const r = await g.ok('debug_test', { test: 'test/cart.test.js::discounted total', cwd: node }, 120_000);
    assert.equal(r.structured.stop?.reason, 'exception', r.text);
    assert.ok(r.structured.failureFrame > 0, r.text);
    assert.equal(r.structured.failureLocation.line, lineOf(file, 'assert.equal(total, expected);'), r.text);
    assert.equal(r.structured.failureLocals.total, '-160', r.text);
    assert.equal(r.structured.failureLocals.expected, '38', r.text);
    const v = await g.ok('debug_evaluate', { expression: 'total - expected', frame: r.structured.failureFrame });
    assert.match(v.text, /-198/);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's summary "# fail 1"/, end.text);
  });

  test('node --test: breakpoint in the code under test, then a passing test reports PASSED', async () => {
    const cart = join(node, 'cart.js');
    const line = lineOf(cart, 'return Math.round(price * qty * (1 - discount) * 100) / 100;');
    const r = await g.ok('debug_test', { test: 'test/cart.test.js::discounted total', cwd: node, breakpoints: [{ file: cart, line, condition: 'discount > 0' }] }, 120_000);
    assert.equal(r.structured.stop?.line, line, r.text);
    assert.equal(r.structured.locals.discount, '10', r.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
    const pass = await g.ok('debug_test', { test: 'test/cart.test.js::plain total', cwd: node }, 120_000);
    assert.equal(pass.structured.testOutcome.outcome, 'passed', pass.text);
    assert.match(lastLine(pass.text), /^Test outcome: PASSED — from the runner's summary "# pass 1"/, pass.text);
  });

  test('JUnit: stops at the failing assertEquals (frame in the test), a breakpoint in the code under test, outcomes', async () => {
    const file = join(java, 'shop', 'CartTest.java');
    const cart = join(java, 'shop', 'Cart.java');
    const r = await g.ok('debug_test', { test: 'shop/CartTest.java#discountedTotal', cwd: java }, 300_000);
    assert.equal(r.structured.stop?.reason, 'exception', r.text);
    assert.match(r.text, /AssertionFailedError: expected: <38\.0> but was: <-160\.0>/);
    assert.equal(r.structured.failureLocation.line, lineOf(file, 'assertEquals(expected, total);'), r.text);
    assert.match(r.structured.failureLocals.total, /^-160\.0/, r.text);
    const list = await g.ok('debug_breakpoints');
    assert.match(list.text, /No breakpoints/, 'the test-start breakpoint is gone once passed');
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.state === 'exited' || end.structured.state === 'terminated', true, end.text);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(shop\.CartTest\.discountedTotal\(\)\), 0 passed/, end.text);

    const line = lineOf(cart, 'return Math.round(price * qty * (1 - discount) * 100) / 100.0;');
    const bp = await g.ok('debug_test', { test: 'shop/CartTest.java#discountedTotal', cwd: java, breakpoints: [{ file: cart, line, condition: 'discount > 0' }] }, 120_000);
    assert.equal(bp.structured.stop.line, line, bp.text);
    assert.match(bp.structured.locals.discount, /^10\.0/, bp.text);
    const failed = await g.ok('debug_continue', {}, 60_000);
    assert.equal(failed.structured.failureLocation?.line, undefined, 'debug_continue shows the stop as it is');
    assert.equal(failed.structured.stop.reason, 'exception', failed.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });

    const pass = await g.ok('debug_test', { test: 'shop/CartTest.java#plainTotal', cwd: java }, 120_000);
    assert.equal(pass.structured.testOutcome.outcome, 'passed', pass.text);
    assert.match(lastLine(pass.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(shop\.CartTest\.plainTotal\(\)\)/, pass.text);
  });

  test('cargo test: stops at the panic, shows the assert_eq! frame with its values; a name alone picks Rust in a Cargo project', async () => {
    const main = join(rust, 'src', 'main.rs');
    const r = await g.ok('debug_test', { test: 'tests::deposit_is_free', cwd: rust }, 600_000);
    assert.equal(r.structured.runner, 'cargo test', r.text);
    assert.match(r.text, /failed here:/);
    assert.equal(r.structured.failureLocation.line, lineOf(main, 'assert_eq!(balance, 40'), r.text);
    assert.equal(r.structured.failureLocals.balance, '39', r.text);
    const frame0 = await g.ok('debug_variables', { frame: 0 });
    const again = await g.ok('debug_variables', { frame: r.structured.failureFrame });
    assert.doesNotMatch(frame0.text, /balance = 39/, 'frame 0 is the panic machinery');
    assert.match(again.text, /balance = 39/, 'switching frames back and forth shows each frame its own locals');
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from exit code 101 and the runner's summary "test result: FAILED\. 0 passed; 1 failed/, end.text);
    const pass = await g.ok('debug_test', { test: 'withdrawal_pays_fee', cwd: rust }, 300_000);
    assert.equal(pass.structured.runner, 'cargo test', pass.text);
    assert.equal(pass.structured.testOutcome.outcome, 'passed', pass.text);
    assert.match(lastLine(pass.text), /^Test outcome: PASSED — from exit code 0 and the runner's summary "test result: ok\. 1 passed/, pass.text);
  });

  test('go test: a failing t.Errorf test stops there with its values and reports FAILED with exit code 1, a breakpoint in the code under test hits, a passing test reports PASSED', async () => {
    const cart = join(go, 'cart', 'cart.go');
    const test = join(go, 'cart', 'cart_test.go');
    const r = await g.ok('debug_test', { test: 'cart/cart_test.go::TestDiscountedTotal', cwd: go }, 300_000);
    assert.equal(r.structured.runner, 'go test', r.text);
    assert.match(r.text, /failed here:/);
    assert.ok(r.structured.failureFrame > 0, r.text);
    assert.equal(r.structured.failureLocation.line, lineOf(test, 't.Errorf("Total = %v, want %v", total, expected)'), r.text);
    assert.equal(r.structured.failureLocals.total, '-160', r.text);
    assert.equal(r.structured.failureLocals.expected, '38', r.text);
    const list = await g.ok('debug_breakpoints');
    assert.match(list.text, /No breakpoints/, 'the failure breakpoint is temporary');
    const failed = await g.ok('debug_continue', {}, 60_000);
    assert.equal(failed.structured.testOutcome.outcome, 'failed', failed.text);
    assert.equal(failed.structured.testOutcome.exitCode, 1, failed.text);
    assert.match(failed.text, /Total = -160, want 38/);
    assert.match(lastLine(failed.text), /^Test outcome: FAILED — from exit code 1 and the runner's summary "--- FAIL: TestDiscountedTotal/, failed.text);

    const line = lineOf(cart, 'return math.Round(price*float64(qty)*(1-discount)*100) / 100');
    const bp = await g.ok('debug_test', { test: 'cart/cart_test.go::TestDiscountedTotal', cwd: go, breakpoints: [{ file: cart, line, condition: 'discount > 0' }] }, 300_000);
    assert.equal(bp.structured.stop?.line, line, bp.text);
    assert.equal(bp.structured.locals.discount, '10', bp.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });

    const pass = await g.ok('debug_test', { test: 'cart/cart_test.go::TestPlainTotal', cwd: go }, 300_000);
    assert.equal(pass.structured.testOutcome.outcome, 'passed', pass.text);
    assert.equal(pass.structured.testOutcome.exitCode, 0, pass.text);
    assert.match(lastLine(pass.text), /^Test outcome: PASSED — from exit code 0 and the runner's summary "--- PASS: TestPlainTotal/, pass.text);
  });

  test('go test: t.Fatalf stops at its line; a name that matches no test is answered with the package\'s tests', async () => {
    const test = join(go, 'cart', 'cart_test.go');
    const r = await g.ok('debug_test', { test: 'cart/cart_test.go::TestBulkOrder', cwd: go }, 300_000);
    assert.equal(r.structured.failureLocation.line, lineOf(test, 't.Fatalf("bulk order total %v is not positive", total)'), r.text);
    assert.equal(r.structured.failureLocals.total, '-800', r.text);
    assert.match(r.text, /stopped where the test failed, .*testing\.\(\*common\)\.Fail/, 'no id of a breakpoint the agent never set');
    const failed = await g.ok('debug_continue', {}, 60_000);
    assert.equal(failed.structured.testOutcome.outcome, 'failed', failed.text);
    assert.match(failed.text, /bulk order total -800 is not positive/);

    const none = await g.call('debug_test', { test: 'cart/cart_test.go::TestNoSuchThing', cwd: go }, 300_000);
    assert.equal(none.isError, true, none.text);
    assert.match(none.text, /package cart has no test TestNoSuchThing; its tests: .*\.\/cart::TestDiscountedTotal/, none.text);
  });

  test('go test: a subtest id (spaces as go test writes them) runs that case alone and stops at its failure', async () => {
    const test = join(go, 'cart', 'cart_test.go');
    const r = await g.ok('debug_test', { test: 'cart/cart_test.go::TestLineTotals/quarter_off', cwd: go }, 300_000);
    assert.equal(r.structured.failureLocation.line, lineOf(test, 't.Errorf("%s: LineTotal = %v, want %v", c.name, got, c.expected)'), r.text);
    assert.equal(r.structured.failureLocals.got, '-192', r.text);
    const failed = await g.ok('debug_continue', {}, 60_000);
    assert.equal(failed.structured.testOutcome.outcome, 'failed', failed.text);
    const pass = await g.ok('debug_test', { test: 'cart/cart_test.go::TestLineTotals/no discount', cwd: go }, 300_000);
    assert.equal(pass.structured.testOutcome.outcome, 'passed', pass.text);
    assert.match(pass.text, /--- PASS: TestLineTotals\/no_discount/, 'only that case ran');
    assert.doesNotMatch(pass.text, /quarter_off/, 'only that case ran');
  });
});
