import { dirname, relative, resolve, sep } from 'node:path';
import { GatewayError } from '../../errors.js';
import { runCommand } from '../../process/run-command.js';
import { firstLines } from './build-helpers.js';

/** A target cargo test builds into a test binary: the library, a bin, an integration test (tests/x.rs). */
export interface CargoTestTarget {
  /** The target's name: an integration test's binary name (`a` for tests/a.rs). */
  name: string;
  kind: 'lib' | 'bin' | 'test';
  /** Its root file (absolute). */
  src: string;
  pkg: string;
  manifest: string;
}

/** A Cargo project seen by `cargo metadata`: its workspace's test targets, and those `cargo test` would run from cwd. */
export interface CargoProject {
  root: string;
  all: CargoTestTarget[];
  /** cargo test's own default: the package cwd is in, else the workspace's default members. */
  scope: CargoTestTarget[];
  packages: string[];
}

/** Where to look for a test: one target, and the test's name in it (a module file adds its module path). */
export interface Selection {
  target: CargoTestTarget;
  name?: string;
  /** The module path of a module file (`parse` for src/parse.rs): the name is looked up under it first. */
  module?: string;
}

interface MetaTarget {
  name: string;
  kind: string[];
  src_path: string;
  test?: boolean;
}
interface MetaPackage {
  id: string;
  name: string;
  manifest_path: string;
  targets: MetaTarget[];
}

export async function cargoProject(cargo: string, manifest: string, pkg: string | undefined): Promise<CargoProject> {
  const r = await runCommand(cargo, ['metadata', '--format-version', '1', '--no-deps', '--manifest-path', manifest], { cwd: dirname(manifest), timeoutMs: 60_000 });
  if (!r.ok) throw new GatewayError(`cargo metadata failed for ${manifest} (${r.failure}):\n${firstLines(r.stderr)}`, 'fix Cargo.toml, then run the test again', 'build-failed');
  const meta = JSON.parse(r.stdout) as { packages: MetaPackage[]; workspace_root: string; workspace_default_members?: string[] };
  const targetsOf = (p: MetaPackage): CargoTestTarget[] =>
    p.targets.flatMap((t) => {
      const kind = t.kind.includes('test') ? 'test' : t.kind.includes('bin') ? 'bin' : t.kind.some((k) => /lib|proc-macro/.test(k)) ? 'lib' : undefined;
      return kind && t.test !== false ? [{ name: t.name, kind, src: resolve(t.src_path), pkg: p.name, manifest: resolve(p.manifest_path) } as CargoTestTarget] : [];
    });
  const all = meta.packages.flatMap(targetsOf);
  let scoped: MetaPackage[];
  if (pkg) {
    scoped = meta.packages.filter((p) => p.name === pkg);
    if (!scoped.length) throw new GatewayError(`no package '${pkg}' in the workspace at ${meta.workspace_root}`, `packages: ${meta.packages.map((p) => p.name).join(', ')}`, 'not-found');
  } else {
    const own = meta.packages.filter((p) => resolve(p.manifest_path) === resolve(manifest));
    const defaults = meta.workspace_default_members ? meta.packages.filter((p) => meta.workspace_default_members!.includes(p.id)) : meta.packages;
    scoped = own.length ? own : defaults;
  }
  return { root: meta.workspace_root, all, scope: scoped.flatMap(targetsOf), packages: meta.packages.map((p) => p.name) };
}

/** The ways to read the id that `vars` holds (the form's groups), as targets to look in. */
export function selections(project: CargoProject, vars: Record<string, unknown>): Selection[] {
  const name = typeof vars.name === 'string' ? vars.name : undefined;
  if (typeof vars.file === 'string') return [fileSelection(project, vars.file, name)];
  if (typeof vars.kind === 'string') return flagSelections(project, vars.kind, typeof vars.target === 'string' ? vars.target : undefined, name);
  if (!name) throw new GatewayError('no test name given', 'pass a test name, e.g. tests::my_test', 'bad-arguments');
  const out: Selection[] = project.scope.map((target) => ({ target, name }));
  // `a::test_parse`: the binary (or crate) named first, as the failure's stack shows it
  const cut = name.indexOf('::');
  if (cut > 0) {
    const head = name.slice(0, cut);
    for (const target of project.scope) if (target.name.replace(/-/g, '_') === head) out.push({ target, name: name.slice(cut + 2) });
  }
  return out;
}

function fileSelection(project: CargoProject, file: string, name: string | undefined): Selection {
  const own = project.all.find((t) => t.src === file);
  if (own) return { target: own, name };
  // a module file: the lib's (else a bin's) whose root folder holds it
  const holders = project.all.filter((t) => t.kind !== 'test' && file.startsWith(dirname(t.src) + sep));
  const target = holders.find((t) => t.kind === 'lib') ?? holders.sort((a, b) => b.src.length - a.src.length)[0];
  if (!target) {
    const tests = project.all.filter((t) => t.kind === 'test').map((t) => relative(project.root, t.src));
    throw new GatewayError(`${file} is not the file of a test binary or of a module of one`, `an integration test binary is a file such as ${tests[0] ?? 'tests/x.rs'}; unit tests are in src/ (e.g. src/lib.rs::tests::name)`, 'bad-arguments');
  }
  const module = relative(dirname(target.src), file).replace(/\.rs$/, '').replace(/(^|[\\/])mod$/, '').split(/[\\/]/).filter(Boolean).join('::');
  return { target, name, module: module || undefined };
}

function flagSelections(project: CargoProject, kind: string, target: string | undefined, name: string | undefined): Selection[] {
  if (kind === 'lib') {
    const libs = project.scope.filter((t) => t.kind === 'lib');
    if (!libs.length) throw new GatewayError('no library target here (src/lib.rs)', 'use --test NAME for tests/NAME.rs, or --bin NAME', 'not-found');
    // `--lib tests`: a lone word after --lib is a test name
    return libs.map((t) => ({ target: t, name: name ?? target }));
  }
  const named = project.scope.filter((t) => t.kind === kind && t.name === target);
  if (!named.length) {
    const there = project.scope.filter((t) => t.kind === kind).map((t) => t.name);
    throw new GatewayError(`no ${kind} target '${target}' in ${[...new Set(project.scope.map((t) => t.pkg))].join(', ')}`, there.length ? `${kind} targets: ${there.join(', ')}` : `there is no ${kind} target; pass -p PACKAGE in a workspace`, 'not-found');
  }
  return named.map((t) => ({ target: t, name }));
}

/** The tests of one binary a selection picks: exactly one named test, else cargo test's substring filter. */
export function pick(sel: Selection, tests: string[]): { tests: string[]; filter?: string; exact: boolean } {
  const full = sel.module && sel.name ? `${sel.module}::${sel.name}` : (sel.name ?? (sel.module ? `${sel.module}::` : undefined));
  if (full === undefined) return { tests, exact: false };
  for (const candidate of sel.module && sel.name ? [full, sel.name] : [full]) if (tests.includes(candidate)) return { tests: [candidate], filter: candidate, exact: true };
  return { tests: tests.filter((t) => t.includes(full)), filter: full, exact: false };
}

/** A runnable id for a test: the binary's root file (from cwd) and the test's full name. */
export function runnableId(target: CargoTestTarget, test: string, cwd: string): string {
  return `${relative(cwd, target.src)}::${test}`;
}
