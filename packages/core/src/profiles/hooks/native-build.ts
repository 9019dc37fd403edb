import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { GatewayError } from '../../errors.js';
import { cacheDir } from '../../paths.js';
import { whichFirst } from '../../which.js';
import { runCommand } from '../../process/run-command.js';
import { firstLines, OncePerKey } from './build-helpers.js';

const CXX_EXTENSIONS = new Set(['.cpp', '.cc', '.cxx', '.c++', '.cp']);
const HEADER = /\.(h|hh|hpp|hxx|inl)$/;
const builds = new OncePerKey<string>();

/** Whether `file` is a C or C++ source dapgate can build into a debuggable binary. */
export function isNativeSource(file: string): boolean {
  const ext = extname(file).toLowerCase();
  return ext === '.c' || CXX_EXTENSIONS.has(ext);
}

/**
 * Builds a single C/C++ source with `-g -O0` into dapgate's cache, keyed by a hash of the
 * compiler, the source and the headers beside it: an unchanged program is not rebuilt.
 */
export async function buildNativeSource(source: string): Promise<string> {
  const cxx = CXX_EXTENSIONS.has(extname(source).toLowerCase());
  const names = cxx ? ['g++', 'clang++', 'c++'] : ['gcc', 'clang', 'cc'];
  const compiler = await whichFirst(names);
  if (!compiler) throw new GatewayError(`no ${cxx ? 'C++' : 'C'} compiler found to build ${basename(source)} (looked for ${names.join(', ')})`, `install one (Debian: apt-get install ${cxx ? 'g++' : 'gcc'}), or build it yourself with -g -O0 and launch the binary with language "${cxx ? 'cpp' : 'c'}"`, 'toolchain-missing');
  const flags = ['-g', '-O0', '-fno-omit-frame-pointer', ...(cxx ? ['-std=c++17'] : [])];
  const hash = createHash('sha256').update(compiler).update(flags.join(' ')).update(source);
  hash.update(await readFile(source));
  for (const header of await headersBeside(source)) hash.update(header).update(await readFile(header));
  const key = hash.digest('hex').slice(0, 20);
  const dir = join(cacheDir(), 'native-builds', key);
  const binary = join(dir, basename(source, extname(source)) + (process.platform === 'win32' ? '.exe' : ''));
  if (await exists(binary)) return binary;
  return builds.run(key, async () => {
    await mkdir(dir, { recursive: true });
    const partial = `${binary}.partial-${process.pid}`;
    const r = await runCommand(compiler, [...flags, '-o', partial, source, ...(cxx ? [] : ['-lm'])], { cwd: dirname(source), timeoutMs: 120_000 });
    if (!r.ok) throw new GatewayError(`${basename(compiler)} could not build ${basename(source)} (${r.failure}):\n${firstLines(r.stderr || r.stdout)}`, 'fix the compile errors, or build the program yourself with -g -O0 and launch the binary', 'build-failed');
    await rename(partial, binary);
    return binary;
  });
}

async function headersBeside(source: string): Promise<string[]> {
  try {
    return (await readdir(dirname(source))).filter((f) => HEADER.test(f)).sort().map((f) => join(dirname(source), f));
  } catch {
    return [];
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
