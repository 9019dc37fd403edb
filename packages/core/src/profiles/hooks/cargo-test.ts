import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { GatewayError } from '../../errors.js';
import { which } from '../../which.js';
import { builtSources, findCargoManifest } from './cargo.js';
import { runCommand } from '../../process/run-command.js';
import { cargoProject, pick, runnableId, selections, type CargoProject, type CargoTestTarget, type Selection } from './cargo-test-ids.js';
import type { TemplateVars } from './types.js';

const SHOWN = 8;

/**
 * debug_test for Rust: the id names a test binary (its file `tests/a.rs::name`, `--test a name`,
 * `--lib name`, `a::name`) or only a name (cargo test's filter, over the binaries cargo test would
 * run from cwd). `cargo test --no-run` builds those binaries first (as cargo test does, so a fixed
 * source is rebuilt); each one's own `--list` says which holds the test. Several binaries holding
 * it: refused with runnable ids. Doc tests are refused: rustdoc builds each into a temporary
 * program it runs and deletes, so there is no binary to launch.
 */
export async function prepareCargoTest(vars: TemplateVars): Promise<void> {
  if (typeof vars.docTest === 'string' || vars.kind === 'doc') {
    throw new GatewayError(
      `'${String(vars.test)}' is a doc test: rustdoc compiles each doc test into a temporary program that it runs and deletes, so there is no test binary to debug`,
      'move the example into a #[test] function (e.g. in src/lib.rs mod tests) and debug that; `cargo test --doc NAME` runs it without the debugger',
      'not-supported',
    );
  }
  const cargo = await which('cargo');
  if (!cargo) throw new GatewayError('cargo not found: a Rust toolchain is needed to build the tests', 'install Rust (https://rustup.rs)', 'toolchain-missing');
  const manifest = await findCargoManifest(vars.cwd);
  if (!manifest) throw new GatewayError(`${vars.cwd} is not inside a Cargo project`, 'pass cwd: the folder with Cargo.toml', 'not-found');
  const project = await cargoProject(cargo, manifest, typeof vars.package === 'string' ? vars.package : undefined);
  const wanted = selections(project, vars);
  const build = buildArgs(project, manifest, wanted.map((s) => s.target));
  const r = await runCommand(cargo, build, { cwd: dirname(manifest), timeoutMs: 600_000 });
  const messages = jsonLines(r.stdout);
  if (!r.ok) throw new GatewayError(`cargo ${build.slice(0, 2).join(' ')} failed (${r.failure}):\n${buildErrors(messages, r.stderr)}`, 'fix the build errors, then run the test again', 'build-failed');
  const executables = new Map<string, string>();
  for (const m of messages) {
    if (m.reason === 'compiler-artifact' && m.executable && m.profile?.test && m.target) executables.set(`${resolve(m.target.src_path)}#${m.target.kind.join(',')}`, m.executable);
  }
  vars.builtSources = builtSources(messages);
  const notes = [`Built first: cargo ${build.filter((a) => !a.startsWith('--message-format')).map((a) => (a.endsWith('Cargo.toml') ? relative(vars.cwd, a) || 'Cargo.toml' : a)).join(' ')}.`];
  const holding: { sel: Selection; binary: string; tests: TestEntry[]; filter?: string; exact: boolean }[] = [];
  const listed = new Map<string, TestEntry[]>();
  for (const sel of wanted) {
    const binary = [...executables].find(([key]) => key.startsWith(`${sel.target.src}#`) && key.includes(sel.target.kind))?.[1];
    if (!binary) continue;
    if (!listed.has(binary)) listed.set(binary, await listTests(binary, project.root));
    const all = listed.get(binary)!;
    const chosen = pick(sel, all.map((t) => t.name));
    if (chosen.tests.length) holding.push({ sel, binary, tests: all.filter((t) => chosen.tests.includes(t.name)), filter: chosen.filter, exact: chosen.exact });
  }
  // a test named exactly outranks names that only contain it
  const exact = holding.filter((h) => h.exact);
  const runs = exact.length ? exact : holding;
  if (!runs.length) throw noMatch(String(vars.test), wanted, listed, executables, vars.cwd);
  if (new Set(runs.map((h) => h.binary)).size > 1) {
    const ids = runs.flatMap((h) => h.tests.map((t) => `${runnableId(h.sel.target, t.name, vars.cwd)} (${describeTarget(h.sel.target)})`));
    throw new GatewayError(
      `'${String(vars.test)}' matches tests in ${new Set(runs.map((h) => h.binary)).size} test binaries: ${ids.slice(0, SHOWN).join(', ')}${ids.length > SHOWN ? ` and ${ids.length - SHOWN} more` : ''}`,
      `pass one of them as test (e.g. test: "${ids[0]!.replace(/ \(.*$/, '')}"), or --test NAME TEST as cargo test takes it`,
      'ambiguous',
    );
  }
  const run = runs[0]!;
  vars.testBinary = run.binary;
  // cargo test runs a test binary in its package's folder
  vars.runCwd = dirname(run.sel.target.manifest);
  vars.filter = run.filter;
  vars.exact = run.exact ? '--exact' : undefined;
  // one test asked for by its exact name runs even when it is #[ignore]d, as an IDE's run of that test does
  vars.includeIgnored = run.exact ? '--include-ignored' : undefined;
  const names = run.tests.map((t) => t.name);
  notes.push(`Runs ${names.length === 1 ? names[0] : `${names.length} tests (${names.slice(0, SHOWN).join(', ')}${names.length > SHOWN ? ', ...' : ''})`} in ${describeTarget(run.sel.target)}.`);
  await expectedPanics(run.sel.target, run.tests, vars, notes);
  vars.testNotes = notes;
}

