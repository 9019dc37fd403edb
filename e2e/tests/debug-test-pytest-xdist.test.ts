import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';
// @ts-expect-error: a plain .mjs script (shared with .ci/run), without types
import { prepareFixtures } from '../../scripts/prepare-fixtures.mjs';

/** The last line of an answer: debug_test's answers end with the outcome once the runner ended. */
const lastLine = (text: string) => text.trim().split('\n').pop()!;

/**
 * debug_test on a pytest project whose pytest.ini turns on pytest-xdist (`addopts = -n auto`),
 * with its own .venv (e2e/fixtures/pytest-xdist, requirements.txt): run from a copy, its .venv linked.
 */
describe('debug_test on a pytest project that runs its tests with pytest-xdist (real debugpy, the project\'s own pytest and xdist)', () => {
  let g: Gateway;
  let project: string;
  before(async () => {
    await prepareFixtures();
    const fixture = join(repoRoot, 'e2e', 'fixtures', 'pytest-xdist');
    project = mkdtempSync(join(tmpdir(), 'dapgate-pytest-xdist-'));
    cpSync(fixture, project, { recursive: true, filter: (src) => !src.startsWith(join(fixture, '.venv')) && !/__pycache__|\.pytest_cache/.test(src) });
    symlinkSync(join(fixture, '.venv'), join(project, '.venv'));
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  test('the failing assert stops in the one pytest process with the test\'s locals; the answer says xdist was turned off; a passing raises is no stop; the outcome is the report\'s', async () => {
    const file = join(project, 'tests', 'test_stock.py');
    const r = await g.ok('debug_test', { test: 'tests/test_stock.py', cwd: project }, 120_000);
    assert.match(r.text, /pytest-xdist is turned off for this run \(--numprocesses=0\)/, r.text);
    assert.equal(r.structured.stop?.reason, 'exception', r.text);
    assert.match(r.text, /failed here:/, r.text);
    assert.equal(r.structured.stop?.line, lineOf(file, 'assert left == 3'), r.text);
    assert.equal(r.structured.locals?.left, '7', r.text);
    assert.equal(r.structured.locals?.worker, "'main'", 'the test ran in pytest\'s own process, not an xdist worker');
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.notEqual(end.structured.state, 'stopped', `one stop only, none at the ValueError pytest.raises expects: ${end.text}`);
    assert.equal(end.structured.testOutcome?.outcome, 'failed', end.text);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(tests\/test_stock\.py::test_reserve_takes_stock\), 2 passed/, end.text);
  });

  test('a breakpoint in the code under test stops there, in pytest\'s own process', async () => {
    const stock = join(project, 'inventory', 'stock.py');
    const line = lineOf(stock, 'stock[sku] = left');
    const r = await g.ok('debug_test', { test: 'tests/test_stock.py::test_reserve_takes_stock', cwd: project, breakpoints: [{ file: stock, line }] }, 120_000);
    assert.equal(r.structured.stop?.reason, 'breakpoint', r.text);
    assert.equal(r.structured.stop?.line, line, r.text);
    assert.equal(r.structured.locals?.left, '7', r.text);
    await g.ok('debug_stop');
  });

  test('a -k selection is turned off too; options that already keep xdist off (PYTEST_ADDOPTS -n 0) get no flag and no note', async () => {
    const k = await g.ok('debug_test', { test: '-k rejects_zero', cwd: project }, 120_000);
    assert.match(k.text, /pytest-xdist is turned off for this run/, k.text);
    assert.match(lastLine(k.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(tests\/test_stock\.py::test_reserve_rejects_zero\)/, k.text);
    const off = await g.ok('debug_test', { test: 'tests/test_stock.py::test_reserve_takes_stock', cwd: project, env: { PYTEST_ADDOPTS: '-n 0' } }, 120_000);
    assert.doesNotMatch(off.text, /xdist|--numprocesses/, off.text);
    assert.equal(off.structured.locals?.worker, "'main'", off.text);
    await g.ok('debug_stop');
  });
});
