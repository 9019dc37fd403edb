// A project whose pytest addopts hold -v (as python-tabulate's): the id check reads the ids pytest
// collects whatever the project's verbosity, and never refuses an id it could not read.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

describe('debug_test on a pytest project with -v in addopts (real debugpy, real pytest)', () => {
  let g: Gateway;
  let project: string;
  before(async () => {
    project = mkdtempSync(join(tmpdir(), 'dapgate-pytest-verbose-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'pytest-verbose'), project, { recursive: true, filter: (src) => !/__pycache__|\.pytest_cache/.test(src) });
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(project, { recursive: true, force: true });
  });

  test('a node id runs and stops where the test fails', async () => {
    const file = join(project, 'tests', 'test_widths.py');
    const r = await g.call('debug_test', { test: 'tests/test_widths.py::test_two_digits', cwd: project }, 120_000);
    try {
      assert.equal(r.isError, false, r.text);
      assert.doesNotMatch(r.text, /matches no test/, r.text);
      assert.equal(r.structured.state, 'stopped', r.text);
      assert.match(r.text, new RegExp(`test_widths\\.py:${lineOf(file, 'assert digits == 2')}\\b`), r.text);
    } finally {
      await g.call('debug_stop');
    }
  });

  test('an id that is not there is refused with the ids pytest collects', async () => {
    const r = await g.call('debug_test', { test: 'tests/test_widths.py::test_three_digits', cwd: project }, 120_000);
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /matches no test: pytest collects 2 in tests\/test_widths\.py/, r.text);
    assert.match(r.text, /test_two_digits/, r.text);
  });

  test('a failure in a helper says where debugpy paused execution: the test frame a step goes on from', async () => {
    const test = join(project, 'tests', 'test_helper.py');
    const r = await g.ok('debug_test', { test: 'tests/test_helper.py::test_through_helper', cwd: project }, 120_000);
    try {
      assert.equal(r.structured.state, 'stopped', r.text);
      // debugpy's own note and its "no description" are not shown as the exception
      assert.doesNotMatch(r.text, /note: full exception trace is shown|no description/, r.text);
      assert.match(r.text, /stopped at exception: AssertionError, tests[\\/]checks\.py:3 in assert_equal/, r.text);
      const line = lineOf(test, 'assert_equal(4, got)');
      assert.match(r.text, new RegExp(`Execution is paused in frame 1 \\(test_through_helper at tests[\\\\/]test_helper\\.py:${line}\\)`), r.text);
      assert.equal(r.structured.pausedFrame, 1, r.text);
    } finally {
      await g.call('debug_stop');
    }
  });
});
