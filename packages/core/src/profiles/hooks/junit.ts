import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, sep } from 'node:path';
import { GatewayError } from '../../errors.js';
import { cacheDir, pathExists } from '../../paths.js';
import { runCommand } from '../../process/run-command.js';
import { which } from '../../which.js';
import { javacPath, javaSource, newestJavaMtime } from './java-sources.js';
import { firstLines, OncePerKey } from './build-helpers.js';
import type { TemplateVars } from './types.js';
import { ambiguous, methodCandidates, methodParameters, sourcesOfClass, testMethodsNamed, testSourceRoots } from './junit-ids.js';
import { mavenModuleOf, mavenTestBuild, newestMtime } from './maven-project.js';
import { GRADLE_CLASS_DIRS, gradleNote, gradleProjectOf } from './gradle-project.js';

const fetches = new OncePerKey<string>();
const compiles = new OncePerKey<{ classDir: string; className: string; sourceRoot: string }>();

/**
 * debug_test for JUnit 4 and 5: the JUnit Platform Console Standalone launcher (fetched from
 * Maven Central into dapgate's cache with Maven, once; its vintage engine runs JUnit 4) runs
 * the selected class, method or parametrized case. In a Maven project the tests are built
 * first (`mvn test-compile` for the module) and run on the class path Maven resolves; a lone
 * `.java` test outside any build is compiled with -g against the launcher. The runner writes
 * its XML report into `reportsDir`, which the outcome is read from.
 */
export async function prepareJUnitTest(vars: TemplateVars): Promise<void> {
  const jar = await consoleLauncherJar(String(vars.junitConsole));
  const file = typeof vars.file === 'string' ? vars.file : undefined;
  const maven = await mavenModuleOf(file ? dirname(file) : vars.cwd);
  const gradle = maven ? undefined : await gradleProjectOf(file ? dirname(file) : vars.cwd);
  const notes: string[] = [];
  vars.testNotes = notes;
  vars.reportsDir = await mkdtemp(join(tmpdir(), 'dapgate-junit-'));
  if (file && !maven && !gradle) {
    const built = await compileTest(file, jar);
    vars.classPaths = [jar, built.classDir];
    vars.sourcePaths = [built.sourceRoot];
    select(vars, built.className, vars.method as string | undefined, undefined);
    return;
  }
  const { className, source } = await locateTest(vars, file, maven?.root ?? gradle?.root ?? vars.cwd);
  let classPath: string[];
  if (maven) {
    const module = (source && (await mavenModuleOf(dirname(source)))) || maven;
    const build = await mavenTestBuild(module);
    notes.push(`Built first: ${build.how}.`);
    classPath = build.classPath.filter((p) => !RUNNER_JAR.test(basename(p)));
    vars.sourcePaths = await sourceFolders(maven.root);
  } else if (gradle) {
    const project = (source && (await gradleProjectOf(dirname(source)))) || gradle;
    classPath = await existing(project.project, GRADLE_CLASS_DIRS);
    if (!classPath.length) throw new GatewayError(`${project.project} has no compiled classes in build/classes: dapgate does not run Gradle`, `build the tests first (${join(project.root, 'gradlew')} testClasses, or gradle testClasses), then run the test again`, 'build-failed');
    notes.push(gradleNote(project));
    const stale = await staleClasses(project.project, classPath);
    if (stale) notes.push(stale);
    vars.sourcePaths = await existing(project.project, ['src/main/java', 'src/test/java', 'src/main/kotlin', 'src/test/kotlin']);
  } else {
    classPath = await buildFolders(vars.cwd);
    const stale = await staleClasses(vars.cwd, classPath);
    if (stale) notes.push(stale);
    vars.sourcePaths = [source ? (await javaSource(source)).sourceRoot : vars.cwd];
  }
  vars.classPaths = [jar, ...classPath];
  const method = vars.method as string | undefined;
  const params = method ? await methodParameters(classPath, className, method) : undefined;
  if (method && params && params.length === 0) throw new GatewayError(`${className} has no method ${method} in its compiled class`, `check the name; the class's tests run with test: "${className}"`, 'not-found');
  select(vars, className, method, params?.length === 1 ? params[0] : undefined);
}

