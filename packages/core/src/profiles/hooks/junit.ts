import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import { GatewayError } from '../../errors.js';
import { cacheDir, pathExists } from '../../paths.js';
import { runCommand } from '../../process/run-command.js';
import { which } from '../../which.js';
import { javacPath, javaSource, newestJavaMtime } from './java-sources.js';
import { firstLines, OncePerKey } from './build-helpers.js';
import type { TemplateVars } from './types.js';

const fetches = new OncePerKey<string>();
const compiles = new OncePerKey<{ classDir: string; className: string; sourceRoot: string }>();

/**
 * debug_test for JUnit 5: the JUnit Platform Console Standalone launcher (fetched from Maven
 * Central into dapgate's cache with Maven, once) runs the selected class or method. A `.java`
 * test is compiled with -g against it; a class name runs from the project's build folders.
 * Each selected test method's first line is an `entry`, where the failure filter is armed.
 */
export async function prepareJUnitTest(vars: TemplateVars): Promise<void> {
  const jar = await consoleLauncherJar(String(vars.junitConsole));
  const method = vars.method as string | undefined;
  let className: string;
  let source: string | undefined;
  if (typeof vars.file === 'string') {
    const built = await compileTest(vars.file, jar);
    className = built.className;
    source = vars.file;
    vars.classPaths = [jar, built.classDir];
    vars.sourcePaths = [built.sourceRoot];
  } else {
    className = String(vars.className);
    source = await findSource(vars.cwd, className);
    vars.classPaths = [jar, ...(await buildFolders(vars.cwd))];
    vars.sourcePaths = [source ? (await javaSource(source)).sourceRoot : vars.cwd];
  }
  vars.selectFlag = method ? '--select-method' : '--select-class';
  vars.selector = method ? `${className}#${method}` : className;
  if (source) vars.entries = (await testEntries(source, method)).map((line) => ({ file: source, line }));
}

/** The console launcher jar: `DAPGATE_JUNIT_CONSOLE_JAR`, else dapgate's cache, else fetched there with Maven. */
async function consoleLauncherJar(coordinate: string): Promise<string> {
  const explicit = process.env.DAPGATE_JUNIT_CONSOLE_JAR;
  if (explicit) {
    if (!(await pathExists(explicit))) throw new GatewayError(`DAPGATE_JUNIT_CONSOLE_JAR names ${explicit}, which does not exist`, 'point it at a junit-platform-console-standalone jar, or unset it');
    return explicit;
  }
  const [group, artifact, version] = coordinate.split(':');
  const target = join(cacheDir(), 'junit', `${artifact}-${version}.jar`);
  if (await pathExists(target)) return target;
  return fetches.run(target, async () => {
    const mvn = await which('mvn');
    if (!mvn) throw new GatewayError(`running a JUnit test needs ${artifact} ${version}, and Maven (mvn) to fetch it`, `install Maven, or download ${coordinate} and set DAPGATE_JUNIT_CONSOLE_JAR to the jar`);
    const dir = join(cacheDir(), 'junit');
    await mkdir(dir, { recursive: true });
    const r = await runCommand(mvn, ['-q', '-B', 'org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy', `-Dartifact=${group}:${artifact}:${version}`, `-DoutputDirectory=${dir}`], { timeoutMs: 300_000 });
    if (!r.ok || !(await pathExists(target))) throw new GatewayError(`Maven could not fetch ${coordinate} (${r.failure ?? 'no jar'}):\n${firstLines(r.stdout + r.stderr, 15)}`, `check Maven's access to Maven Central, or set DAPGATE_JUNIT_CONSOLE_JAR to the jar`);
    return target;
  });
}

/** Compiles a test source (and what it references under its source root) with -g against the launcher jar, once per change. */
async function compileTest(file: string, jar: string): Promise<{ classDir: string; className: string; sourceRoot: string }> {
  const { className, sourceRoot } = await javaSource(file);
  const classDir = join(cacheDir(), 'java-test-classes', createHash('sha1').update(file).update(jar).digest('hex').slice(0, 16));
  return compiles.run(classDir, async () => {
    const stamp = join(classDir, '.dapgate-stamp');
    const fingerprint = String(await newestJavaMtime(sourceRoot, 6));
    if ((await readFile(stamp, 'utf8').catch(() => '')) === fingerprint) return { classDir, className, sourceRoot };
    await mkdir(classDir, { recursive: true });
    const r = await runCommand(await javacPath(), ['-g', '-encoding', 'UTF-8', '-cp', jar, '-d', classDir, '-sourcepath', sourceRoot, file], { timeoutMs: 120_000 });
    if (!r.ok) throw new GatewayError(`javac could not compile ${basename(file)}:\n${firstLines(r.stdout + r.stderr)}`, 'fix the compile errors; the JUnit 5 API (org.junit.jupiter.api) is on the class path');
    await writeFile(stamp, fingerprint);
    return { classDir, className, sourceRoot };
  });
}

/** Where Maven and Gradle put compiled tests and main classes; the project folder itself when neither exists. */
async function buildFolders(cwd: string): Promise<string[]> {
  const found: string[] = [];
  for (const p of ['target/test-classes', 'target/classes', 'build/classes/java/test', 'build/classes/java/main'].map((d) => join(cwd, d))) if (await pathExists(p)) found.push(p);
  return found.length ? found : [cwd];
}

/** The source of a class in the usual places under the project folder. */
async function findSource(cwd: string, className: string): Promise<string | undefined> {
  const rel = `${className.split('$')[0]!.split('.').join(sep)}.java`;
  for (const p of ['src/test/java', 'src/main/java', 'src/test', 'test', 'src', '.'].map((d) => join(cwd, d, rel))) if (await pathExists(p)) return p;
  return undefined;
}

/**
 * The first statement line of each selected test method (`method`, else every @Test method):
 * the line after the opening brace of its body.
 */
export async function testEntries(source: string, method: string | undefined): Promise<number[]> {
  const lines = (await readFile(source, 'utf8')).split(/\r?\n/);
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const decl = /^\s*(?:[\w<>[\],.?\s]+\s)?(\w+)\s*\([^)]*\)\s*(?:throws\s[\w.,\s]+)?\{?\s*$/.exec(lines[i]!);
    if (!decl || /^\s*(?:return|new|if|for|while|switch|catch)\b/.test(lines[i]!)) continue;
    const name = decl[1]!;
    const annotated = lines.slice(Math.max(0, i - 4), i).some((l) => /@(?:Test|ParameterizedTest|RepeatedTest)\b/.test(l));
    if (method ? name !== method : !annotated) continue;
    let j = i;
    while (j < lines.length && !lines[j]!.includes('{')) j++;
    for (j = j + 1; j < lines.length; j++) {
      const t = lines[j]!.trim();
      if (t && !t.startsWith('//') && !t.startsWith('/*') && !t.startsWith('*')) break;
    }
    if (j < lines.length && lines[j]!.trim() !== '}') out.push(j + 1);
  }
  return out;
}
