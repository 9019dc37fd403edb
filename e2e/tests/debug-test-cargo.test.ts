import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/** The last line of an answer: debug_test's answers end with the outcome once the runner ended. */
const lastLine = (text: string) => text.trim().split('\n').pop()!;

/**
 * debug_test on a Cargo workspace (two member crates; unit tests, two integration test binaries
 * with a same-named test, #[should_panic] tests, a doc test), copied so the test may edit it.
 * One target folder serves every case (builds are slow on a loaded machine).
 */
describe('debug_test on a Cargo workspace (real cargo, real lldb-dap)', () => {
  let g: Gateway;
  let ws: string;
  let aRs: string;
  let libRs: string;
  before(async () => {
    ws = mkdtempSync(join(tmpdir(), 'dapgate-cargo-ws-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'cargo-ws'), ws, { recursive: true, filter: (src) => !/[\\/]target(?:[\\/]|$)/.test(src) });
    aRs = join(ws, 'parser', 'tests', 'a.rs');
    libRs = join(ws, 'parser', 'src', 'lib.rs');
    g = await Gateway.start({ CARGO_TARGET_DIR: join(ws, 'target') });
  });
  after(async () => {
    await g?.close();
    rmSync(ws, { recursive: true, force: true });
  });

  test('debug_languages shows the Rust id forms with examples this file runs', async () => {
    const langs = await g.ok('debug_languages');
    const rust = langs.structured.languages.find((l: { id: string }) => l.id === 'rust');
    assert.equal(rust.testIds, 'parser/tests/a.rs::test_parse | --test b test_parse | tests::div_by_zero_panics', langs.text);
  });

  test('a name in two test binaries is refused with runnable ids naming each binary; the file, binary::name and --test forms pick one; a doc test is refused with a reason', async () => {
    const both = await g.call('debug_test', { test: 'test_parse', cwd: ws }, 600_000);
    assert.equal(both.isError, true, both.text);
    assert.match(both.text, /'test_parse' matches tests in 2 test binaries: parser\/tests\/a\.rs::test_parse \(test binary a of parser\), parser\/tests\/b\.rs::test_parse \(test binary b of parser\)/, both.text);
    assert.match(both.text, /Next: pass one of them as test \(e\.g\. test: "parser\/tests\/a\.rs::test_parse"\)/, both.text);

    const line = lineOf(aRs, 'assert_eq!(parsed, wanted);');
    const byFile = await g.ok('debug_test', { test: 'parser/tests/a.rs::test_parse', cwd: ws }, 600_000);
    assert.match(byFile.text, /Built first: cargo test --no-run --manifest-path parser\/Cargo\.toml --test a\./, byFile.text);
    assert.match(byFile.text, /Runs test_parse in test binary a of parser\./, byFile.text);
    assert.match(byFile.text, /failed here:/, byFile.text);
    assert.equal(byFile.structured.failureLocation.line, line, byFile.text);
    assert.match(byFile.structured.failureLocals.parsed, /None/, byFile.text);
    assert.match(byFile.structured.failureLocals.wanted, /41/, byFile.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from exit code 101 and the runner's summary "test result: FAILED\. 0 passed; 1 failed/, end.text);

    const byBinary = await g.ok('debug_test', { test: 'a::test_parse', cwd: ws }, 600_000);
    assert.match(byBinary.text, /Runs test_parse in test binary a of parser\./, byBinary.text);
    assert.equal(byBinary.structured.failureLocation.line, line, byBinary.text);
    await g.ok('debug_stop');

    const byFlag = await g.ok('debug_test', { test: '--test b test_parse', cwd: ws }, 600_000);
    assert.match(byFlag.text, /Runs test_parse in test binary b of parser\./, byFlag.text);
    assert.equal(byFlag.structured.testOutcome.outcome, 'passed', byFlag.text);
    assert.match(lastLine(byFlag.text), /^Test outcome: PASSED — from exit code 0 and the runner's summary "test result: ok\. 1 passed/, byFlag.text);

    // an #[ignore] test asked for by its exact name runs, as an IDE's run of that one test does
    const ignored = await g.ok('debug_test', { test: 'parser/tests/b.rs::slow_parse', cwd: ws }, 600_000);
    assert.match(ignored.text, /failed here:/, ignored.text);
    assert.equal(ignored.structured.failureLocation.line, lineOf(join(ws, 'parser', 'tests', 'b.rs'), 'assert_eq!(parsed, Some(13));'), ignored.text);
    const ignoredEnd = await g.ok('debug_continue', {}, 60_000);
    assert.match(lastLine(ignoredEnd.text), /^Test outcome: FAILED — from exit code 101 and the runner's summary "test result: FAILED\. 0 passed; 1 failed/, ignoredEnd.text);

    const inPackage = await g.ok('debug_test', { test: '--test b reads_own_manifest', cwd: ws }, 600_000);
    assert.equal(inPackage.structured.testOutcome?.outcome, 'passed', `runs in the package's folder, as cargo test does: ${inPackage.text}`);

    for (const doc of ['parser/src/lib.rs - parse_number (line 3)', '--doc parse_number']) {
      const refused = await g.call('debug_test', { test: doc, cwd: ws }, 60_000);
      assert.equal(refused.isError, true, refused.text);
      assert.match(refused.text, /is a doc test: rustdoc compiles each doc test into a temporary program[\s\S]*Next: move the example into a #\[test\] function/, refused.text);
    }
  });

  test('unit tests by file, --lib and -p; a passing #[should_panic] test is never a stop; a binary with one is stopped only at the real failure', async () => {
    const unit = await g.ok('debug_test', { test: 'parser/src/lib.rs::tests::sum_of_two', cwd: ws }, 600_000);
    assert.match(unit.text, /Runs tests::sum_of_two in the unit tests of parser's library\./, unit.text);
    assert.equal(unit.structured.failureLocation.line, lineOf(libRs, 'assert_eq!(total, expected);'), unit.text);
    assert.equal(unit.structured.failureLocals.total, '5', unit.text);
    assert.equal(unit.structured.failureLocals.expected, '6', unit.text);
    await g.ok('debug_stop');

    const lib = await g.ok('debug_test', { test: '--lib tests::sum_of_two', cwd: join(ws, 'parser') }, 600_000);
    assert.equal(lib.structured.failureLocation.line, lineOf(libRs, 'assert_eq!(total, expected);'), lib.text);
    await g.ok('debug_stop');

    const member = await g.ok('debug_test', { test: '-p units --lib doubles', cwd: ws }, 600_000);
    assert.match(member.text, /Runs tests::doubles in the unit tests of units's library\./, member.text);
    assert.equal(member.structured.testOutcome.outcome, 'passed', member.text);

    const expects = await g.ok('debug_test', { test: 'tests::div_by_zero_panics', cwd: ws }, 600_000);
    assert.notEqual(expects.structured.state, 'stopped', expects.text);
    assert.doesNotMatch(expects.text, /failed here/, expects.text);
    assert.match(expects.text, /Passed over a failure stop: the #\[should_panic\] test expects it\./, expects.text);
    assert.equal(expects.structured.testOutcome.outcome, 'passed', expects.text);

    const binary = await g.ok('debug_test', { test: 'parser/tests/a.rs', cwd: ws }, 600_000);
    assert.match(binary.text, /Runs 2 tests \(rejects_division_by_zero, test_parse\) in test binary a of parser\./, binary.text);
    assert.equal(binary.structured.failureLocation.line, lineOf(aRs, 'assert_eq!(parsed, wanted);'), binary.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.match(lastLine(end.text), /"test result: FAILED\. 1 passed; 1 failed[^"]*"; failed: test_parse\.$/, end.text);
    assert.deepEqual(end.structured.testOutcome.failedTests, ['test_parse'], end.text);
    assert.deepEqual(end.structured.testOutcome.passedTests, ['rejects_division_by_zero'], end.text);
  });

  test('a build error is shown as rustc printed it; once fixed, the same id is rebuilt and PASSES', async () => {
    const original = readFileSync(aRs, 'utf8');
    writeFileSync(aRs, original.replace('let wanted = Some(41);', 'let wanted: Option<i64> = "41";'));
    const broken = await g.call('debug_test', { test: 'parser/tests/a.rs::test_parse', cwd: ws }, 600_000);
    assert.equal(broken.isError, true, broken.text);
    assert.match(broken.text, /cargo test --no-run failed[\s\S]*error\[E0308\]: mismatched types[\s\S]*--> parser\/tests\/a\.rs:4:/, broken.text);
    assert.doesNotMatch(broken.text, /Compiling parser/, 'cargo\'s progress lines are not errors');

    writeFileSync(aRs, original.replace('"4 1"', '"41"'));
    const fixed = await g.ok('debug_test', { test: 'parser/tests/a.rs::test_parse', cwd: ws }, 600_000);
    assert.equal(fixed.structured.testOutcome.outcome, 'passed', fixed.text);
    assert.match(lastLine(fixed.text), /^Test outcome: PASSED — from exit code 0 and the runner's summary "test result: ok\. 1 passed/, fixed.text);
  });
});
