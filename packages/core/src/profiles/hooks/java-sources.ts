import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, sep } from 'node:path';
import { GatewayError } from '../../errors.js';
import { pathExists } from '../../paths.js';
import { which } from '../../which.js';

// Java sources on disk, shared by the Java launch hook (java.ts) and JUnit tests (junit.ts).

/** A source file's fully qualified class name and the root of its package tree. */
export async function javaSource(file: string): Promise<{ className: string; sourceRoot: string }> {
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(await readFile(file, 'utf8'))?.[1];
  const name = basename(file, '.java');
  let sourceRoot = dirname(file);
  if (pkg) {
    const suffix = pkg.split('.').join(sep);
    if (sourceRoot.endsWith(suffix)) sourceRoot = sourceRoot.slice(0, -suffix.length - 1) || sep;
  }
  return { className: pkg ? `${pkg}.${name}` : name, sourceRoot };
}

/** The JDK's javac: DAPGATE_JAVA_HOME or JAVA_HOME, else PATH. */
export async function javacPath(): Promise<string> {
  const home = process.env.DAPGATE_JAVA_HOME ?? process.env.JAVA_HOME;
  const exe = process.platform === 'win32' ? 'javac.exe' : 'javac';
  const fromHome = home ? join(home, 'bin', exe) : undefined;
  const found = (fromHome && (await pathExists(fromHome)) ? fromHome : undefined) ?? (await which('javac'));
  if (!found) throw new GatewayError('javac not found: a JDK is needed to compile .java programs', 'install a JDK (17+) or set JAVA_HOME; or pass mainClass + classPaths of compiled classes', 'toolchain-missing');
  return found;
}

/** The newest .java file's mtime under `dir`, `depth` folders down (a compile cache key). */
export async function newestJavaMtime(dir: string, depth: number): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, entry);
    const st = await stat(path).catch(() => undefined);
    if (!st) continue;
    if (st.isFile() && entry.endsWith('.java')) newest = Math.max(newest, st.mtimeMs);
    else if (st.isDirectory() && depth > 0 && !entry.startsWith('.') && entry !== 'node_modules' && entry !== 'target') newest = Math.max(newest, await newestJavaMtime(path, depth - 1));
  }
  return newest;
}
