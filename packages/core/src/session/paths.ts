import { realpathSync } from 'node:fs';
import { isAbsolute, normalize, relative, resolve, sep } from 'node:path';

/** An absolute, normalized, symlink-resolved path (as far as the file exists). */
export function canonicalPath(path: string, base = process.cwd()): string {
  const abs = resolve(base, path);
  try {
    return realpathSync.native(abs);
  } catch {
    return normalize(abs);
  }
}

/** Path equality as the OS sees it (case-insensitive on Windows and macOS by default). */
export function samePath(a: string, b: string): boolean {
  const ca = canonicalPath(a);
  const cb = canonicalPath(b);
  return process.platform === 'win32' || process.platform === 'darwin' ? ca.toLowerCase() === cb.toLowerCase() : ca === cb;
}

/** `parse.js:207 in parseObject`: where a frame is, as every answer says it (never `function:line`, which reads as a file). */
export function framePlace(f: { name: string; line: number; source?: { path?: string; name?: string } }, cwd: string): string {
  return `${shortPath(f.source?.path ?? f.source?.name, cwd)}:${f.line} in ${f.name}`;
}

/** A path as short as it can be while staying unambiguous: relative to `cwd` when inside it. */
export function shortPath(path: string | undefined, cwd: string): string {
  if (!path) return '<no source>';
  if (!isAbsolute(path)) return path;
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : path;
}
