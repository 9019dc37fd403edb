// What a new user gets from the published package: npm pack, install the tarball into an empty
// folder far from this checkout, a fresh adapter cache, then doctor, adapters install and real
// debugging through the installed bin with an MCP client.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { freshUserEnv, packAndInstall, runCommand, type InstalledPackage } from '../support/installed-package.js';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/**
 * PATH with a python3 (and python) first that has no debugpy, as a new user's often has: a venv made
 * here without pip, so the test does not depend on what this machine's python3 has installed.
 */
async function pathWithoutDebugpy(root: string): Promise<string> {
  const venv = join(root, 'python-without-debugpy');
  const made = await runCommand('python3', ['-m', 'venv', '--without-pip', venv], { cwd: root, timeoutMs: 60_000 });
  assert.equal(made.code, 0, `python3 -m venv: ${made.stderr}`);
  const bin = join(venv, process.platform === 'win32' ? 'Scripts' : 'bin');
  const probe = await runCommand(join(bin, 'python'), ['-c', 'import debugpy'], { cwd: root, timeoutMs: 30_000 });
  assert.notEqual(probe.code, 0, 'the fresh venv must not import debugpy');
  return `${bin}${delimiter}${process.env.PATH}`;
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('the npm package, installed from its tarball', () => {
  let pkg: InstalledPackage;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    pkg = await packAndInstall();
    env = { ...freshUserEnv(pkg.cacheDir), PATH: await pathWithoutDebugpy(pkg.root) };
    assert.ok(relative(repoRoot, pkg.app).startsWith('..'), `the install must not be inside the checkout: ${pkg.app}`);
  });
  after(() => {
    if (pkg) rmSync(pkg.root, { recursive: true, force: true });
  });

  test('the tarball carries the bundle, profiles, Java host sources, README and LICENSE, and no sources or maps', async () => {
    const list = await runCommand('tar', ['-tzf', pkg.tarball], { cwd: pkg.root, timeoutMs: 30_000 });
    const files = list.stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
    for (const f of ['package.json', 'README.md', 'LICENSE', 'bin/dapgate.mjs', 'dist/bundle/cli.js', 'adapters-config/python.json', 'adapters-config/patches/debugpy_fixes.py', 'packages/java-debug-host/pom.xml', 'examples/python/ledger.py', 'skills/debug-a-bug/SKILL.md']) {
      assert.ok(files.includes(f), `${f} missing from the tarball: ${files.join(', ')}`);
    }
    assert.ok(files.some((f) => f.startsWith('packages/java-debug-host/src/main/java/')), 'the Java host sources are missing');
    const unwanted = files.filter((f) => f.endsWith('.map') || (f.endsWith('.ts') && !f.endsWith('.d.ts')) || f.startsWith('src/') || f.includes('tsconfig'));
    assert.deepEqual(unwanted, []);
  });

  test("the README's package size is the tarball's (within 10 %), and the Java host's tests are not shipped", async () => {
    const packed = await runCommand(npm, ['pack', '--dry-run', '--json'], { cwd: join(repoRoot, 'packages', 'mcp'), timeoutMs: 120_000 });
    const [{ size, unpackedSize, entryCount, files }] = JSON.parse(packed.stdout) as { size: number; unpackedSize: number; entryCount: number; files: { path: string }[] }[];
    const said = /(\d+) kB\s+tarball\s+\(([\d.]+)\s+MB\s+unpacked,\s+(\d+)\s+files\)/.exec(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
    assert.ok(said, 'the README states the tarball size as "N kB tarball (M MB unpacked, F files)"');
    const near = (claimed: number, real: number, what: string) => assert.ok(Math.abs(claimed - real) <= real * 0.1, `README says ${what} ${claimed}, npm pack makes ${real}`);
    near(Number(said[1]) * 1000, size, 'tarball bytes');
    near(Number(said[2]) * 1e6, unpackedSize, 'unpacked bytes');
    near(Number(said[3]), entryCount, 'files');
    assert.deepEqual(files.filter((f) => f.path.includes('/src/test/')).map((f) => f.path), [], 'no test sources in the package');
  });

  test('--help and doctor answer from the installed copy, and doctor says what a fresh cache lacks', async () => {
    const help = await runCommand(npx, ['--no', '--', 'dapgate', '--help'], { cwd: pkg.app, env, timeoutMs: 60_000 });
    assert.equal(help.code, 0, help.stderr);
    assert.match(help.stdout, /dapgate adapters install/);
    const doctor = await runCommand(npx, ['--no', '--', 'dapgate', 'doctor'], { cwd: pkg.app, env, timeoutMs: 120_000 });
    assert.match(doctor.stdout, /^profiles: .*\bpython\b/m, doctor.stdout + doctor.stderr);
    assert.match(doctor.stdout, /^MISS python: .*\n\s+fix: run: npx dapgate adapters install python/m, doctor.stdout);
    assert.match(doctor.stdout, /^MISS node: .*\n\s+fix: run: npx dapgate adapters install node/m, doctor.stdout);
    assert.notEqual(doctor.code, 0, 'doctor must fail while adapters are missing');
  });

  test('adapters install python node into the fresh cache, then doctor reports both usable', async () => {
    const install = await runCommand(npx, ['--no', '--', 'dapgate', 'adapters', 'install', 'python', 'node'], { cwd: pkg.app, env, timeoutMs: 240_000 });
    assert.equal(install.code, 0, install.stdout + install.stderr);
    const doctor = await runCommand(npx, ['--no', '--', 'dapgate', 'doctor'], { cwd: pkg.app, env, timeoutMs: 120_000 });
    assert.match(doctor.stdout, /^ok\s+python: debugpy .*\(TCP_NODELAY \+ lazy-log fixes applied\)/m, doctor.stdout);
    assert.ok(doctor.stdout.includes(pkg.cacheDir), `doctor must name the fresh cache ${pkg.cacheDir}: ${doctor.stdout}`);
    assert.match(doctor.stdout, /^ok\s+node: /m, doctor.stdout);
  });

  test('an MCP client debugs a Python, a Node and a TypeScript program through the installed bin', async () => {
    const client = new Client({ name: 'dapgate-package-e2e', version: '1.0.0' });
    const transport = new StdioClientTransport({ command: pkg.bin, args: [], cwd: pkg.app, env: env as Record<string, string>, stderr: 'pipe' });
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    await client.connect(transport);
    const call = async (name: string, args: Record<string, unknown>) => {
      const r = (await client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 })) as { content: { text: string }[]; structuredContent?: Record<string, any>; isError?: boolean };
      const text = r.content.map((c) => c.text).join('\n');
      assert.ok(!r.isError, `${name} failed: ${text}\n${stderr}`);
      return { text, structured: r.structuredContent ?? {} };
    };
    try {
      const ledger = pyExample('ledger.py');
      const line = lineOf(ledger, 'total = acct.post(amount)');
      const py = await call('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line, condition: 'amount < 0' }] });
      assert.equal(py.structured.state, 'stopped', py.text);
      assert.equal(py.structured.stop.line, line, py.text);
      assert.equal(py.structured.locals.amount, '-15', py.text);
      assert.ok(py.text.includes(pkg.cacheDir) || (await call('debug_diagnose', {})).text.includes(pkg.cacheDir), 'python must run from the fresh cache');
      await call('debug_stop', { sessionId: py.structured.sessionId });

      const quick = join(repoRoot, 'examples', 'node', 'quick.js');
      const nodeLine = lineOf(quick, 'count += step;');
      const js = await call('debug_launch', { program: quick, breakpoints: [{ file: quick, line: nodeLine }] });
      assert.equal(js.structured.state, 'stopped', js.text);
      assert.equal(js.structured.stop.line, nodeLine, js.text);
      assert.equal(js.structured.locals.step, '5', js.text);
      await call('debug_stop', { sessionId: js.structured.sessionId });

      // no tsx near this file: the package's own tsx must run it
      const ts = join(pkg.root, 'scale.ts');
      writeFileSync(ts, 'function scale(values: number[], by: number): number[] {\n  const out = values.map((v) => v * by);\n  return out;\n}\nconsole.log(scale([1, 2, 3], 4).join(","));\n');
      const t = await call('debug_launch', { program: ts, cwd: pkg.root, breakpoints: [{ file: ts, line: 2 }] });
      assert.equal(t.structured.state, 'stopped', t.text);
      assert.equal(t.structured.stop.line, 2, t.text);
      assert.equal(t.structured.locals.by, '4', t.text);
      await call('debug_stop', { sessionId: t.structured.sessionId });
    } finally {
      await client.close();
    }
  });
});