/** JUnit's own jars in a project's class path: the console launcher brings its own (two copies of an engine refuse to start). */
const RUNNER_JAR = /^(?:junit-jupiter-engine|junit-vintage-engine|junit-platform-[\w-]+)-\d[\w.-]*\.jar$/;

/** The console launcher's selector: a class, a method (with its parameter types when it has any), or one case of a parametrized method (`[3]`: the third). */
function select(vars: TemplateVars, className: string, method: string | undefined, params: string[] | undefined): void {
  const index = vars.index === undefined ? undefined : Number(vars.index);
  const signature = method && params?.length ? `${method}(${params.join(',')})` : method;
  if (method && index !== undefined) {
    if (index < 1) throw new GatewayError(`case [${index}] does not exist: cases are numbered from 1, as JUnit shows them`, `e.g. ${className}#${method}[1]`, 'not-found');
    vars.selectFlag = '--select-iteration';
    vars.selector = `method:${className}#${signature ?? method}[${index - 1}]`;
  } else {
    vars.selectFlag = method ? '--select-method' : '--select-class';
    vars.selector = method ? `${className}#${signature}` : className;
  }
}

/**
 * The class (binary name) and source a test id names: from its file (the class holding the
 * method, nested classes too), a class name (qualified, nested, or simple when only one class
 * has it), or a method name alone; an id naming tests in several classes is refused with each
 * as a runnable id.
 */
async function locateTest(vars: TemplateVars, file: string | undefined, root: string): Promise<{ className: string; source?: string }> {
  const method = vars.method as string | undefined;
  const index = vars.index === undefined ? '' : `[${String(vars.index)}]`;
  if (file) {
    const top = (await javaSource(file)).className;
    if (!method) return { className: top, source: file };
    const inFile = [...new Set((await testMethodsNamed(file, method)).map((m) => m.className))];
    if (inFile.length > 1) throw ambiguous(String(vars.test), 'names test methods in', inFile.map((c) => `${c}#${method}${index}`));
    return { className: inFile[0] ?? top, source: file };
  }
  const roots = await testSourceRoots(root);
  if (typeof vars.className === 'string') {
    const found = await sourcesOfClass(roots, vars.className);
    const names = [...new Set(found.map((f) => f.className))];
    if (names.length > 1) throw ambiguous(String(vars.test), 'names classes in', names.map((c) => (method ? `${c}#${method}${index}` : c)));
    if (found.length) return found[0]!;
    const source = await findSource(vars.cwd, vars.className);
    return { className: vars.className, ...(source ? { source } : {}) };
  }
  if (!method) throw new GatewayError(`'${String(vars.test)}' names no class or method`, 'pass pkg.Class, pkg.Class#method or a test file', 'bad-arguments');
  const found = await methodCandidates(roots, method);
  if (found.length === 0) throw new GatewayError(`no test method named ${method} under ${roots.length ? roots.join(', ') : root}`, 'pass pkg.Class#method, or cwd: the project folder', 'not-found');
  const names = [...new Set(found.map((f) => f.className))];
  if (names.length > 1) throw ambiguous(String(vars.test), 'names test methods in', names.map((c) => `${c}#${method}${index}`));
  return found[0]!;
}

/** Where dapgate does not build: a note when a source is newer than every compiled class (the classes predate the last edit). */
async function staleClasses(cwd: string, classDirs: string[]): Promise<string | undefined> {
  const sources = Math.max(...(await Promise.all(['src', 'test'].map((d) => newestMtime(join(cwd, d), '.java')))));
  const classes = Math.max(0, ...(await Promise.all(classDirs.filter((d) => d !== cwd).map((d) => newestMtime(d, '.class')))));
  if (!sources || !classes || sources <= classes) return undefined;
  return `The compiled classes are older than the sources (a .java changed at ${new Date(sources).toISOString()}, the newest .class is from ${new Date(classes).toISOString()}): this runs the classes as last built; rebuild to run the current sources.`;
}

