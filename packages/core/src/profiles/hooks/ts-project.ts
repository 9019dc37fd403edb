import { access, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * The folder of the project a file belongs to: the nearest folder up holding a tsconfig.json or
 * package.json, plus the tsconfig's outDir and rootDir when they lie outside it.
 */
export async function projectRoots(file: string): Promise<string[]> {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const tsconfig = join(dir, 'tsconfig.json');
    if (await exists(tsconfig)) return [dir, ...(await tsconfigDirs(tsconfig, dir))];
    if (await exists(join(dir, 'package.json'))) return [dir];
    if (dirname(dir) === dir) return [dirname(file)];
  }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** outDir / rootDir of a tsconfig (comments and trailing commas allowed, as tsc allows them). */
async function tsconfigDirs(tsconfig: string, dir: string): Promise<string[]> {
  try {
    const text = (await readFile(tsconfig, 'utf8'))
      .replace(/"(?:[^"\\]|\\.)*"|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (m) => (m.startsWith('"') ? m : ''))
      .replace(/,(\s*[}\]])/g, '$1');
    const options = (JSON.parse(text) as { compilerOptions?: { outDir?: string; rootDir?: string } }).compilerOptions ?? {};
    return [options.outDir, options.rootDir].filter((d): d is string => typeof d === 'string').map((d) => resolve(dir, d));
  } catch {
    return [];
  }
}

/** Folders that contain none of the others: `/a` covers `/a/b`. */
export function outermost(dirs: string[]): string[] {
  const unique = [...new Set(dirs.map((d) => resolve(d)))];
  return unique.filter((d) => !unique.some((o) => o !== d && (d + '/').startsWith(o.endsWith('/') ? o : `${o}/`)));
}
