import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from '../paths.js';
import { which } from '../which.js';

export interface GoInstallSpec {
  package: string;
  version: string;
  target: string;
}

const BUILD_TIMEOUT_MS = 15 * 60_000;

/**
 * Builds a pinned Go program with the machine's Go toolchain into the cache:
 * `GOBIN=<cache>/<target> go install <package>@<version>`. Go's own module proxy settings apply.
 */
export async function installGo(spec: GoInstallSpec, log: (line: string) => void): Promise<string> {
  const go = process.env.DAPGATE_GO ?? which('go');
  if (!go) throw new Error('the Go toolchain (go) is not on PATH: install Go 1.25+ (https://go.dev/dl), or set DAPGATE_GO to its go binary');
  const target = join(cacheDir(), spec.target);
  mkdirSync(target, { recursive: true });
  const ref = `${spec.package}@${spec.version}`;
  log(`GOBIN=${target} ${go} install ${ref} (a few minutes on a small machine)`);
  await run(go, ['install', ref], { ...process.env, GOBIN: target, CGO_ENABLED: process.env.CGO_ENABLED ?? '0' }, `go install ${ref}`);
  return target;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-4_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), BUILD_TIMEOUT_MS);
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(new Error(`failed to ${what}: ${e.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`failed to ${what} (${signal ? `killed by ${signal}${signal === 'SIGKILL' ? ` after ${BUILD_TIMEOUT_MS / 60_000} min` : ''}` : `exit ${code}`}):\n${output.trim().split('\n').slice(-8).join('\n')}`));
    });
  });
}
