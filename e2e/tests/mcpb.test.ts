// The Claude Desktop bundle: built and validated with the mcpb CLI, then unpacked and started the
// way Claude Desktop starts it (manifest.json's mcp_config, ${__dirname} = the unpacked folder).
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { lineOf, repoRoot } from '../support/gateway.js';
import { runCommand } from '../support/installed-package.js';

const pkgDir = join(repoRoot, 'packages', 'mcp');
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
const mcpb = join(repoRoot, 'node_modules', '.bin', 'mcpb');
const unpacked = mkdtempSync(join(tmpdir(), 'dapgate-mcpb-'));
after(() => rmSync(unpacked, { recursive: true, force: true }));

test('the .mcpb bundle is built and validated by the mcpb CLI, and starts as Claude Desktop starts it', async () => {
  const built = await runCommand(process.execPath, [join(pkgDir, 'scripts', 'build-mcpb.mjs')], { cwd: repoRoot, timeoutMs: 240_000 });
  assert.equal(built.code, 0, built.stdout + built.stderr);
  assert.match(built.stdout, /Manifest schema validation passes/);
  const file = join(pkgDir, 'dist', 'mcpb', `dapgate-${pkg.version}.mcpb`);
  assert.ok(existsSync(file), `${file} was not produced: ${built.stdout}`);

  const unpack = await runCommand(mcpb, ['unpack', file, unpacked], { cwd: repoRoot, timeoutMs: 60_000 });
  assert.equal(unpack.code, 0, unpack.stdout + unpack.stderr);
  const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
  assert.equal(manifest.name, pkg.name);
  assert.equal(manifest.version, pkg.version);
  assert.equal(manifest.server.type, 'node');
  assert.ok(existsSync(join(unpacked, manifest.server.entry_point)), 'the entry point is in the bundle');
  assert.ok(existsSync(join(unpacked, 'adapters-config', 'python.json')), 'the profiles are in the bundle');
  const validated = await runCommand(mcpb, ['validate', join(unpacked, 'manifest.json')], { cwd: repoRoot, timeoutMs: 60_000 });
  assert.equal(validated.code, 0, validated.stdout + validated.stderr);

  const { command, args } = manifest.server.mcp_config as { command: string; args: string[] };
  assert.equal(command, 'node');
  const client = new Client({ name: 'dapgate-mcpb-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: args.map((a) => a.replace('${__dirname}', unpacked)), cwd: tmpdir(), env: process.env as Record<string, string>, stderr: 'ignore' }));
  try {
    const r = (await client.callTool({ name: 'debug_languages', arguments: {} }, undefined, { timeout: 60_000 })) as { structuredContent?: { languages?: { id: string }[] } };
    const ids = (r.structuredContent?.languages ?? []).map((l) => l.id);
    assert.ok(ids.includes('python') && ids.includes('java') && ids.includes('node'), `profiles loaded from the bundle: ${ids.join(', ')}`);
  } finally {
    await client.close();
  }
});

test("the bundle's user_config (evaluation mode, allowed folders, cache) reaches the server; from an empty HOME it installs adapters on first use", async () => {
  const manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8'));
  assert.deepEqual(Object.keys(manifest.user_config).sort(), ['allowed_roots', 'cache_dir', 'eval_mode']);
  const home = mkdtempSync(join(tmpdir(), 'dapgate-mcpb-home-'));
  const cache = join(home, 'adapters');
  const examples = join(repoRoot, 'examples');
  try {
    // what Claude Desktop does with the manifest and the user's answers
    const { getMcpConfigForManifest } = await import('@anthropic-ai/mcpb');
    const config = (await getMcpConfigForManifest({ manifest, extensionPath: unpacked, systemDirs: {}, userConfig: { eval_mode: 'readonly', allowed_roots: [examples], cache_dir: cache }, pathSeparator: '/' })) as { args: string[]; env: Record<string, string> };
    assert.deepEqual(config.args.slice(1), ['--allow-roots', examples]);
    const client = new Client({ name: 'dapgate-mcpb-config', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: config.args, cwd: home, env: { ...(process.env as Record<string, string>), HOME: home, ...config.env }, stderr: 'ignore' }));
    const call = async (name: string, args: Record<string, unknown>) => {
      const progress: string[] = [];
      const r = (await client.callTool({ name, arguments: args }, undefined, { timeout: 300_000, onprogress: (p) => progress.push(String(p.message ?? '')) })) as { content: { text: string }[]; structuredContent?: Record<string, any>; isError?: boolean };
      return { text: r.content.map((c) => c.text).join('\n'), structured: r.structuredContent ?? {}, isError: !!r.isError, progress };
    };
    try {
      const ledger = join(examples, 'python', 'ledger.py');
      const line = lineOf(ledger, 'total = acct.post(amount)');
      const py = await call('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] });
      assert.equal(py.structured.state, 'stopped', py.text);
      assert.ok(py.progress.some((m) => /installing debugpy/.test(m)), `progress shown: ${py.progress.join(' | ')}`);
      assert.ok(existsSync(join(cache, 'venvs', 'debugpy')), 'installed into the chosen cache folder');
      const ev = await call('debug_evaluate', { expression: 'acct.post(1)' });
      assert.equal(ev.isError, true, ev.text);
      assert.match(ev.text, /readonly/, ev.text);
      await call('debug_stop', {});
      const quick = join(examples, 'node', 'quick.js');
      const js = await call('debug_launch', { program: quick, breakpoints: [{ file: quick, line: lineOf(quick, 'count += step;') }] });
      assert.equal(js.structured.state, 'stopped', js.text);
      assert.ok(js.progress.some((m) => /installing js-debug/.test(m)), `progress shown: ${js.progress.join(' | ')}`);
      await call('debug_stop', {});
      const outside = join(home, 'outside.py');
      writeFileSync(outside, 'print(1)\n');
      const refused = await call('debug_launch', { program: outside });
      assert.equal(refused.isError, true, refused.text);
      assert.match(refused.text, /outside/i, refused.text);
    } finally {
      await client.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
