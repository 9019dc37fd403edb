import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, repoRoot } from '../support/gateway.js';

/**
 * libtest captures a test's output until the test ends, its panic message too: debug_test's first
 * answer, at the panic, carries that panic's own message (not an earlier test's expected one), and
 * the outcome still names which tests failed and passed when tests print.
 */
describe('debug_test on a failing Rust test: the panic message at the stop (real cargo, real lldb-dap)', () => {
  let g: Gateway;
  let ws: string;
  before(async () => {
    ws = mkdtempSync(join(tmpdir(), 'dapgate-panic-message-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-panic-message'), ws, { recursive: true, filter: (src) => !/[\\/]target(?:[\\/]|$)/.test(src) });
    g = await Gateway.start({ CARGO_TARGET_DIR: join(ws, 'target') });
  });
  after(async () => {
    await g?.close();
    rmSync(ws, { recursive: true, force: true });
  });

  test('the whole file: the stop names c_fails_with_message\'s assertion with its values; the outcome lists the tests that failed and passed', async () => {
    const r = await g.ok('debug_test', { test: 'tests/t.rs', cwd: ws }, 600_000);
    assert.match(r.text, /Passed over a failure stop: the #\[should_panic\] test expects it\./, r.text);
    assert.match(r.text, /stopped at panic: assertion `left == right` failed: the sum of 2 items; left: 2; right: 3, /, r.text);
    assert.doesNotMatch(r.text, /expected boom|its message was not available/, r.text);
    const next = await g.ok('debug_continue', {}, 120_000);
    assert.match(next.text, /stopped at panic: bad input "x", /, next.text);
    const end = await g.ok('debug_continue', {}, 120_000);
    assert.equal(end.structured.testOutcome.outcome, 'failed', end.text);
    assert.deepEqual(end.structured.testOutcome.failedTests, ['c_fails_with_message', 'd_panics_with_format'], end.text);
    assert.deepEqual(end.structured.testOutcome.passedTests, ['a_prints_then_passes', 'b_expects_panic'], end.text);
    assert.match(end.text, /failed: c_fails_with_message, d_panics_with_format\.$/m, end.text);
  });

  test('one test by id: its message at the first answer', async () => {
    const r = await g.ok('debug_test', { test: 'tests/t.rs::d_panics_with_format', cwd: ws }, 600_000);
    assert.match(r.text, /stopped at panic: bad input "x", /, r.text);
    await g.ok('debug_stop');
  });
});
