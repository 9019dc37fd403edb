import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Gateway, lineOf, pyExample, repoRoot } from '../support/gateway.js';

const script = join(repoRoot, 'adapters-config', 'patches', 'debugpy_fixes.py');
const edited = ['common/messaging.py', '_vendored/pydevd/_pydevd_bundle/pydevd_comm.py', 'common/log.py'];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('debugpy fixes: TCP_NODELAY, lazy environment log (real debugpy from dapgate venv)', () => {
  let g: Gateway;
  let python: string;
  let version: string;
  before(async () => {
    g = await Gateway.start();
    const langs = await g.ok('debug_languages');
    const py = langs.structured.languages.find((l: any) => l.id === 'python');
    assert.equal(py.installed, true, `debugpy must be installed for this test: ${langs.text}`);
    python = py.path;
    version = py.version;
  });
  after(async () => {
    await g?.close();
  });

  test('finding debugpy usable starts its Python once per look: the fix check does the import check too (profile patch.checksRuntime)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-starts-'));
    const starts = join(dir, 'starts');
    const wrapper = join(dir, 'python');
    writeFileSync(starts, '');
    writeFileSync(wrapper, `#!/bin/sh\necho "$*" >> ${JSON.stringify(starts)}\nexec ${JSON.stringify(python)} "$@"\n`, { mode: 0o755 });
    const counted = await Gateway.start({ DAPGATE_DEBUGPY_PYTHON: wrapper });
    try {
      const py = (await counted.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'python');
      assert.equal(py.installed, true, JSON.stringify(py));
      assert.match(py.version, /^\d+\.\d+\.\d+ \(.*applied\)/, 'the version and the fix status, as from two checks');
      // each resolution (the lookup ahead; debug_languages looks again) starts it once: the fix check alone
      const lines = readFileSync(starts, 'utf8').trim().split('\n');
      assert.ok(lines.length >= 1 && lines.every((l) => l.endsWith('debugpy_fixes.py check')), `one start per resolution: ${lines.join(' | ')}`);
    } finally {
      await counted.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('debug_languages reports the fixes as applied', () => {
    assert.match(version, /^1\.8\.\d+ \(TCP_NODELAY \+ lazy-log fixes applied\)$/, version);
  });

  test('evaluate round trips no longer wait for a delayed ACK (~44 ms each without the fix)', async () => {
    const ledger = pyExample('ledger.py');
    const line = lineOf(ledger, 'fee = 1 if amount < 0');
    const launched = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] });
    assert.equal(launched.structured.state, 'stopped', launched.text);
    const times: number[] = [];
    for (let i = 0; i < 9; i++) {
      const t = performance.now();
      const r = await g.ok('debug_evaluate', { expression: `amount * ${i + 2}` });
      times.push(performance.now() - t);
      assert.equal(r.structured.result, String(40 * (i + 2)), r.text);
    }
    const stepT = performance.now();
    const step = await g.ok('debug_step', { kind: 'over' });
    const stepMs = performance.now() - stepT;
    assert.match(step.text, /Changed: fee: \(new\) 0/, step.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
    // with the stall every evaluate takes >= 40 ms; without it a few ms, even on a busy machine
    assert.ok(median(times) < 30, `median evaluate ${median(times).toFixed(1)} ms: ${times.map((x) => x.toFixed(1)).join(' ')}`);
    assert.ok(stepMs < 150, `step with changed locals took ${stepMs.toFixed(1)} ms (four stalled requests: ~180 ms)`);
  });

  test('no installed-package listing at launch unless a debugpy log file records it', () => {
    const log = join(mkdtempSync(join(tmpdir(), 'dapgate-envlog-')), 'debugpy.log');
    const probe = [
      'from importlib import metadata',
      'listed = []',
      'real = metadata.distributions',
      'metadata.distributions = lambda *a, **k: (listed.append(1), real(*a, **k))[1]',
      'from debugpy.common import log',
      'log.describe_environment("no log file")',
      'print("listed without a log file:", len(listed))',
      `log.to_file(filename=${JSON.stringify(log)})`,
      'log.describe_environment("with a log file")',
      'print("listed with a log file:", len(listed))',
    ].join('\n');
    const r = spawnSync(python, ['-c', probe], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /listed without a log file: 0\nlisted with a log file: 1\n/, r.stdout);
    assert.match(readFileSync(log, 'utf8'), /with a log file[\s\S]*Installed packages:\n[\s\S]*\bdebugpy==1\./);
    rmSync(dirname(log), { recursive: true, force: true });
  });

  test('the patch script: finds what is missing, applies idempotently, refuses a version whose code moved', () => {
    const r = spawnSync(python, ['-c', 'import debugpy, os; print(os.path.dirname(debugpy.__file__))'], { encoding: 'utf8' });
    const installed = r.stdout.trim();
    const scratch = mkdtempSync(join(tmpdir(), 'dapgate-nodelay-'));
    try {
      const pkg = join(scratch, 'debugpy');
      for (const f of ['__init__.py', '_version.py', ...edited]) cpSync(join(installed, f), join(pkg, f));
      // the script finds debugpy where the interpreter imports it from: put the scratch copy first
      const runHere = (verb: string) => {
        const wrapper = join(scratch, 'run.py');
        writeFileSync(wrapper, `import sys, runpy\nsys.path.insert(0, ${JSON.stringify(scratch)})\nsys.argv = [${JSON.stringify(script)}, ${JSON.stringify(verb)}]\nrunpy.run_path(sys.argv[0], run_name="__main__")\n`);
        return spawnSync(python, [wrapper], { encoding: 'utf8' });
      };
      const patched = edited.map((f) => readFileSync(join(pkg, f), 'utf8'));
      assert.equal(runHere('check').status, 0, 'the installed copy carries the fix');
      // strip the fixes: each TCP_NODELAY edit is a 4-line block starting with the marked `try:`, the log edit 2 marked lines
      for (const f of edited) {
        const text = readFileSync(join(pkg, f), 'utf8')
          .replace(/^[ \t]*try: {2}# dapgate:tcp-nodelay \S+\n.*\n.*\n.*\n/gm, '')
          .replace(/^.*# dapgate:lazy-environment-log.*\n/gm, '');
        writeFileSync(join(pkg, f), text);
      }
      const missing = runHere('check');
      assert.equal(missing.status, 1, missing.stdout);
      assert.match(missing.stdout, /missing: adapter-streams, describe-environment, pydevd-client, pydevd-server/);
      const applied = runHere('apply');
      assert.equal(applied.status, 0, applied.stdout + applied.stderr);
      assert.match(applied.stdout, /4 edit\(s\) made/);
      assert.deepEqual(edited.map((f) => readFileSync(join(pkg, f), 'utf8')), patched, 'apply restores exactly the installed fix');
      assert.match(runHere('apply').stdout, /0 edit\(s\) made, 4 already present/);
      assert.deepEqual(edited.map((f) => readFileSync(join(pkg, f), 'utf8')), patched, 'a second apply changes nothing');

      // a debugpy whose code moved: the spot is named, nothing is changed
      const comm = join(pkg, edited[1]!);
      const moved = readFileSync(comm, 'utf8').replace(/^[ \t]*try: {2}# dapgate:tcp-nodelay pydevd-client\n.*\n.*\n.*\n/m, '').replace('# no timeout after connected', '');
      writeFileSync(comm, moved);
      for (const verb of ['check', 'apply']) {
        const refused = runHere(verb);
        assert.equal(refused.status, 2, refused.stdout);
        assert.match(refused.stdout, /pydevd-client\) has moved: a line matching .* was not found in .*pydevd_comm\.py/);
      }
      assert.equal(readFileSync(comm, 'utf8'), moved, 'a refused apply leaves the file as it was');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
