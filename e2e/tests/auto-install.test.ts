import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { Gateway, lineOf, pyExample, repoRoot } from '../support/gateway.js';

/** A tool call that records the MCP progress notifications sent for it. */
async function callWithProgress(g: Gateway, name: string, args: Record<string, unknown>): Promise<{ text: string; structured: Record<string, any>; isError: boolean; progress: string[] }> {
  const progress: string[] = [];
  const r = (await g.client.callTool({ name, arguments: args }, undefined, { timeout: 300_000, onprogress: (p) => progress.push(String(p.message ?? '')) })) as {
    content: { text: string }[];
    structuredContent?: Record<string, any>;
    isError?: boolean;
  };
  return { text: r.content.map((c) => c.text).join('\n'), structured: r.structuredContent ?? {}, isError: !!r.isError, progress };
}

// A user with no adapters (a Claude Desktop .mcpb user has no shell to run `dapgate adapters install`
// in): the first call that needs an adapter installs it into dapgate's cache, with progress.
describe('adapters install themselves on first use', () => {
  const dirs: string[] = [];
  const fresh = (prefix: string) => {
    const d = mkdtempSync(join(tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
  after(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  test('python: a debugpy found only on PATH is replaced by dapgate\'s own venv, installed on the first launch with progress; two launches share one install', async () => {
    const cache = fresh('dapgate-auto-cache-');
    // a python3 on PATH that has debugpy (the shared test cache's venv, as a VS Code user's Python would)
    const bin = fresh('dapgate-auto-bin-');
    const withDebugpy = join(process.env.DAPGATE_CACHE_DIR || join(process.env.HOME ?? '', '.cache', 'dapgate'), 'venvs', 'debugpy', 'bin', 'python');
    assert.ok(existsSync(withDebugpy), `the test needs the suite's debugpy venv at ${withDebugpy}`);
    writeFileSync(join(bin, 'python3'), `#!/bin/sh\nexec "${withDebugpy}" "$@"\n`);
    chmodSync(join(bin, 'python3'), 0o755);
    const g = await Gateway.start({ DAPGATE_CACHE_DIR: cache, PATH: `${bin}${delimiter}${process.env.PATH}` });
    try {
      const quick = pyExample('quick.py');
      const line = lineOf(quick, 'out.append(v * v)');
      const [a, b] = await Promise.all([
        callWithProgress(g, 'debug_launch', { program: quick, breakpoints: [{ file: quick, line }] }),
        callWithProgress(g, 'debug_launch', { program: quick, breakpoints: [{ file: quick, line }] }),
      ]);
      for (const r of [a, b]) {
        assert.equal(r.isError, false, r.text);
        assert.equal(r.structured.state, 'stopped', r.text);
        assert.ok(r.progress.some((m) => /installing debugpy into dapgate's cache/.test(m)), r.progress.join('\n'));
      }
      assert.equal(a.progress.filter((m) => /creating venv/.test(m)).length, 1, `one install: ${a.progress.join('\n')}`);
      const langs = await g.ok('debug_languages');
      const py = langs.structured.languages.find((l: any) => l.id === 'python');
      assert.ok(String(py.path).startsWith(cache), `python runs from dapgate's own venv in ${cache}: ${py.path}`);
      const again = await callWithProgress(g, 'debug_launch', { program: quick, breakpoints: [{ file: quick, line }] });
      assert.deepEqual(again.progress.filter((m) => /install/.test(m)), [], 'installed once, not on every launch');
    } finally {
      await g.close();
    }
  });

  test('node: js-debug installed on the first launch', async () => {
    const cache = fresh('dapgate-auto-cache-');
    const g = await Gateway.start({ DAPGATE_CACHE_DIR: cache });
    try {
      const quick = join(repoRoot, 'examples', 'node', 'quick.js');
      const line = lineOf(quick, 'count += step;');
      const r = await callWithProgress(g, 'debug_launch', { program: quick, breakpoints: [{ file: quick, line }] });
      assert.equal(r.isError, false, r.text);
      assert.equal(r.structured.state, 'stopped', r.text);
      assert.ok(r.progress.some((m) => /installing js-debug/.test(m)), r.progress.join('\n'));
    } finally {
      await g.close();
    }
  });

  test('--no-install: nothing is installed, and the answer says how to install', async () => {
    const cache = fresh('dapgate-auto-cache-');
    const emptyPath = fresh('dapgate-auto-nopath-');
    const g = await Gateway.start({ DAPGATE_CACHE_DIR: cache, PATH: emptyPath }, ['--no-install']);
    try {
      const r = await callWithProgress(g, 'debug_launch', { program: pyExample('quick.py') });
      assert.equal(r.isError, true, r.text);
      assert.match(r.text, /debugpy is not installed/, r.text);
      assert.match(r.text, /adapters install python/, r.text);
      assert.equal(existsSync(join(cache, 'venvs')), false, 'nothing installed');
    } finally {
      await g.close();
    }
  });
});
