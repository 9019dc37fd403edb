import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot, type ToolReply } from '../support/gateway.js';

/** The last line of an answer: debug_test's answers end with the outcome once the runner ended. */
const lastLine = (text: string) => text.trim().split('\n').pop()!;

/**
 * debug_test on a pytest project (a package, tests/ with conftest fixtures, parametrized and
 * class-based tests, pytest.raises, pytest.fail, a unittest TestCase), copied so the test may
 * edit it: each failure is a stop with the test's locals, never an exception a passing test
 * expects; the end names the tests that failed, read from pytest's own report.
 */
describe('debug_test on a pytest project (real debugpy, real pytest)', () => {
  let g: Gateway;
  let project: string;
  let pricingTest: string;
  let receiptTest: string;
  const run = (test: string, extra: Record<string, unknown> = {}) => g.ok('debug_test', { test, cwd: project, ...extra }, 120_000);
  /** Continues through every stop; the lines of the test file each stop was at, and the end. */
  async function toEnd(first: ToolReply, file: string): Promise<{ stops: number[]; end: ToolReply }> {
    const stops: number[] = [];
    let end = first;
    for (let i = 0; i < 10 && end.structured.state === 'stopped'; i++) {
      assert.equal(end.structured.stop.reason, 'exception', end.text);
      stops.push(end.structured.stop.frames?.find((f: { file?: string }) => f.file?.endsWith(file))?.line ?? end.structured.stop.line);
      end = await g.ok('debug_continue', {}, 60_000);
    }
    return { stops, end };
  }
  before(async () => {
    project = mkdtempSync(join(tmpdir(), 'dapgate-pytest-shop-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'pytest-shop'), project, { recursive: true, filter: (src) => !/__pycache__|\.pytest_cache/.test(src) });
    pricingTest = join(project, 'tests', 'test_pricing.py');
    receiptTest = join(project, 'tests', 'test_receipt.py');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(project, { recursive: true, force: true });
  });

  test('a file runs every test: a stop at each failing assert and pytest.fail with the locals, none inside a passing pytest.raises; the end names which failed', async () => {
    const r = await run('tests/test_receipt.py');
    assert.match(r.text, /failed here:/, r.text);
    assert.equal(r.structured.stop.line, lineOf(receiptTest, 'assert discounted == 8.0'), r.text);
    assert.equal(r.structured.locals.discounted, '-190.0', r.text);
    const next = await g.ok('debug_continue', {}, 60_000);
    assert.equal(next.structured.state, 'stopped', next.text);
    assert.equal(next.structured.stop.line, lineOf(receiptTest, 'pytest.fail("a receipt line needs a quantity")'), 'the next stop is the next failure, not the ValueError pytest.raises expects');
    assert.equal(next.structured.locals.qty, '0', next.text);
    assert.doesNotMatch(next.text, /ValueError/, next.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.deepEqual(end.structured.testOutcome.failedTests, ['tests/test_receipt.py::test_receipt_discount', 'tests/test_receipt.py::test_receipt_needs_qty'], end.text);
    assert.deepEqual(end.structured.testOutcome.passedTests, ['tests/test_receipt.py::test_receipt_plain', 'tests/test_receipt.py::test_receipt_rejects_text'], end.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 2 failed \(tests\/test_receipt\.py::test_receipt_discount, tests\/test_receipt\.py::test_receipt_needs_qty\), 2 passed/, end.text);
  });

  test('a file with conftest fixtures, parametrized and class tests: each failure in turn; raises in both forms and assertRaises never stop', async () => {
    const r = await run('tests/test_pricing.py');
    const { stops, end } = await toEnd(r, 'test_pricing.py');
    assert.deepEqual(
      stops,
      ['assert total == expected', 'assert total == (4.0 if qty == 3 else 1.5 * qty)', 'pytest.fail(f"coupon {code!r} is unknown")', 'assert total > 7.0'].map((l) => lineOf(pricingTest, l)),
      'one stop per failing test, in order, none at an expected exception',
    );
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 4 failed \(tests\/test_pricing\.py::test_discounted_total, tests\/test_pricing\.py::test_scales_with_qty\[3\], tests\/test_pricing\.py::test_coupon\[half off-50\], tests\/test_pricing\.py::TestBasket::test_total_with_discount\), 7 passed/, end.text);
    const expectations = join(project, 'tests', 'test_expectations.py');
    const e = await toEnd(await run('tests/test_expectations.py'), 'test_expectations.py');
    // the ValueError that pytest.raises(TypeError) lets through stops where it is raised (shop/pricing.py)
    const raiseLine = lineOf(join(project, 'shop', 'pricing.py'), 'raise ValueError(f"negative quantity: {qty}")');
    assert.deepEqual(e.stops, [lineOf(expectations, 'with pytest.raises(ValueError):'), raiseLine], 'a raises that did not raise, or met another type, is a failure; a handled one followed by more code is not');
    assert.match(lastLine(e.end.text), /^Test outcome: FAILED — from the runner's report: 2 failed \(tests\/test_expectations\.py::test_did_not_raise, tests\/test_expectations\.py::test_wrong_type\), 1 passed/, e.end.text);
    const legacy = await run('tests/test_legacy.py::LegacyPricingTest::test_rejects_negative_qty');
    assert.notEqual(legacy.structured.state, 'stopped', legacy.text);
    assert.equal(legacy.structured.testOutcome.outcome, 'passed', legacy.text);
  });

  test('an AttributeError a module __getattr__ raises for a name pytest or mock probes (hasattr, getattr with a default) is no failure; one that leaves the test is', async () => {
    const lazyTest = join(project, 'tests', 'test_lazy.py');
    const first = await run('tests/test_lazy.py');
    const lazy = join(project, 'shop', 'lazy.py');
    const { stops, end } = await toEnd(first, 'lazy.py');
    assert.deepEqual(stops, [lineOf(lazy, 'raise AttributeError(')], `one stop, where the name the test reads is refused: ${first.text}`);
    // debugpy pauses execution in the test's frame below __getattr__'s traceback: said on its own line (the frame name's own marker is cleaned)
    assert.match(first.text, new RegExp(`Execution is paused in frame 1 \\(test_missing_name at tests/test_lazy\\.py:${lineOf(lazyTest, 'rate = lazy.tax_rate')}\\)`), first.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(tests\/test_lazy\.py::test_missing_name\), 2 passed/, end.text);
  });

  test('ids: file::test with conftest fixture values in the locals, file::Class::test, cases [3] and [half off-50]; a passing raises test reports PASSED', async () => {
    const r = await run('tests/test_pricing.py::test_discounted_total');
    assert.equal(r.structured.stop.line, lineOf(pricingTest, 'assert total == expected'), r.text);
    assert.equal(r.structured.locals.total, '-52.0', r.text);
    assert.equal(r.structured.locals.expected, '7.4', r.text);
    assert.match(r.structured.locals.basket, /'discount': 10/, 'the conftest fixture basket is among the locals');
    assert.match(r.structured.locals.catalog, /'melon': 3\.0/, r.text);
    await g.ok('debug_stop');

    const cls = await run('tests/test_pricing.py::TestBasket::test_total_with_discount');
    assert.equal(cls.structured.stop.line, lineOf(pricingTest, 'assert total > 7.0'), cls.text);
    assert.equal(cls.structured.locals.total, '-52.0', cls.text);
    await g.ok('debug_stop');

    const c3 = await run('tests/test_pricing.py::test_scales_with_qty[3]');
    assert.equal(c3.structured.locals.qty, '3', c3.text);
    const c3end = await g.ok('debug_continue', {}, 60_000);
    assert.match(lastLine(c3end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(tests\/test_pricing\.py::test_scales_with_qty\[3\]\), 0 passed/, c3end.text);

    const coupon = await run('tests/test_pricing.py::test_coupon[half off-50]');
    assert.equal(coupon.structured.stop.line, lineOf(pricingTest, 'pytest.fail(f"coupon {code!r} is unknown")'), coupon.text);
    assert.equal(coupon.structured.locals.code, "'half off'", coupon.text);
    await g.ok('debug_stop');
    const save = await run('tests/test_pricing.py::test_coupon[SAVE10-10]');
    assert.match(lastLine(save.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(tests\/test_pricing\.py::test_coupon\[SAVE10-10\]\)/, save.text);

    const raises = await run('tests/test_pricing.py::test_rejects_negative_qty');
    assert.notEqual(raises.structured.state, 'stopped', raises.text);
    assert.match(lastLine(raises.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(tests\/test_pricing\.py::test_rejects_negative_qty\)/, raises.text);
  });

  test('-k and unittest ids; an id that matches nothing or several tests answers with runnable candidates', async () => {
    const k = await run('-k coupon and SAVE10');
    assert.equal(k.structured.runner, 'pytest -k', k.text);
    assert.match(lastLine(k.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(tests\/test_pricing\.py::test_coupon\[SAVE10-10\]\)/, k.text);

    const legacyTest = join(project, 'tests', 'test_legacy.py');
    const u = await run('tests.test_legacy.LegacyPricingTest.test_discount');
    assert.equal(u.structured.runner, 'unittest', u.text);
    assert.equal(u.structured.stop.line, lineOf(legacyTest, 'self.assertEqual(line_total(price, 1, discount), 15.0)'), u.text);
    assert.equal(u.structured.locals.discount, '25', u.text);
    const uend = await g.ok('debug_continue', {}, 60_000);
    assert.equal(uend.structured.testOutcome.outcome, 'failed', uend.text);
    const cls = await run('tests.test_legacy.LegacyPricingTest');
    const { stops, end: clsEnd } = await toEnd(cls, 'test_legacy.py');
    assert.deepEqual(stops, [lineOf(legacyTest, 'self.assertEqual(line_total(price, 1, discount), 15.0)')], 'one stop, none inside assertRaises');
    assert.deepEqual(clsEnd.structured.testOutcome.failedTests, ['tests.test_legacy.LegacyPricingTest.test_discount'], clsEnd.text);
    assert.match(lastLine(clsEnd.text), /^Test outcome: FAILED — from exit code 1 and the runner's summary "FAILED \(failures=1\)"; failed: tests\.test_legacy\.LegacyPricingTest\.test_discount\./, clsEnd.text);

    const none = await g.call('debug_test', { test: 'tests/test_pricing.py::test_discount_total', cwd: project }, 120_000);
    assert.equal(none.isError, true, none.text);
    assert.match(none.text, /matches no test/, none.text);
    assert.match(none.text, /tests\/test_pricing\.py::test_discounted_total/, 'the real ids are offered');
    const uNone = await g.call('debug_test', { test: 'tests.test_legacy.LegacyPricingTest.test_discounts', cwd: project }, 120_000);
    assert.equal(uNone.isError, true, uNone.text);
    assert.match(uNone.text, /tests\.test_legacy\.LegacyPricingTest\.test_discount\b/, uNone.text);
    const two = await g.call('debug_test', { test: 'test_rejects_negative_qty', cwd: project }, 120_000);
    assert.equal(two.isError, true, two.text);
    assert.match(two.text, /tests\/test_legacy\.py::LegacyPricingTest::test_rejects_negative_qty/, two.text);
    assert.match(two.text, /tests\/test_pricing\.py::test_rejects_negative_qty/, two.text);
    const both = await run('-k test_rejects_negative_qty');
    assert.match(lastLine(both.text), /^Test outcome: PASSED — from the runner's report: 2 passed/, both.text);
  });

  test('a collection error is ERROR with pytest\'s first error at file:line; fixed without rebuilding, a re-run reports PASSED', async () => {
    writeFileSync(join(project, 'tests', 'test_broken.py'), 'from shop.pricing import nothing_here\n\n\ndef test_never():\n    assert nothing_here\n');
    try {
      const stop = await run('tests/test_broken.py');
      // the import that fails in the test module is where the error leaves the project's code
      assert.equal(stop.structured.stop?.line, 1, stop.text);
      assert.match(stop.text, /ImportError/, stop.text);
      const broken = await g.ok('debug_continue', {}, 60_000);
      assert.equal(broken.structured.testOutcome.outcome, 'error', broken.text);
      assert.match(lastLine(broken.text), /^Test outcome: ERROR — .*tests\/test_broken\.py:1.*ImportError: cannot import name 'nothing_here'/, broken.text);
    } finally {
      rmSync(join(project, 'tests', 'test_broken.py'));
    }

    const failing = await run('tests/test_receipt.py::test_receipt_discount');
    assert.equal(failing.structured.state, 'stopped', failing.text);
    await g.ok('debug_stop');
    const pricing = join(project, 'shop', 'pricing.py');
    writeFileSync(pricing, readFileSync(pricing, 'utf8').replace('(1 - discount)', '(1 - discount / 100)'));
    const fixed = await run('tests/test_receipt.py::test_receipt_discount');
    assert.notEqual(fixed.structured.state, 'stopped', fixed.text);
    assert.match(lastLine(fixed.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(tests\/test_receipt\.py::test_receipt_discount\)/, fixed.text);
  });

  test('debug_languages lists the pytest, unittest and -k id forms with examples that run here', async () => {
    const langs = await g.ok('debug_languages');
    const python = langs.structured.languages.find((l: { id: string }) => l.id === 'python');
    const ids: string[] = python.testIds.split(' | ');
    assert.deepEqual(ids, ['tests/test_pricing.py::test_discounted_total', 'tests.test_legacy.LegacyPricingTest.test_discount', '-k coupon and SAVE10'], python.testIds);
    for (const id of ids) {
      const r = await run(id);
      if (r.structured.state === 'stopped') await g.ok('debug_stop');
      else assert.ok(['passed', 'failed'].includes(r.structured.testOutcome?.outcome), r.text);
      assert.doesNotMatch(r.text, /matches no test|NO TESTS RAN/, r.text);
    }
  });
});
