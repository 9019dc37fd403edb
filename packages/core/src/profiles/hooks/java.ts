import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { basename, delimiter, join, resolve } from 'node:path';
import { GatewayError } from '../../errors.js';
import { cacheDir } from '../../paths.js';
import { runCommand } from '../../process/run-command.js';
import { signalName } from './exit-signals.js';
import type { ProfileHooks, TemplateVars } from './types.js';
import { jarMainClass } from './zip-manifest.js';
import { prepareJUnitTest } from './junit.js';
import { jdwpPortOf } from './jvm-debugging.js';
import { javacPath, javaSource, newestJavaMtime } from './java-sources.js';

/**
 * Java launch forms: a `.java` file (compiled with debug info into dapgate's cache), a jar
 * (Main-Class from its manifest), or `mainClass` + `classPaths`. java-debug wants `args` and
 * `vmArgs` as single strings.
 */
export const javaHooks: ProfileHooks = {
  /** Where the attached program's sources are: the given sourcePaths (a program built or run elsewhere), else cwd. */
  async prepareAttach(vars: TemplateVars) {
    vars.sourcePaths = (vars.sourcePaths as string[] | undefined)?.map((p) => resolve(vars.cwd, p)) ?? [vars.cwd];
    if (typeof vars.processId === 'number') vars.port = await jdwpPortOf(vars.processId);
  },
  async prepareLaunch(vars: TemplateVars) {
    const program = vars.program;
    const classPaths = (vars.classPaths as string[] | undefined)?.map((p) => resolve(vars.cwd, p));
    const sourcePaths = (vars.sourcePaths as string[] | undefined)?.map((p) => resolve(vars.cwd, p));
    vars.sourcePaths = sourcePaths;
    if (program?.endsWith('.java')) {
      // compiled against the class path it will run on (a library's built classes), as java would run it
      const built = await compile(program, classPaths ?? []);
      vars.mainClass ??= built.mainClass;
      vars.classPaths = [built.classDir, ...(classPaths ?? [])];
      vars.sourcePaths = [built.sourceRoot, ...(sourcePaths ?? [])];
    } else if (program?.endsWith('.jar')) {
      const main = vars.mainClass ?? (await jarMainClass(program));
      if (!main) throw new GatewayError(`${basename(program)} has no Main-Class in its manifest`, 'pass mainClass', 'bad-arguments');
      vars.mainClass = main;
      vars.classPaths = [program, ...(classPaths ?? [])];
    } else if (vars.mainClass) {
      vars.classPaths = classPaths ?? [vars.cwd];
    } else {
      throw new GatewayError('Java launch needs a .java file, a .jar, or mainClass (+ classPaths)', 'e.g. {program: "src/App.java"} or {mainClass: "com.acme.App", classPaths: ["target/classes"]}', 'bad-arguments');
    }
    vars.sourcePaths ??= [vars.cwd];
    vars.argsLine = commandLine(vars.args as string[] | undefined);
    vars.vmArgsLine = commandLine(vars.vmArgs as string[] | undefined);
  },
  prepareTest: prepareJUnitTest,
  describeExit(exitCode: number) {
    const signal = exitCode > 128 ? signalName(exitCode - 128) : undefined;
    return signal ? `${exitCode} = 128 + ${exitCode - 128}: the JVM exits so when signal ${signal} ends it (or the program called System.exit(${exitCode}))` : undefined;
  },
};

function commandLine(parts: string[] | undefined): string | undefined {
  if (!parts?.length) return undefined;
  return parts.map((p) => (/[\s"]/.test(p) || p === '' ? `"${p.replace(/(["\\])/g, '\\$1')}"` : p)).join(' ');
}

/** Compiles a .java file (and what it references under its source root) with -g against `classPath`, once per change. */
async function compile(file: string, classPath: string[]): Promise<{ mainClass: string; classDir: string; sourceRoot: string }> {
  const { className: mainClass, sourceRoot } = await javaSource(file);
  const classDir = join(cacheDir(), 'java-classes', createHash('sha1').update(file).digest('hex').slice(0, 16));
  const stamp = join(classDir, '.dapgate-stamp');
  const fingerprint = `${await newestJavaMtime(sourceRoot, 3)} ${classPath.join(delimiter)}`;
  if ((await readFile(stamp, 'utf8').catch(() => undefined)) === fingerprint) return { mainClass, classDir, sourceRoot };
  const javac = await javacPath();
  await mkdir(classDir, { recursive: true });
  const cp = classPath.length ? ['-cp', classPath.join(delimiter)] : [];
  const r = await runCommand(javac, ['-g', '-encoding', 'UTF-8', ...cp, '-d', classDir, '-sourcepath', sourceRoot, file], { timeoutMs: 120_000 });
  if (!r.ok) {
    const printed = `${r.stdout}\n${r.stderr}`.trim();
    const out = (r.exitCode !== undefined && printed ? printed : `${r.failure}${printed ? `\n${printed}` : ''}`).split('\n').slice(0, 30).join('\n');
    const onClassPath = classPath.length ? `compiled with -cp ${classPath.join(delimiter)}` : 'compiled with no class path but its own folder';
    throw new GatewayError(`javac could not compile ${basename(file)} (${onClassPath}):\n${out}`, 'fix the compile errors; a package or class that "does not exist" goes on classPaths (folders or jars of built classes), or launch prebuilt classes with mainClass + classPaths', 'build-failed');
  }
  await writeFile(stamp, fingerprint);
  return { mainClass, classDir, sourceRoot };
}