/** The source folders of every module under a Maven reactor root, for the debugger to show sources. */
async function sourceFolders(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const testRoot of await testSourceRoots(root)) {
    const module = dirname(dirname(testRoot));
    for (const d of [join(module, 'src', 'main', 'java'), testRoot]) if (await pathExists(d)) out.push(d);
  }
  return out.length ? out : [root];
}

/** The console launcher jar: `DAPGATE_JUNIT_CONSOLE_JAR`, else dapgate's cache, else fetched there with Maven. */
async function consoleLauncherJar(coordinate: string): Promise<string> {
  const explicit = process.env.DAPGATE_JUNIT_CONSOLE_JAR;
  if (explicit) {
    if (!(await pathExists(explicit))) throw new GatewayError(`DAPGATE_JUNIT_CONSOLE_JAR names ${explicit}, which does not exist`, 'point it at a junit-platform-console-standalone jar, or unset it', 'toolchain-missing');
    return explicit;
  }
  const [group, artifact, version] = coordinate.split(':');
  const target = join(cacheDir(), 'junit', `${artifact}-${version}.jar`);
  if (await pathExists(target)) return target;
  return fetches.run(target, async () => {
    const mvn = await which('mvn');
    if (!mvn) throw new GatewayError(`running a JUnit test needs ${artifact} ${version}, and Maven (mvn) to fetch it`, `install Maven, or download ${coordinate} and set DAPGATE_JUNIT_CONSOLE_JAR to the jar`, 'toolchain-missing');
    const dir = join(cacheDir(), 'junit');
    await mkdir(dir, { recursive: true });
    const r = await runCommand(mvn, ['-q', '-B', 'org.apache.maven.plugins:maven-dependency-plugin:3.6.1:copy', `-Dartifact=${group}:${artifact}:${version}`, `-DoutputDirectory=${dir}`], { timeoutMs: 300_000 });
    if (!r.ok || !(await pathExists(target))) throw new GatewayError(`Maven could not fetch ${coordinate} (${r.failure ?? 'no jar'}):\n${firstLines(r.stdout + r.stderr, 15)}`, `check Maven's access to Maven Central, or set DAPGATE_JUNIT_CONSOLE_JAR to the jar`, 'build-failed');
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
    if (!r.ok) throw new GatewayError(`javac could not compile ${basename(file)}:\n${firstLines(r.stdout + r.stderr)}`, 'fix the compile errors; the JUnit 5 API (org.junit.jupiter.api) is on the class path', 'build-failed');
    await writeFile(stamp, fingerprint);
    return { classDir, className, sourceRoot };
  });
}

/** Where a build put compiled tests and main classes (Maven's layout outside a pom, e.g. a copied target/); the project folder itself when none exists. */
async function buildFolders(cwd: string): Promise<string[]> {
  const found = await existing(cwd, ['target/test-classes', 'target/classes']);
  return found.length ? found : [cwd];
}

/** The folders among `relative` that exist under `dir`, as absolute paths. */
async function existing(dir: string, relative: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const p of relative.map((d) => join(dir, d))) if (await pathExists(p)) found.push(p);
  return found;
}

/** The source of a class in the usual places under the project folder. */
async function findSource(cwd: string, className: string): Promise<string | undefined> {
  const rel = `${className.split('$')[0]!.split('.').join(sep)}.java`;
  for (const p of ['src/test/java', 'src/main/java', 'src/test', 'test', 'src', '.'].map((d) => join(cwd, d, rel))) if (await pathExists(p)) return p;
  return undefined;
}
