import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheDir } from '../paths.js';
import { which } from '../which.js';
import { runStep } from '../process/run-command.js';

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
  const go = process.env.DAPGATE_GO ?? (await which('go'));
  if (!go) throw new Error('the Go toolchain (go) is not on PATH: install Go 1.25+ (https://go.dev/dl), or set DAPGATE_GO to its go binary');
  const target = join(cacheDir(), spec.target);
  await mkdir(target, { recursive: true });
  const ref = `${spec.package}@${spec.version}`;
  log(`GOBIN=${target} ${go} install ${ref} (a few minutes on a small machine)`);
  await runStep(go, ['install', ref], `go install ${ref}`, { timeoutMs: BUILD_TIMEOUT_MS, env: { ...process.env, GOBIN: target, CGO_ENABLED: process.env.CGO_ENABLED ?? '0' } });
  return target;
}
