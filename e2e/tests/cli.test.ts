import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { binPath, repoRoot } from '../support/gateway.js';

// The CLI commands say what is true: their exit codes and lines, not only the MCP server's answers.

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function dapgate(args: string[], env: Record<string, string | undefined> = {}, timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [binPath, ...args], { cwd: repoRoot, env: { ...process.env, ...env }, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A profiles folder holding copies of the named profiles only. */
function profilesFolder(...ids: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-profiles-'));
  for (const id of ids) copyFileSync(join(repoRoot, 'adapters-config', `${id}.json`), join(dir, `${id}.json`));
  return dir;
}

test('demo passes the DAPGATE_* settings to its server, and exits 1 when a call it expects to succeed fails', async () => {
  const elsewhere = mkdtempSync(join(tmpdir(), 'dapgate-root-'));
  try {
    // with the examples outside the allowed roots, the server must refuse the launch
    const r = await dapgate(['demo'], { DAPGATE_ALLOW_ROOTS: elsewhere }, 120_000);
    assert.match(r.stdout, />>> debug_launch .*\(error result\)/, r.stdout);
    assert.match(r.stdout, /is outside the allowed folders/, r.stdout);
    assert.equal(r.code, 1, `exit code ${r.code}\n${r.stdout}\n${r.stderr}`);
    assert.match(r.stderr, /demo FAILED: debug_launch failed/);
    assert.doesNotMatch(r.stdout, /demo finished/);
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test('adapters install with no adapter named shows its usage and installs nothing', async () => {
  const r = await dapgate(['adapters', 'install'], {}, 20_000);
  assert.equal(r.code, 2, `exit code ${r.code}\n${r.stdout}\n${r.stderr}`);
  assert.match(r.stderr, /^usage: dapgate adapters install <id>\.\.\. \| all/);
  assert.equal(r.stdout, '', 'nothing was installed or checked');
});

test("adapters install node names js-debug's own pinned version, and Node's as the runtime's", async () => {
  const r = await dapgate(['adapters', 'install', 'node']);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  const line = r.stdout.split('\n').find((l) => l.startsWith('node: ')) ?? '';
  assert.match(line, /js-debug v1\.112\.0 at \S+dapDebugServer\.js \(runtime \S+, v\d+\.\d+\.\d+\)/, r.stdout);
  assert.doesNotMatch(line, new RegExp(`js-debug ${process.version.replace(/\./g, '\\.')}`), 'the runtime version is not the adapter version');
});

test('doctor: a missing adapter fails it; a missing .NET, which no test can verify here, is named and does not', async () => {
  const onlyDotnet = profilesFolder('dotnet');
  const withLldb = profilesFolder('dotnet', 'lldb');
  try {
    const missingDotnet = { DAPGATE_NETCOREDBG_PATH: '/nonexistent/netcoredbg', DAPGATE_LLDB_DAP_PATH: '/nonexistent/lldb-dap' };
    const dotnet = await dapgate(['doctor'], { ...missingDotnet, DAPGATE_CONFIG_DIR: onlyDotnet });
    assert.equal(dotnet.code, 0, dotnet.stdout + dotnet.stderr);
    assert.match(dotnet.stdout, /^skip dotnet: not verifiable here \(.*\); no usable netcoredbg/m, dotnet.stdout);
    assert.match(dotnet.stdout, /to use it: Linux|to use it: macOS|to use it: Windows/);
    const lldb = await dapgate(['doctor'], { ...missingDotnet, DAPGATE_CONFIG_DIR: withLldb });
    assert.equal(lldb.code, 1, lldb.stdout + lldb.stderr);
    assert.match(lldb.stdout, /^MISS lldb: /m, lldb.stdout);
  } finally {
    rmSync(onlyDotnet, { recursive: true, force: true });
    rmSync(withLldb, { recursive: true, force: true });
  }
});

test('a usage error prints its one line and where help is, not the whole --help', async () => {
  const r = await dapgate(['--http', '127.0.0.1:7070'], { DAPGATE_HTTP_TOKEN: '' }, 20_000);
  assert.equal(r.code, 2, r.stderr);
  assert.equal(r.stderr, 'dapgate: --http needs DAPGATE_HTTP_TOKEN set to a secret of at least 16 characters (clients send it as a bearer token)\n(see dapgate --help)\n');
  const flag = await dapgate(['--no-such-flag'], {}, 20_000);
  assert.equal(flag.code, 2);
  assert.equal(flag.stderr, 'dapgate: unknown flag --no-such-flag\n(see dapgate --help)\n');
});
