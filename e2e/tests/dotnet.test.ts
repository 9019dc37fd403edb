import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';
import { spawnSync } from 'node:child_process';

const project = join(repoRoot, 'examples', 'dotnet');
const program = join(project, 'Program.cs');
const hasDotnet = !spawnSync('dotnet', ['--version'], { timeout: 30_000 }).error;

describe('.NET through netcoredbg', () => {
  test('debug_languages reports netcoredbg and how to get it', async () => {
    const g = await Gateway.start();
    try {
      const langs = await g.ok('debug_languages');
      const row = langs.structured.languages.find((l: any) => l.id === 'dotnet');
      assert.ok(row, langs.text);
      if (!row.installed) {
        assert.match(row.install, /github\.com\/Samsung\/netcoredbg\/releases/);
        assert.match(row.install, /DAPGATE_NETCOREDBG_PATH/);
      }
    } finally {
      await g.close();
    }
  });

  test('launch a project folder: build, conditional breakpoint, variables, evaluate, step, exit code', async (t) => {
    const g = await Gateway.start();
    try {
      const row = (await g.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'dotnet');
      const missing = [hasDotnet ? '' : 'dotnet (the .NET SDK)', row?.installed ? '' : 'netcoredbg'].filter(Boolean);
      if (missing.length) {
        t.skip(`needs ${missing.join(' and ')}, which this machine does not have`);
        return;
      }
      const line = lineOf(program, 'total = acct.Post(amounts[step]);');
      const r = await g.ok('debug_launch', { program: project, breakpoints: [{ file: program, line, condition: 'step == 1' }] }, 300_000);
      assert.equal(r.structured.state, 'stopped', r.text);
      assert.equal(r.structured.locals.step, '1', r.text);
      const entries = await g.ok('debug_variables', { path: 'acct.Entries', depth: 1 });
      assert.match(entries.text, /39/, entries.text);
      const ev = await g.ok('debug_evaluate', { expression: 'acct.Balance() + amounts[1]' });
      assert.equal(ev.structured.result, '24', ev.text);
      const into = await g.ok('debug_step', { kind: 'into' });
      assert.match(into.structured.stop.function, /Post/, into.text);
      await g.ok('debug_step', { kind: 'out' });
      await g.ok('debug_breakpoint_remove', { all: true });
      const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
      assert.equal(end.structured.exitCode, 3, end.text);
    } finally {
      await g.close();
    }
  });
});
