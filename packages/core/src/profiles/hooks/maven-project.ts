import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join, relative, sep } from 'node:path';
import { GatewayError } from '../../errors.js';
import { cacheDir, pathExists } from '../../paths.js';
import { runCommand } from '../../process/run-command.js';
import { which } from '../../which.js';
import { OncePerKey } from './build-helpers.js';

/** A Maven module and the reactor (the topmost folder of nested poms) it builds in. */
export interface MavenModule {
  root: string;
  module: string;
}

export interface MavenTestBuild {
  /** target/test-classes, target/classes, then the test-scope dependencies, as Maven resolved them. */
  classPath: string[];
  /** How Maven ran (offline or not), in words. */
  how: string;
}

const builds = new OncePerKey<MavenTestBuild>();
const DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.6.1';

/** The Maven module holding `path` (a file or folder): the nearest folder at or above it with a pom.xml. */
export async function mavenModuleOf(path: string): Promise<MavenModule | undefined> {
  let dir = path;
  let module: string | undefined;
  for (let d = dir; ; d = dirname(d)) {
    if (await pathExists(join(d, 'pom.xml'))) {
      module = d;
      break;
    }
    if (dirname(d) === d) return undefined;
  }
  dir = module;
  let root = module;
  while (dirname(dir) !== dir && (await pathExists(join(dirname(dir), 'pom.xml')))) {
    dir = dirname(dir);
    root = dir;
  }
  return { root, module };
}

/**
 * Builds the module's tests as the IDE does before running them: `mvn test-compile` for the
 * module and what it needs (`-pl <module> -am`), offline when the local repository has
 * everything, else online; in the same run the test class path (dependency:build-classpath,
 * test scope). Maven's own errors are the answer when the build fails.
 */
export async function mavenTestBuild(m: MavenModule): Promise<MavenTestBuild> {
  return builds.run(m.module, async () => {
    const mvn = await which('mvn');
    if (!mvn) throw new GatewayError(`${m.module} is a Maven project, and Maven (mvn) is not on PATH to build its tests`, 'install Maven (or put mvn on PATH); dapgate builds the tests as the IDE does before running them', 'toolchain-missing');
    const out = join(cacheDir(), 'maven-test-classpaths');
    await mkdir(out, { recursive: true });
    const pom = await readFile(join(m.module, 'pom.xml'), 'utf8');
    const file = join(out, `${createHash('sha1').update(m.module).update(pom).digest('hex').slice(0, 16)}.txt`);
    const pl = relative(m.root, m.module);
    // as an IDE's incremental build: nothing under the reactor changed since dapgate's last build of it
    const stamp = `${file}.stamp`;
    const fingerprint = String(await newestSource(m.root));
    const built = await readFile(stamp, 'utf8').catch(() => '');
    if (built === fingerprint && (await pathExists(file)) && (await pathExists(join(m.module, 'target', 'test-classes')))) {
      return { classPath: await classPathOf(m, file), how: 'no source or pom changed since dapgate last built it, so Maven was not run again' };
    }
    const args = ['-B', '-q', '-Dstyle.color=never', ...(pl ? ['-pl', pl.split(sep).join('/'), '-am'] : []), 'test-compile', `${DEPENDENCY_PLUGIN}:build-classpath`, '-Dmdep.includeScope=test', `-Dmdep.outputFile=${file}`];
    // Maven's own JVM starts faster without the optimizing compiler (a build this short never needs it); a user's MAVEN_OPTS wins
    const ours = process.env.MAVEN_OPTS === undefined;
    const env = { ...process.env, MAVEN_OPTS: process.env.MAVEN_OPTS ?? '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' };
    let offline = true;
    let r = await runCommand(mvn, ['-o', ...args], { timeoutMs: 300_000, cwd: m.root, env });
    let how = 'mvn -o test-compile (offline: the local repository had what it needs)';
    if (!r.ok && needsNetwork(r.stdout + r.stderr)) {
      offline = false;
      r = await runCommand(mvn, args, { timeoutMs: 600_000, cwd: m.root, env });
      how = 'mvn test-compile (online: the local repository lacked some dependencies)';
    }
    // without the optimizing compiler javac's frames are larger: deep code (a long call chain) can
    // overflow its stack under dapgate's options where the user's own `mvn` builds it
    let again = false;
    if (!r.ok && ours && compilerCrashed(r.stdout + r.stderr)) {
      again = true;
      r = await runCommand(mvn, [...(offline ? ['-o'] : []), ...args], { timeoutMs: 600_000, cwd: m.root, env: process.env });
      how += "; run again without dapgate's MAVEN_OPTS after javac crashed under them";
    }
    if (!r.ok) {
      const also = again ? " (also when run again without dapgate's MAVEN_OPTS, after javac crashed under them)" : '';
      const hint = compilerCrashed(r.stdout + r.stderr)
        ? 'javac itself crashed, which is no error in the code: give Maven\'s JVM more room (MAVEN_OPTS="-Xss16m" for a StackOverflowError, -Xmx for an OutOfMemoryError; dapgate passes MAVEN_OPTS on), then run the test again'
        : 'fix what Maven reports, then run the test again (dapgate builds first)';
      throw new GatewayError(`Maven could not build the tests of ${pl || 'the project'} (${r.failure ?? `exit code ${r.exitCode}`})${also}; Maven printed:\n${mavenErrors(r.stdout + r.stderr)}`, hint, 'build-failed');
    }
    await writeFile(stamp, fingerprint);
    return { classPath: await classPathOf(m, file), how };
  });
}

