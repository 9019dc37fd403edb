import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { GatewayError } from '../../errors.js';
import { pathExists } from '../../paths.js';
import { runCommand } from '../../process/run-command.js';
import { javacPath, javaSource } from './java-sources.js';

/** Test methods: the annotations JUnit 4 and 5 run. */
const TEST_ANNOTATION = /@(?:Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate)\b/;

/** Each class declared in a source, with its binary name (`pkg.Outer$Inner`) and the lines it spans (1-based). */
export async function declaredClasses(source: string): Promise<{ name: string; start: number; end: number }[]> {
  const { className } = await javaSource(source);
  const pkg = className.includes('.') ? className.slice(0, className.lastIndexOf('.') + 1) : '';
  const lines = (await readFile(source, 'utf8')).split(/\r?\n/);
  const out: { name: string; start: number; end: number }[] = [];
  const open: { name: string; start: number; depth: number }[] = [];
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\/.*$/g, '');
    const decl = /\b(?:class|interface|enum|record)\s+([A-Za-z_$][\w$]*)/.exec(line);
    if (decl) {
      const outer = open[open.length - 1];
      open.push({ name: outer ? `${outer.name}$${decl[1]}` : `${pkg}${decl[1]}`, start: i + 1, depth: depth + 1 });
    }
    for (const ch of line) {
      if (ch === '{') depth++;
      else if (ch === '}') {
        depth--;
        const top = open[open.length - 1];
        if (top && depth < top.depth) {
          open.pop();
          out.push({ name: top.name, start: top.start, end: i + 1 });
        }
      }
    }
  }
  return out;
}

/** Lines (1-based) where a test method named `method` is declared in `source`, each with the class it is in. */
export async function testMethodsNamed(source: string, method: string): Promise<{ className: string; line: number }[]> {
  const text = await readFile(source, 'utf8');
  if (!text.includes(method)) return [];
  const lines = text.split(/\r?\n/);
  const classes = await declaredClasses(source);
  const out: { className: string; line: number }[] = [];
  const decl = new RegExp(`^\\s*(?:[\\w<>\\[\\],.?@\\s]+\\s)?${method.replace(/\$/g, '\\$')}\\s*\\(`);
  for (let i = 0; i < lines.length; i++) {
    if (!decl.test(lines[i]!) || /^\s*(?:return|new|if|for|while|switch|catch)\b/.test(lines[i]!)) continue;
    if (!lines.slice(Math.max(0, i - 5), i + 1).some((l) => TEST_ANNOTATION.test(l))) continue;
    const inner = classes.filter((c) => c.start <= i + 1 && i + 1 <= c.end).sort((a, b) => b.start - a.start)[0];
    if (inner) out.push({ className: inner.name, line: i + 1 });
  }
  return out;
}

/** `.java` files under `dir` (a test source root), bounded in depth. */
export async function javaFiles(dir: string, depth = 12): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, entry);
    const st = await stat(path).catch(() => undefined);
    if (st?.isFile() && entry.endsWith('.java')) out.push(path);
    else if (st?.isDirectory() && depth > 0 && !entry.startsWith('.')) out.push(...(await javaFiles(path, depth - 1)));
  }
  return out;
}

/** The test source roots of a project: `src/test/java` (or `src/test`, `test`) of each module (folders with a pom.xml or build.gradle) under `root`. */
export async function testSourceRoots(root: string, depth = 3): Promise<string[]> {
  const out: string[] = [];
  for (const d of ['src/test/java', 'src/test', 'test']) {
    if (await pathExists(join(root, d))) {
      out.push(join(root, d));
      break;
    }
  }
  if (depth === 0) return out;
  for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (!entry.isDirectory() || entry.name.startsWith('.') || ['src', 'target', 'build', 'node_modules', 'test'].includes(entry.name)) continue;
    const dir = join(root, entry.name);
    if ((await pathExists(join(dir, 'pom.xml'))) || (await pathExists(join(dir, 'build.gradle'))) || (await pathExists(join(dir, 'build.gradle.kts')))) out.push(...(await testSourceRoots(dir, depth - 1)));
  }
  return out;
}

/** Sources under the roots that declare `className`: a binary name (`pkg.Outer$Inner`), a dotted nested name, or a simple name. */
export async function sourcesOfClass(roots: string[], className: string): Promise<{ source: string; className: string }[]> {
  const simple = className.split(/[.$]/).filter((p) => /^[A-Z]/.test(p));
  const qualified = className.includes('.') && /^[a-z]/.test(className);
  const out: { source: string; className: string }[] = [];
  for (const root of roots) {
    for (const file of await javaFiles(root)) {
      if (!simple.includes(basename(file, '.java'))) continue;
      for (const c of await declaredClasses(file)) {
        const dotted = c.name.replace(/\$/g, '.');
        const wanted = className.replace(/\$/g, '.');
        if (qualified ? dotted === wanted : dotted === wanted || dotted.endsWith(`.${wanted}`)) out.push({ source: file, className: c.name });
      }
    }
  }
  return out;
}

/** Every test method named `method` under the roots, as runnable ids (`pkg.Class#method`). */
export async function methodCandidates(roots: string[], method: string): Promise<{ source: string; className: string; line: number }[]> {
  const out: { source: string; className: string; line: number }[] = [];
  for (const root of roots) for (const file of await javaFiles(root)) for (const m of await testMethodsNamed(file, method)) out.push({ source: file, ...m });
  return out;
}

/** The parameter types of `method` in the compiled class (javap on the class path), for JUnit's method selector; undefined when javap cannot tell. */
export async function methodParameters(classPath: string[], className: string, method: string): Promise<string[][] | undefined> {
  const javap = (await javacPath()).replace(/javac(\.exe)?$/, (_m: string, exe: string | undefined) => `javap${exe ?? ''}`);
  const r = await runCommand(javap, ['-p', '-cp', classPath.join(process.platform === 'win32' ? ';' : ':'), className], { timeoutMs: 60_000 });
  if (!r.ok) return undefined;
  const found: string[][] = [];
  const decl = new RegExp(`\\s${method.replace(/\$/g, '\\$')}\\(([^)]*)\\)`);
  for (const line of r.stdout.split('\n')) {
    const m = decl.exec(line);
    if (m) found.push(m[1]!.replace(/<[^<>]*(?:<[^<>]*>[^<>]*)*>/g, '').split(',').map((t) => t.trim()).filter(Boolean));
  }
  return found;
}

/** Refuses an id that names tests in several places, listing each as a runnable id. */
export function ambiguous(test: string, what: string, ids: string[]): GatewayError {
  const unique = [...new Set(ids)];
  return new GatewayError(`'${test}' ${what} ${unique.length} places: ${unique.join(', ')}`, `pass one of them as test (e.g. test: "${unique[0]}")`, 'ambiguous');
}
