import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { GatewayError } from '../../errors.js';
import { runCommand } from '../../process/run-command.js';
import { which } from '../../which.js';
import { firstLines } from './build-helpers.js';
import type { TemplateVars } from './types.js';

const SHOWN = 8;
const LIST_MS = 300_000;

/**
 * debug_test for Go: the id names a package (a `_test.go` file's, a folder, an import path) or
 * only a test, looked for in the packages below cwd. `go test -list` (which builds the package's
 * tests, as go test would) says whether the top-level test is there; when it is not, or is in
 * several packages, the answer lists runnable ids. Subtests are not listed by go test: the
 * outcome says when none ran.
 */
export async function prepareGoTest(vars: TemplateVars): Promise<void> {
  const name = String(vars.name);
  vars.runPattern = goRunPattern(name);
  const go = await which('go');
  if (!go) throw new GatewayError('go not found on PATH: the Go toolchain is needed to build the tests', 'install Go (https://go.dev/dl) and put it on PATH', 'toolchain-missing');
  const top = name.split('/')[0]!;
  if (typeof vars.file !== 'string' && typeof vars.pkg !== 'string') {
    const found = await listTests(go, ['./...'], vars.cwd, `^${top}$`);
    const holders = [...found.tests].filter(([, tests]) => tests.includes(top)).map(([d]) => d).sort();
    const ids = holders.map((d) => runnableId(d, name, vars.cwd));
    if (holders.length > 1) throw new GatewayError(`'${name}' is a test in ${holders.length} packages: ${ids.join(', ')}`, `pass one of them as test (e.g. test: "${ids[0]}")`, 'ambiguous');
    if (!holders.length && found.buildErrors) throw buildFailed(found);
    if (!holders.length) throw new GatewayError(`no package below ${vars.cwd} has a test ${top}`, 'pass the package too (./pkg::TestName), or check the name (go test -list . ./... lists them)', 'not-found');
    vars.packageDir = holders[0]!;
    return;
  }
  const dir = typeof vars.file === 'string' ? dirname(vars.file) : await packageDir(go, String(vars.pkg), vars.cwd);
  const listing = await listTests(go, ['.'], dir, '.');
  if (listing.buildErrors) throw buildFailed(listing);
  const tests = [...listing.tests.values()][0] ?? [];
  if (!tests.includes(top)) {
    const ids = tests.filter((t) => /^Test/.test(t)).map((t) => runnableId(dir, t, vars.cwd));
    throw new GatewayError(
      `package ${relative(vars.cwd, dir) || '.'} has no test ${top}${ids.length ? `; its tests: ${ids.slice(0, SHOWN).join(', ')}${ids.length > SHOWN ? ` and ${ids.length - SHOWN} more` : ''}` : ' (it has no tests)'}`,
      ids.length ? `pass one of them as test (e.g. test: "${ids[0]}")` : 'check the package',
      'not-found',
    );
  }
  vars.packageDir = dir;
}

/**
 * `go test -run`'s pattern for one test or subtest: each level (split at `/`) matched whole, as
 * written (go test names a subtest `t.Run("two items", ...)` as `two_items`; both spellings work).
 */
export function goRunPattern(name: string): string {
  return name
    .split('/')
    .map((level) => `^${level.replace(/ /g, '_').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
    .join('/');
}

function runnableId(dir: string, name: string, cwd: string): string {
  const rel = relative(cwd, dir);
  return `${rel ? (rel.startsWith('..') ? rel : `./${rel}`) : '.'}::${name}`;
}

/** A package folder (relative to cwd or absolute) or import path, as the package's folder. */
async function packageDir(go: string, pkg: string, cwd: string): Promise<string> {
  const asDir = isAbsolute(pkg) ? pkg : resolve(cwd, pkg);
  if (await isDir(asDir)) return asDir;
  const r = await runCommand(go, ['list', '-f', '{{.Dir}}', pkg], { cwd, timeoutMs: 60_000 });
  const dir = r.stdout.trim();
  if (!r.ok || !dir) throw new GatewayError(`'${pkg}' is neither a folder below ${cwd} nor a package go can find (${r.failure ?? 'no folder'}):\n${firstLines(r.stderr, 10)}`, 'pass the package folder (./pkg::TestName) or its import path, with cwd inside the Go module', 'not-found');
  return dir;
}

interface Listing {
  /** Package folder -> its top-level tests matching the pattern. */
  tests: Map<string, string[]>;
  /** Compile errors as go printed them, when a package's tests did not build. */
  buildErrors?: string;
}

/** Top-level tests matching `pattern` per package folder, from `go test -list -json`. */
async function listTests(go: string, packages: string[], cwd: string, pattern: string): Promise<Listing> {
  const r = await runCommand(go, ['test', '-list', pattern, '-json', ...packages], { cwd, timeoutMs: LIST_MS });
  const imports = new Map<string, string[]>();
  const build: string[] = [];
  for (const l of r.stdout.split('\n')) {
    if (!l.startsWith('{')) continue;
    const e = JSON.parse(l) as { Action?: string; Package?: string; Output?: string };
    const out = e.Output?.trimEnd();
    if (e.Action === 'build-output' && out) build.push(out);
    if (e.Action === 'output' && e.Package && out && /^(?:Test|Example|Fuzz|Benchmark)\w*$/.test(out)) imports.set(e.Package, [...(imports.get(e.Package) ?? []), out]);
  }
  const buildErrors = build.length ? firstLines(build.join('\n'), 30) : !r.ok && !imports.size ? firstLines(r.stderr || r.failure || '', 30) : undefined;
  const tests = new Map<string, string[]>();
  if (imports.size) {
    const dirs = await runCommand(go, ['list', '-f', '{{.ImportPath}}\t{{.Dir}}', ...imports.keys()], { cwd, timeoutMs: 60_000 });
    for (const line of dirs.stdout.split('\n')) {
      const [path, dir] = line.split('\t');
      if (path && dir && imports.has(path)) tests.set(dir, imports.get(path)!);
    }
  }
  return { tests, ...(buildErrors ? { buildErrors } : {}) };
}

function buildFailed(listing: Listing): GatewayError {
  return new GatewayError(`go test could not build the tests:\n${listing.buildErrors}`, 'fix the build errors, then run the test again', 'build-failed');
}

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
