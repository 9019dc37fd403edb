import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { killGroup, startDebugpyListener, startInspectTarget, startJdwpTarget } from '../support/processes.js';

// The debuggee runs from a copy of the sources in another folder ("the container"), so every path
// it reports differs from the agent's; breakpoints are set on the agent's files and stops come back there.
const remote = realpathSync(mkdtempSync(join(tmpdir(), 'dapgate-remote-')));
const copy = (file: string) => {
  const to = join(remote, file.split('/').pop()!);
  copyFileSync(file, to);
  return to;
};

describe('attach with path mappings: the program runs from other paths (real adapters)', () => {
  let g: Gateway;
  const targets: ChildProcess[] = [];
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    for (const t of targets) killGroup(t);
    await g?.close();
    rmSync(remote, { recursive: true, force: true });
  });

  test('python: pathMappings', async () => {
    const local = pyExample('loop.py');
    const langs = await g.ok('debug_languages');
    const python = langs.structured.languages.find((l: any) => l.id === 'python').path;
    const port = await freePort();
    targets.push(startDebugpyListener(python, port, copy(local), ['120']));
    const a = await g.ok('debug_attach', { language: 'python', port, waitForTargetMs: 15_000, pathMappings: [{ localRoot: dirname(local), remoteRoot: remote }] });
    assert.ok(['running', 'stopped'].includes(a.structured.state), a.text);
    const line = lineOf(local, 'counter["n"] += 1');
    const bp = await g.ok('debug_breakpoint_set', { file: local, line });
    assert.match(bp.text, /verified/, bp.text);
    const w = await g.ok('debug_wait', { timeoutMs: 20_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.file, local, w.text);
    assert.match(w.text, new RegExp(`> ${line} \\|`), 'source shown from the local file');
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop', { terminate: true });
  });

  test('node: localRoot / remoteRoot', async () => {
    const local = join(repoRoot, 'examples', 'node', 'ticker.js');
    const port = await freePort();
    targets.push(startInspectTarget(copy(local), port, { args: ['120'] }));
    await g.ok('debug_attach', { language: 'node', port, waitForTargetMs: 15_000, localRoot: dirname(local), remoteRoot: remote });
    const line = lineOf(local, 'ticks += 1;');
    await g.ok('debug_breakpoint_set', { file: local, line });
    const w = await g.ok('debug_wait', { timeoutMs: 20_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.file, local, w.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop', { terminate: true });
  });

  test('java: sourcePaths', async () => {
    const local = join(repoRoot, 'examples', 'java', 'Service.java');
    const port = await freePort();
    targets.push(startJdwpTarget(copy(local), port, { args: ['300'] }));
    // cwd is the folder it runs from, as when attaching to a program deployed elsewhere: the sources are found only through sourcePaths
    await g.ok('debug_attach', { language: 'java', port, waitForTargetMs: 30_000, cwd: remote, sourcePaths: [dirname(local)] }, 120_000);
    const line = lineOf(local, 'int total = totals.getOrDefault(customer, 0) + amount;');
    await g.ok('debug_breakpoint_set', { file: local, line });
    const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.file, local, w.text);
    assert.match(w.text, new RegExp(`> ${line} \\|`), 'source shown from the local file');
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop', { terminate: true });
  });
});
