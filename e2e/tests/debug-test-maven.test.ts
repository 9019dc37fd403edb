import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/** The last line of an answer: debug_test's answers end with the outcome once the runner ended. */
const lastLine = (text: string) => text.trim().split('\n').pop()!;

/**
 * debug_test on a Maven multi-module project (a JUnit 5 module, a JUnit 4 module), copied so
 * the test may edit it: dapgate builds first (mvn test-compile, offline once ~/.m2 has the
 * artifacts), runs on Maven's class path, stops only where a test fails.
 */
describe('debug_test on a Maven project (JUnit 5 and 4, real java-debug)', () => {
  let g: Gateway;
  let project: string;
  let shop: string;
  let cartTest: string;
  before(async () => {
    project = mkdtempSync(join(tmpdir(), 'dapgate-junit-maven-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'junit-maven'), project, { recursive: true, filter: (src) => !/[\\/]target(?:[\\/]|$)/.test(src) });
    shop = join(project, 'shop');
    cartTest = join(shop, 'src', 'test', 'java', 'shop', 'CartTest.java');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(project, { recursive: true, force: true });
  });

  test('a class runs every test: it stops at each failing assertion with the test\'s locals (never at an exception assertThrows expects or the code under test catches); the end names which failed', async () => {
    const r = await g.ok('debug_test', { test: 'shop.CartTest', cwd: project }, 300_000);
    assert.match(r.text, /Built first: mvn -o test-compile|Built first: mvn test-compile/, r.text);
    assert.match(r.text, /failed here:/, r.text);
    const stops: number[] = [r.structured.failureLocation?.line];
    assert.doesNotMatch(r.text, /IllegalArgumentException|NumberFormatException/, 'no stop at an expected or caught exception');
    let end = r;
    for (let i = 0; i < 6 && end.structured.state === 'stopped'; i++) {
      end = await g.ok('debug_continue', {}, 120_000);
      if (end.structured.state === 'stopped') {
        assert.equal(end.structured.stop.reason, 'exception', end.text);
        assert.doesNotMatch(end.text, /IllegalArgumentException|NumberFormatException/, 'no stop at an expected or caught exception');
        stops.push(end.structured.stop.frames?.find((f: { file?: string }) => f.file?.endsWith('CartTest.java'))?.line ?? end.structured.stop.line);
      }
    }
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    const failed: string[] = end.structured.testOutcome.failedTests;
    assert.ok(failed.some((t) => /discountedTotal/.test(t)) && failed.some((t) => /scalesWithQuantity/.test(t)) && failed.some((t) => /readsTypedQuantity/.test(t)), end.text);
    assert.ok(!failed.some((t) => /rejectsNegativeQuantity|plainTotal/.test(t)), end.text);
    assert.ok(end.structured.testOutcome.passedTests.some((t: string) => /rejectsNegativeQuantity/.test(t)), end.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 3 failed \(.*discountedTotal.*\), 4 passed/, end.text);
    assert.doesNotMatch(end.text, /exit code/, 'no exit code quoted as the runner\'s');
  });

  test('a method stops at its failing assertEquals with the test\'s locals; a passing assertThrows test reports PASSED', async () => {
    const r = await g.ok('debug_test', { test: 'shop.CartTest#discountedTotal', cwd: project }, 300_000);
    assert.equal(r.structured.stop?.reason, 'exception', r.text);
    assert.match(r.text, /AssertionFailedError: expected: <38\.5> but was: <38\.0>/, r.text);
    assert.equal(r.structured.failureLocation.line, lineOf(cartTest, 'assertEquals(expected, total);'), r.text);
    assert.match(r.structured.failureLocals.total, /^38\.0/, r.text);
    assert.match(r.structured.failureLocals.expected, /^38\.5/, r.text);
    // the Stack line names the test's own frame beneath JUnit's assertion frames (folded), not those alone
    assert.match(r.text, /^Stack: … \d+ library frames \(#0-#\d+\) <- #\d+ CartTest\.discountedTotal\(\) at \S*CartTest\.java:\d+/m, r.text);
    // frame 0 is JUnit's assertion code: an evaluate there of the test's local says which frame has it
    const there = await g.call('debug_evaluate', { expression: 'total + 1' });
    assert.equal(there.isError, true, there.text);
    assert.match(there.text, /'total' is a local of frame (\d+) \(CartTest\.discountedTotal\(\) at [^)]*CartTest\.java:\d+\): pass frame: \1/, there.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(shop\.CartTest\.discountedTotal\(\)\), 0 passed/, end.text);

    const pass = await g.ok('debug_test', { test: 'shop/src/test/java/shop/CartTest.java#rejectsNegativeQuantity', cwd: project }, 300_000);
    assert.notEqual(pass.structured.state, 'stopped', pass.text);
    assert.equal(pass.structured.testOutcome.outcome, 'passed', pass.text);
    assert.match(lastLine(pass.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(shop\.CartTest\.rejectsNegativeQuantity\(\)\)/, pass.text);
  });

  test('a parametrized case [3] and a nested class run alone; JUnit 4 through the vintage engine; an id in two modules lists runnable ids', async () => {
    const c3 = await g.ok('debug_test', { test: 'shop.CartTest#scalesWithQuantity[3]', cwd: project }, 300_000);
    assert.equal(c3.structured.failureLocation.line, lineOf(cartTest, 'assertEquals(qty == 3 ? 31.0 : 10.0 * qty, total);'), c3.text);
    assert.equal(c3.structured.failureLocals.qty, '3', c3.text);
    const c3end = await g.ok('debug_continue', {}, 60_000);
    assert.match(lastLine(c3end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(shop\.CartTest\.scalesWithQuantity\(int\)\[3\]\), 0 passed/, c3end.text);

    const nested = await g.ok('debug_test', { test: 'shop.CartTest$Quantities', cwd: project }, 300_000);
    assert.equal(nested.structured.failureLocation.line, lineOf(cartTest, 'assertEquals(8, typed);'), nested.text);
    assert.equal(nested.structured.failureLocals.typed, '7', nested.text);
    await g.ok('debug_stop');

    const legacyFile = join(project, 'legacy', 'src', 'test', 'java', 'legacy', 'LegacyCartTest.java');
    const j4 = await g.ok('debug_test', { test: 'legacy.LegacyCartTest', cwd: project }, 300_000);
    assert.equal(j4.structured.failureLocation.line, lineOf(legacyFile, 'assertEquals(16, total);'), j4.text);
    assert.equal(j4.structured.failureLocals.total, '15', j4.text);
    const j4end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(j4end.structured.state === 'stopped', false, `@Test(expected) is no failure: ${j4end.text}`);
    assert.match(lastLine(j4end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(legacy\.LegacyCartTest\.plainTotal\), 1 passed/, j4end.text);

    const both = await g.call('debug_test', { test: 'plainTotal', cwd: project });
    assert.equal(both.isError, true, both.text);
    assert.match(both.text, /'plainTotal' names test methods in 2 places: (shop\.CartTest#plainTotal, legacy\.LegacyCartTest#plainTotal|legacy\.LegacyCartTest#plainTotal, shop\.CartTest#plainTotal)/, both.text);
    const one = await g.ok('debug_test', { test: 'shop.CartTest#plainTotal', cwd: project }, 300_000);
    assert.equal(one.structured.testOutcome.outcome, 'passed', one.text);
  });

  test('a fix saved without rebuilding runs as fixed (dapgate builds first); a compile error is Maven\'s own, with file:line', async () => {
    const original = readFileSync(cartTest, 'utf8');
    writeFileSync(cartTest, original.replace('double expected = 38.5;', 'double expected = 38.0;'));
    const fixed = await g.ok('debug_test', { test: 'src/test/java/shop/CartTest.java#discountedTotal', cwd: shop }, 300_000);
    assert.equal(fixed.structured.testOutcome.outcome, 'passed', fixed.text);
    assert.match(lastLine(fixed.text), /^Test outcome: PASSED — from the runner's report: 1 passed/, fixed.text);

    writeFileSync(cartTest, original.replace('double expected = 38.5;', 'double expected = 38.5'));
    const broken = await g.call('debug_test', { test: 'src/test/java/shop/CartTest.java#discountedTotal', cwd: shop });
    assert.equal(broken.isError, true, broken.text);
    assert.match(broken.text, /Maven could not build the tests[\s\S]*\[ERROR\] .*CartTest\.java:\[\d+,\d+\] ';' expected/, broken.text);
    assert.doesNotMatch(broken.text, /javac could not compile/, broken.text);
    writeFileSync(cartTest, original);
  });
  test("javac crashing (its stack overflowed on a 4000-call chain) is named as such, and Maven ran again without dapgate's own MAVEN_OPTS (was: only a warning javac printed first, '[ERROR] bootstrap class path not set')", async () => {
    const deep = join(shop, 'src', 'test', 'java', 'shop', 'DeepChainTest.java');
    const chain = Array.from({ length: 4000 }, (_, i) => `.append(${i})`).join('');
    writeFileSync(deep, `package shop;\nclass DeepChainTest {\n  static String text() { return new StringBuilder()${chain}.toString(); }\n}\n`);
    try {
      const r = await g.call('debug_test', { test: 'src/test/java/shop/CartTest.java#discountedTotal', cwd: shop }, 300_000);
      assert.equal(r.isError, true, r.text);
      assert.match(r.text, /Maven could not build the tests of shop \(exit 1\) \(also when run again without dapgate's MAVEN_OPTS, after javac crashed under them\)/, r.text);
      assert.match(r.text, /Maven printed:\nAn exception has occurred in the compiler \([\d.]+\)\.\njava\.lang\.StackOverflowError/, r.text);
      assert.match(r.text, /Next: javac itself crashed, which is no error in the code: give Maven's JVM more room \(MAVEN_OPTS="-Xss16m"/, r.text);
    } finally {
      rmSync(deep, { force: true });
    }
  });

  test('debug_languages lists the Java id forms with examples that run here (from the module\'s folder)', async () => {
    const langs = await g.ok('debug_languages');
    const java = langs.structured.languages.find((l: { id: string }) => l.id === 'java');
    // `a[#b]`: the form with and without its optional part
    const ids: string[] = java.testIds.split(' | ').flatMap((id: string) => (/\[#.*\]$/.test(id) ? [id.replace(/\[(#.*)\]$/, '$1'), id.replace(/\[#.*\]$/, '')] : [id]));
    assert.deepEqual(ids, ['src/test/java/shop/CartTest.java#discountedTotal', 'src/test/java/shop/CartTest.java', 'shop.CartTest#discountedTotal', 'shop.CartTest', 'discountedTotal'], java.testIds);
    for (const id of ids) {
      const r = await g.ok('debug_test', { test: id, cwd: shop }, 300_000);
      assert.doesNotMatch(r.text, /matches no test|no tests ran|NO TESTS RAN/i, `${id}: ${r.text}`);
      if (r.structured.state === 'stopped') {
        assert.match(r.text, /CartTest\.java:\d+/, `${id}: ${r.text}`);
        await g.ok('debug_stop');
      } else assert.ok(['passed', 'failed'].includes(r.structured.testOutcome?.outcome), `${id}: ${r.text}`);
    }
  });
});