interface TestEntry {
  name: string;
  /** Where libtest says the test is (absolute), when it says. */
  file?: string;
  line?: number;
}

interface CargoMessage {
  reason: string;
  executable?: string | null;
  profile?: { test: boolean; opt_level?: string };
  manifest_path?: string;
  target?: { kind: string[]; src_path: string; name: string };
  message?: { level: string; rendered?: string | null };
}

function buildArgs(project: CargoProject, manifest: string, targets: CargoTestTarget[]): string[] {
  const base = ['test', '--no-run', '--message-format=json'];
  const manifests = [...new Set(targets.map((t) => t.manifest))];
  if (manifests.length !== 1) return [...base, '--manifest-path', manifest, ...[...new Set(targets.map((t) => t.pkg))].flatMap((p) => ['-p', p])];
  const flags = [...new Set(targets.map((t) => (t.kind === 'lib' ? '--lib' : `--${t.kind}\0${t.name}`)))].flatMap((f) => f.split('\0'));
  return [...base, '--manifest-path', manifests[0]!, ...flags];
}

function jsonLines(stdout: string): CargoMessage[] {
  return stdout.split('\n').flatMap((l) => {
    if (!l.startsWith('{')) return [];
    try {
      return [JSON.parse(l) as CargoMessage];
    } catch {
      return [];
    }
  });
}

/** The first errors as rustc printed them (with file:line), else cargo's own complaint. */
function buildErrors(messages: CargoMessage[], stderr: string): string {
  const errors = messages.filter((m) => m.reason === 'compiler-message' && m.message?.level === 'error' && m.message.rendered).map((m) => m.message!.rendered!.trimEnd());
  const own = stderr.split('\n').filter((l) => l.trim() && !/^\s*(Compiling|Checking|Blocking|Finished|Downloaded|Downloading|Updating|Locking|Adding|Fresh)\b/.test(l));
  if (!errors.length) return own.slice(0, 30).join('\n');
  const shown = errors.slice(0, 3).join('\n\n');
  return `${shown}${errors.length > 3 ? `\n\n(and ${errors.length - 3} more errors)` : ''}${own.length ? `\n${own.filter((l) => /^error/.test(l)).slice(-2).join('\n')}` : ''}`;
}

/**
 * A test binary's tests. libtest's JSON listing also says where each test is (unstable output on
 * a stable toolchain: RUSTC_BOOTSTRAP lets this one listing use it); without it, the plain list.
 */
