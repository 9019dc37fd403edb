import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadProfiles, ProfileRegistry } from '../src/profiles/loader.js';
import { readOutcome, reportOutcome } from '../src/testing/outcome.js';
import { readJUnitReports } from '../src/testing/junit-xml.js';
import { testMethodsNamed } from '../src/profiles/hooks/junit-ids.js';

const registry = new ProfileRegistry(loadProfiles());
const form = (profile: string, runner: string) => registry.get(profile)!.test!.forms.find((f) => f.runner === runner)!;
const examples = resolve(import.meta.dirname, '..', '..', '..', 'examples');

test('pytest: summary and exit code agree, disagree, or one is missing: never a guess', () => {
  const pytest = form('python', 'pytest');
  const failed = '====== short test summary info ======\nFAILED t.py::x - assert 1 == 2\n============ 1 failed, 2 passed in 0.25s ============\n';
  assert.deepEqual(readOutcome(pytest, failed, 1, true).outcome, 'failed');
  assert.match(readOutcome(pytest, failed, 1, true).basis, /exit code 1 and the runner's summary "1 failed, 2 passed in 0.25s"/);
  assert.equal(readOutcome(pytest, failed, 0, true).outcome, 'unknown', 'a summary that contradicts the exit code is not trusted');
  assert.equal(readOutcome(pytest, '=== 3 passed in 0.1s ===\n', 0, true).outcome, 'passed');
  assert.equal(readOutcome(pytest, '=== 3 deselected in 0.1s ===\n', 5, true).outcome, 'no tests ran');
  const noSummary = readOutcome(pytest, "/usr/bin/python3: No module named pytest\n", 1, true);
  assert.equal(noSummary.outcome, 'unknown', 'exit code 1 without a summary may be a missing runner, not a failed test');
  assert.match(noSummary.basis, /printed no summary/);
  assert.equal(readOutcome(pytest, 'test_x.py:3: in test_x\n    assert 1 passed in 2\n', undefined, true).outcome, 'unknown', 'only the closing summary line counts');
});

test('unittest, node --test and JUnit summaries; untrusted exit codes are named as such', () => {
  const unittest = form('python', 'unittest');
  assert.equal(readOutcome(unittest, '----\nRan 1 test in 0.038s\n\nFAILED (failures=1)\n', 1, true).outcome, 'failed');
  assert.equal(readOutcome(unittest, '----\nRan 2 tests in 0.001s\n\nOK\n', 0, true).outcome, 'passed');
  const node = form('node', 'node --test');
  const tap = (pass: number, fail: number) => `1..3\n# tests 3\n# suites 0\n# pass ${pass}\n# fail ${fail}\n# cancelled 0\n# skipped ${3 - pass - fail}\n`;
  assert.equal(readOutcome(node, tap(0, 1), undefined, false).outcome, 'failed');
  assert.equal(readOutcome(node, tap(1, 0), undefined, false).outcome, 'passed');
  assert.equal(readOutcome(node, tap(0, 0), undefined, false).outcome, 'no tests ran');
  assert.equal(readOutcome(node, 'ℹ tests 1\nℹ pass 0\nℹ fail 1\n', undefined, false).outcome, 'failed', 'the spec reporter too');
  const junit = form('java', 'JUnit method');
  const summary = (ok: number, failed: number) => `[         ${ok + failed} tests found           ]\n[         ${ok} tests successful      ]\n[         ${failed} tests failed          ]\n`;
  const j = readOutcome(junit, summary(0, 1), 0, false);
  assert.equal(j.outcome, 'failed');
  assert.equal(j.basis, `the runner's summary "[ 1 tests failed ]"`, 'an exit code that is not the runner\'s own is not quoted');
  assert.equal(j.exitCode, undefined);
  assert.equal(readOutcome(junit, summary(1, 0), 0, false).outcome, 'passed');
});

test('JUnit ids: the class (nested too) holding a test method; the report outcome names the failed tests', async () => {
  const source = resolve(examples, '..', 'e2e', 'fixtures', 'junit-maven', 'shop', 'src', 'test', 'java', 'shop', 'CartTest.java');
  assert.deepEqual((await testMethodsNamed(source, 'readsTypedQuantity')).map((m) => m.className), ['shop.CartTest$Quantities']);
  assert.deepEqual((await testMethodsNamed(source, 'discountedTotal')).map((m) => m.className), ['shop.CartTest']);
  assert.deepEqual(await testMethodsNamed(source, 'noSuchMethod'), []);
  const base = readOutcome(form('java', 'JUnit method'), '', undefined, false);
  const o = reportOutcome({ failed: ['shop.CartTest.discountedTotal()'], passed: ['shop.CartTest.plainTotal()'], skipped: [] }, base);
  assert.equal(o.outcome, 'failed');
  assert.equal(o.basis, "the runner's report: 1 failed (shop.CartTest.discountedTotal()), 1 passed");
  assert.equal(reportOutcome({ failed: [], passed: [], skipped: [] }, base), base, 'an empty report says nothing');
});

test('go test: exit code 0 with "no tests to run" is no tests ran, not a contradiction', () => {
  const go = form('go', 'go test');
  assert.equal(readOutcome(go, 'testing: warning: no tests to run\nPASS\n', 0, true).outcome, 'no tests ran');
  assert.equal(readOutcome(go, '=== RUN   TestA\n--- PASS: TestA (0.00s)\nPASS\n', 0, true).outcome, 'passed');
  assert.equal(readOutcome(go, '--- FAIL: TestA (0.00s)\nFAIL\n', 1, true).outcome, 'failed');
  assert.equal(readOutcome(go, '--- FAIL: TestA (0.00s)\nFAIL\n', 0, true).outcome, 'unknown');
});

test('pytest: a collection error is an error run, with the first error as pytest printed it; its report names no test', async () => {
  const pytest = form('python', 'pytest');
  const out = [
    '==================================== ERRORS ====================================',
    '____________________ ERROR collecting tests/test_broken.py _____________________',
    "ImportError while importing test module '/p/tests/test_broken.py'.",
    'Traceback:',
    '/usr/lib/python3.11/importlib/__init__.py:126: in import_module',
    '    return _bootstrap._gcd_import(name[level:], package, level)',
    'tests/test_broken.py:1: in <module>',
    '    from shop.pricing import nothing_here',
    "E   ImportError: cannot import name 'nothing_here' from 'shop.pricing'",
    '=========================== short test summary info ============================',
    'ERROR tests/test_broken.py',
    '!!!!!!!!!!!!!!!!!!!! Interrupted: 1 error during collection !!!!!!!!!!!!!!!!!!!!',
    '=============================== 1 error in 1.47s ===============================',
  ].join('\n');
  const o = readOutcome(pytest, out, 2, true);
  assert.equal(o.outcome, 'error');
  assert.equal(o.summary, 'Interrupted: 1 error during collection');
  assert.equal(o.detail, "tests/test_broken.py:1: ImportError: cannot import name 'nothing_here' from 'shop.pricing'");
  assert.equal(reportOutcome({ failed: ['tests.test_broken'], passed: [], skipped: [] }, o).outcome, 'error', 'the report lists the module that failed to load as a test');
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-junit-ids-'));
  writeFileSync(
    join(dir, 'r.xml'),
    '<testsuite><testcase classname="tests.test_p" name="test_c[half off-50]" file="tests/test_p.py"><failure/></testcase><testcase classname="tests.test_p.TestB" name="test_n" file="tests/test_p.py"/></testsuite>',
  );
  assert.deepEqual(await readJUnitReports(dir, 'file::name'), { failed: ['tests/test_p.py::test_c[half off-50]'], passed: ['tests/test_p.py::TestB::test_n'], skipped: [] });
  assert.deepEqual((await readJUnitReports(dir))?.passed, ['tests.test_p.TestB.test_n']);
  rmSync(dir, { recursive: true, force: true });
});

test('Jest/Vitest JSON report: a test that failed with an error other than an assertion\'s is named with that error and where its stack says it was thrown', async () => {
  const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { readJestJsonReports } = await import('../src/testing/jest-json.js');
  const dir = await mkdtemp(resolve(tmpdir(), 'dapgate-jest-json-'));
  const frames = '\n    at /p/src/receipt.ts:24:17\n    at Array.map (<anonymous>)\n    at receipt (file:///p/src/receipt.ts:21:16)\n    at new Promise (<anonymous>)';
  const cases = [
    { ancestorTitles: ['receipt'], title: 'lists', status: 'failed', failureMessages: [`TypeError: Cannot read properties of undefined (reading 'length')${frames}`], failureDetails: [{}] },
    { ancestorTitles: [], title: 'code', status: 'failed', failureMessages: [`TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument\nmust be a string${frames}`] },
    { ancestorTitles: [], title: 'jest expect', status: 'failed', failureMessages: [`Error: expect(received).toBe(expected)${frames}`], failureDetails: [{ matcherResult: { pass: false } }] },
    { ancestorTitles: [], title: 'vitest expect', status: 'failed', failureMessages: [`AssertionError: expected -160 to be 38${frames}`] },
    { ancestorTitles: [], title: 'node assert', status: 'failed', failureMessages: [`AssertionError [ERR_ASSERTION]: 1 == 2${frames}`], failureDetails: [{ code: 'ERR_ASSERTION' }] },
    { ancestorTitles: [], title: 'thrown string', status: 'failed', failureMessages: ['thrown: "boom"'] },
    { ancestorTitles: [], title: 'hangs', status: 'failed', failureMessages: ['Error: thrown: "Exceeded timeout of 200 ms for a test."\n    at _getError (/p/node_modules/jest-circus/build/a.js:1:2)\n\n[cause]: Error: thrown: "Exceeded"\n    at Object.<anonymous> (/p/test/r.test.ts:2:5)'] },
  ];
  try {
    await writeFile(resolve(dir, 'report.json'), JSON.stringify({ testResults: [{ name: '/p/test/r.test.ts', status: 'failed', assertionResults: cases }] }));
    const report = (await readJestJsonReports(dir, '/p'))!;
    assert.deepEqual(report.thrown, [
      { test: 'test/r.test.ts::receipt lists', fullName: 'receipt lists', name: 'TypeError', message: "Cannot read properties of undefined (reading 'length')", at: [{ file: '/p/src/receipt.ts', line: 24 }, { file: '/p/src/receipt.ts', line: 21 }] },
      { test: 'test/r.test.ts::code', fullName: 'code', name: 'TypeError', message: 'The "path" argument\nmust be a string', at: [{ file: '/p/src/receipt.ts', line: 24 }, { file: '/p/src/receipt.ts', line: 21 }] },
      // Jest's timeout: the frames of its `[cause]` (the test's definition) are not where it was thrown
      { test: 'test/r.test.ts::hangs', fullName: 'hangs', name: 'Error', message: 'thrown: "Exceeded timeout of 200 ms for a test."', at: [{ file: '/p/node_modules/jest-circus/build/a.js', line: 1 }] },
    ]);
    const { thrownFilter } = await import('../src/testing/test-launch.js');
    const f = thrownFilter({ filterId: 'all', match: '(error?.name === ${name} && error?.message === ${message})', condition: '(${errors}) && mark' }, report.thrown!.slice(0, 2));
    assert.equal(f.condition, '((error?.name === "TypeError" && error?.message === "Cannot read properties of undefined (reading \'length\')") || (error?.name === "TypeError" && error?.message === "The \\"path\\" argument\\nmust be a string")) && mark');
    const dollars = thrownFilter({ filterId: 'all', match: 'error?.message === ${message}', condition: '${errors}' }, [{ ...report.thrown![0]!, message: "price $' and $& kept" }]);
    assert.equal(dollars.condition, `error?.message === "price $' and $& kept"`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('Jest/Vitest JSON report: runnable ids of failed and passed tests; a file that cannot run is an error; only unselected tests is no tests ran', async () => {
  const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { readJestJsonReports } = await import('../src/testing/jest-json.js');
  const dir = await mkdtemp(resolve(tmpdir(), 'dapgate-jest-json-'));
  const write = (json: unknown) => writeFile(resolve(dir, 'report.json'), JSON.stringify(json));
  const base = readOutcome(form('node', 'jest'), '', undefined, false);
  try {
    const cases = [
      { ancestorTitles: ['cart'], title: 'discounted total', status: 'failed' },
      { ancestorTitles: ['cart'], title: 'plain total', status: 'passed' },
      { ancestorTitles: [], title: 'rounds', status: 'pending' },
    ];
    await write({ testResults: [{ name: '/p/test/cart.test.ts', status: 'failed', assertionResults: cases }] });
    const o = reportOutcome((await readJestJsonReports(dir, '/p'))!, base);
    assert.equal(o.outcome, 'failed');
    assert.deepEqual(o.failedTests, ['test/cart.test.ts::cart discounted total']);
    assert.deepEqual(o.passedTests, ['test/cart.test.ts::cart plain total']);
    await write({ testResults: [{ name: '/p/test/cart.test.ts', status: 'passed', assertionResults: cases.map((c) => ({ ...c, status: 'skipped' })) }] });
    const none = reportOutcome((await readJestJsonReports(dir, '/p'))!, base);
    assert.equal(none.outcome, 'no tests ran');
    assert.match(none.basis, /none of the file's 3 tests ran .*test\/cart\.test\.ts::cart discounted total/);
    await write({ testResults: [{ name: '/p/test/broken.test.ts', status: 'failed', message: '  \u001b[1m● Test suite failed to run\u001b[22m\n\n    Cannot find module \'../src/x\'\n', assertionResults: [] }] });
    const error = reportOutcome((await readJestJsonReports(dir, '/p'))!, base);
    assert.equal(error.outcome, 'error');
    assert.equal(error.basis, "the runner's report: 1 test file(s) failed to run: test/broken.test.ts: Cannot find module '../src/x'");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
