import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { GatewayError } from '../../errors.js';
import { cacheDir } from '../../paths.js';
import { which } from '../../which.js';
import type { ProfileHooks, TemplateVars } from './types.js';
import { jarMainClass } from './zip-manifest.js';
import { prepareJUnitTest } from './junit.js';

/**
 * Java launch forms: a `.java` file (compiled with debug info into dapgate's cache), a jar
 * (Main-Class from its manifest), or `mainClass` + `classPaths`. java-debug wants `args` and
 * `vmArgs` as single strings.
 */
export const javaHooks: ProfileHooks = {
  prepareLaunch(vars: TemplateVars) {
    const program = vars.program;
    const classPaths = (vars.classPaths as string[] | undefined)?.map((p) => resolve(vars.cwd, p));
    if (program?.endsWith('.java')) {
      const built = compile(program);
      vars.mainClass ??= built.mainClass;
      vars.classPaths = [built.classDir, ...(classPaths ?? [])];
      vars.sourcePaths = [built.sourceRoot];
    } else if (program?.endsWith('.jar')) {
      const main = vars.mainClass ?? jarMainClass(program);
      if (!main) throw new GatewayError(`${basename(program)} has no Main-Class in its manifest`, 'pass mainClass');
      vars.mainClass = main;
      vars.classPaths = [program, ...(classPaths ?? [])];
    } else if (vars.mainClass) {
      vars.classPaths = classPaths ?? [vars.cwd];
    } else {
      throw new GatewayError('Java launch needs a .java file, a .jar, or mainClass (+ classPaths)', 'e.g. {program: "src/App.java"} or {mainClass: "com.acme.App", classPaths: ["target/classes"]}');
    }
    vars.sourcePaths ??= [vars.cwd];
    vars.argsLine = commandLine(vars.args as string[] | undefined);
    vars.vmArgsLine = commandLine(vars.vmArgs as string[] | undefined);
  },
  prepareTest: prepareJUnitTest,
};

function commandLine(parts: string[] | undefined): string | undefined {
  if (!parts?.length) return undefined;
  return parts.map((p) => (/[\s"]/.test(p) || p === '' ? `"${p.replace(/(["\\])/g, '\\$1')}"` : p)).join(' ');
}

/** Compiles a .java file (and what it references under its source root) with -g, once per change. */
function compile(file: string): { mainClass: string; classDir: string; sourceRoot: string } {
  const { className: mainClass, sourceRoot } = javaSource(file);
  const classDir = join(cacheDir(), 'java-classes', createHash('sha1').update(file).digest('hex').slice(0, 16));
  const stamp = join(classDir, '.dapgate-stamp');
  const fingerprint = String(newestJavaMtime(sourceRoot, 3));
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === fingerprint) return { mainClass, classDir, sourceRoot };
  const javac = javacPath();
  mkdirSync(classDir, { recursive: true });
  const r = spawnSync(javac, ['-g', '-encoding', 'UTF-8', '-d', classDir, '-sourcepath', sourceRoot, file], { encoding: 'utf8', timeout: 120_000, windowsHide: true });
  if (r.error || r.status !== 0) {
    const out = (r.error?.message ?? `${r.stdout}${r.stderr}`).trim().split('\n').slice(0, 30).join('\n');
    throw new GatewayError(`javac could not compile ${basename(file)}:\n${out}`, 'fix the compile errors, or launch prebuilt classes with mainClass + classPaths');
  }
  writeFileSync(stamp, fingerprint);
  return { mainClass, classDir, sourceRoot };
}

/** A source file's fully qualified class name and the root of its package tree. */
export function javaSource(file: string): { className: string; sourceRoot: string } {
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(readFileSync(file, 'utf8'))?.[1];
  const name = basename(file, '.java');
  let sourceRoot = dirname(file);
  if (pkg) {
    const suffix = pkg.split('.').join(sep);
    if (sourceRoot.endsWith(suffix)) sourceRoot = sourceRoot.slice(0, -suffix.length - 1) || sep;
  }
  return { className: pkg ? `${pkg}.${name}` : name, sourceRoot };
}

export function javacPath(): string {
  const home = process.env.DAPGATE_JAVA_HOME ?? process.env.JAVA_HOME;
  const exe = process.platform === 'win32' ? 'javac.exe' : 'javac';
  const fromHome = home ? join(home, 'bin', exe) : undefined;
  const found = (fromHome && existsSync(fromHome) ? fromHome : undefined) ?? which('javac');
  if (!found) throw new GatewayError('javac not found: a JDK is needed to compile .java programs', 'install a JDK (17+) or set JAVA_HOME; or pass mainClass + classPaths of compiled classes');
  return found;
}

export function newestJavaMtime(dir: string, depth: number): number {
  let newest = 0;
  for (const entry of safeList(dir)) {
    const path = join(dir, entry);
    const st = statSync(path, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isFile() && entry.endsWith('.java')) newest = Math.max(newest, st.mtimeMs);
    else if (st.isDirectory() && depth > 0 && !entry.startsWith('.') && entry !== 'node_modules' && entry !== 'target') newest = Math.max(newest, newestJavaMtime(path, depth - 1));
  }
  return newest;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
