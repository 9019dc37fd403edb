import { access, constants, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join } from 'node:path';

/** Finds an executable on PATH (PATHEXT on Windows); an absolute or relative path is checked as is. */
export async function which(name: string, env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').concat('') : [''];
  const candidates = isAbsolute(name) || name.includes('/') || name.includes('\\')
    ? exts.map((e) => name + e)
    : (env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((dir) => exts.map((e) => join(dir, name + e)));
  for (const candidate of candidates) if (await isExecutableFile(candidate)) return candidate;
  return undefined;
}

/** The first of several names found on PATH. */
export async function whichFirst(names: readonly string[]): Promise<string | undefined> {
  for (const name of names) {
    const found = await which(name);
    if (found) return found;
  }
  return undefined;
}

async function isExecutableFile(path: string): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