async function listTests(binary: string, root: string): Promise<TestEntry[]> {
  const json = await runCommand(binary, ['--list', '--format=json', '-Zunstable-options'], { cwd: root, timeoutMs: 30_000, env: { ...process.env, RUSTC_BOOTSTRAP: '1' } });
  const found: TestEntry[] = [];
  if (json.ok) {
    for (const l of json.stdout.split('\n')) {
      if (!l.startsWith('{')) continue;
      const e = JSON.parse(l) as { type?: string; event?: string; name?: string; source_path?: string; start_line?: number };
      if (e.type === 'test' && e.event === 'discovered' && e.name) found.push({ name: e.name, ...(e.source_path ? { file: resolve(root, e.source_path), line: e.start_line } : {}) });
    }
    if (found.length || /"event": ?"discovery"/.test(json.stdout)) return found;
  }
  const terse = await runCommand(binary, ['--list', '--format=terse'], { cwd: root, timeoutMs: 30_000 });
  if (!terse.ok) throw new GatewayError(`${binary} --list failed (${terse.failure}):\n${terse.stderr.slice(0, 2000)}`, 'run cargo test yourself to see why the test binary does not start', 'start-failed');
  return terse.stdout.split('\n').filter((l) => l.endsWith(': test')).map((l) => ({ name: l.slice(0, -': test'.length) }));
}

function describeTarget(t: CargoTestTarget): string {
  return t.kind === 'lib' ? `the unit tests of ${t.pkg}'s library` : t.kind === 'bin' ? `the unit tests of ${t.pkg}'s bin ${t.name}` : `test binary ${t.name} of ${t.pkg}`;
}

function noMatch(test: string, wanted: Selection[], listed: Map<string, TestEntry[]>, executables: Map<string, string>, cwd: string): GatewayError {
  const seen = wanted.flatMap((s) => {
    const binary = [...executables].find(([key]) => key.startsWith(`${s.target.src}#`))?.[1];
    return binary ? (listed.get(binary) ?? []).map((t) => runnableId(s.target, t.name, cwd)) : [];
  });
  const unique = [...new Set(seen)];
  const some = unique.length ? `; tests there: ${unique.slice(0, SHOWN).join(', ')}${unique.length > SHOWN ? ` and ${unique.length - SHOWN} more` : ''}` : '';
  return new GatewayError(
    `no test matches '${test}' in the ${new Set(wanted.map((s) => s.target.src)).size} test binaries it could name${some}`,
    'pass one of those ids, or a part of a test name (cargo test NAME); doc tests cannot be debugged (no test binary)',
    'not-found',
  );
}

/**
 * The tests that expect their panic (#[should_panic]): a panic inside them is passed over, not
 * shown as the failure. Read from the attributes above each test's fn, where libtest says it is.
 */
async function expectedPanics(target: CargoTestTarget, tests: TestEntry[], vars: TemplateVars, notes: string[]): Promise<void> {
  const expecting: string[] = [];
  const unknown: string[] = [];
  for (const t of tests) {
    const said = t.file && t.line ? await attributesSay(t.file, t.line, /#\[\s*should_panic\b/) : undefined;
    if (said === undefined) unknown.push(t.name);
    else if (said) expecting.push(t.name);
  }
  if (unknown.length) notes.push(`Cannot tell whether ${unknown.slice(0, 3).join(', ')}${unknown.length > 3 ? ' ...' : ''} expect a panic (#[should_panic]): this toolchain's test listing does not say where tests are; a stop at their panic may be one they expect.`);
  if (!expecting.length) return;
  const crate = target.name.replace(/-/g, '_');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  vars.expectedFailures = {
    frames: `^${escape(crate)}::(?:${expecting.map(escape).join('|')})(?:::\\{\\{closure\\}\\})*(?:::h[0-9a-f]{16})?$`,
    why: 'the #[should_panic] test expects it',
  };
}

/** Whether the attributes above the item at `line` (1-based) match `attribute`; undefined when the file cannot be read. */
async function attributesSay(file: string, line: number, attribute: RegExp): Promise<boolean | undefined> {
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const lines = text.split('\n');
  for (let i = line - 2, n = 0; i >= 0 && n < 20; i--, n++) {
    const l = lines[i]!.trim();
    if (attribute.test(l)) return true;
    // the item before this one ended
    if (!l || /[;{}]$/.test(l)) return false;
  }
  return false;
}
