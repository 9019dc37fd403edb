import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './gateway.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end (bounded by `timeoutMs`) and returns its exit code and output, never throwing on a non-zero code. */
export async function runCommand(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number }): Promise<CommandResult> {
  try {
    const r = await run(command, args, { cwd: options.cwd, env: options.env ?? process.env, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code?: number | string; stdout?: string; stderr?: string; killed?: boolean; message: string };
    if (typeof err.code !== 'number') throw new Error(`${command} ${args.join(' ')}: ${err.killed ? `killed after ${options.timeoutMs} ms` : err.message}\n${err.stdout ?? ''}${err.stderr ?? ''}`);
    return { code: err.code, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
  }
}

/** The environment a new user has: none of dapgate's settings from this machine, a fresh adapter cache. */
export function freshUserEnv(cacheDir: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('DAPGATE_')));
  return { ...env, DAPGATE_CACHE_DIR: cacheDir };
}

export interface InstalledPackage {
  /** The temp folder holding the tarball, the app and the cache. */
  root: string;
  tarball: string;
  /** An empty npm project (outside any checkout) with the tarball installed. */
  app: string;
  bin: string;
  cacheDir: string;
}

/** `npm pack` of packages/mcp, then `npm install <tarball>` into an empty project in a temp folder. */
export async function packAndInstall(): Promise<InstalledPackage> {
  const root = mkdtempSync(join(tmpdir(), 'dapgate-package-'));
  const packed = await runCommand(npm, ['pack', '--silent', '--pack-destination', root], { cwd: join(repoRoot, 'packages', 'mcp'), timeoutMs: 120_000 });
  if (packed.code !== 0) throw new Error(`npm pack failed (${packed.code}): ${packed.stderr}`);
  const tarball = join(root, readdirSync(root).find((f) => f.endsWith('.tgz'))!);
  const app = join(root, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'new-user', private: true }));
  const installed = await runCommand(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: app, timeoutMs: 180_000 });
  if (installed.code !== 0) throw new Error(`npm install of the tarball failed (${installed.code}): ${installed.stderr}`);
  return { root, tarball, app, bin: join(app, 'node_modules', '.bin', process.platform === 'win32' ? 'dapgate.cmd' : 'dapgate'), cacheDir: join(root, 'cache') };
}