async function classPathOf(m: MavenModule, file: string): Promise<string[]> {
  const deps = (await readFile(file, 'utf8').catch(() => '')).trim();
  return [join(m.module, 'target', 'test-classes'), join(m.module, 'target', 'classes'), ...(deps ? deps.split(delimiter) : [])];
}

/** The newest modification time of a pom.xml or source under the reactor (build output and hidden folders left out). */
async function newestSource(dir: string, depth = 14): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (depth > 0 && !entry.name.startsWith('.') && !['target', 'node_modules', 'build'].includes(entry.name)) newest = Math.max(newest, await newestSource(path, depth - 1));
    } else if (entry.name === 'pom.xml' || /\.(java|kt|properties|xml|json|txt)$/.test(entry.name) || dir.includes(`${sep}resources`)) {
      const st = await stat(path).catch(() => undefined);
      if (st) newest = Math.max(newest, st.mtimeMs);
    }
  }
  return newest;
}

/** Whether a failed offline Maven run failed for want of artifacts the network would give. */
function needsNetwork(output: string): boolean {
  return /offline mode|has not been downloaded from it before|Could not resolve|could not be resolved|Cannot access .* in offline mode|Plugin .* or one of its dependencies could not be resolved/i.test(output);
}

/** javac itself failed (its stack or heap ran out, or it threw), as opposed to reporting errors in the code. */
const COMPILER_CRASH = /An exception has occurred in the compiler|^(?:Exception in thread "[^"]*" )?java\.lang\.(?:StackOverflowError|OutOfMemoryError)\b/m;

function compilerCrashed(output: string): boolean {
  return COMPILER_CRASH.test(output);
}

/**
 * Maven's first error lines (compile errors with file:line come first), without colour codes;
 * a javac crash first (Maven's own [ERROR] lines then name only a warning javac printed before it).
 */
export function mavenErrors(output: string, count = 20): string {
  // eslint-disable-next-line no-control-regex
  const lines = output.replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((l) => l.trimEnd()).filter((l) => l.trim());
  const crash = lines.filter((l) => COMPILER_CRASH.test(l)).map((l) => l.replace(/ Please file a bug[\s\S]*$/, '')).slice(0, 2);
  const errors = lines.filter((l) => l.startsWith('[ERROR]') && !/^\[ERROR\]\s*(-> \[Help|Re-run Maven|To see the full|For more information|$)/.test(l));
  return [...crash, ...(errors.length ? errors : lines)].slice(0, count).join('\n');
}

/** The newest modification time of the files named `*ext` under `dir` (0 when none). */
export async function newestMtime(dir: string, ext: string, depth = 12): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, entry);
    const st = await stat(path).catch(() => undefined);
    if (!st) continue;
    if (st.isFile() && entry.endsWith(ext)) newest = Math.max(newest, st.mtimeMs);
    else if (st.isDirectory() && depth > 0 && !entry.startsWith('.')) newest = Math.max(newest, await newestMtime(path, ext, depth - 1));
  }
  return newest;
}
