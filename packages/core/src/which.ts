import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/** Finds an executable on PATH (PATHEXT on Windows); an absolute or relative path is checked as is. */
export function which(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const exts = process.platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').concat('') : [''];
  const candidates = isAbsolute(name) || name.includes('/') || name.includes('\\')
    ? exts.map((e) => name + e)
    : (env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((dir) => exts.map((e) => join(dir, name + e)));
  return candidates.find(isExecutableFile);
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
