import { stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { GatewayError } from '../../errors.js';
import { which } from '../../which.js';
import { runCommand } from '../../process/run-command.js';
import { firstLines, OncePerKey } from './build-helpers.js';
import type { BuiltSource } from '../../session/reads/built-sources.js';

interface CargoTarget {
  name: string;
  kind: string[];
  src_path: string;
}
interface CargoPackage {
  name: string;
  manifest_path: string;
  default_run?: string | null;
  targets: CargoTarget[];
}

const builds = new OncePerKey<CargoBuilt>();

/** The Cargo.toml that owns `program` (a project folder, or a .rs file inside one), if any. */
export async function findCargoManifest(program: string): Promise<string | undefined> {
  let dir = (await isDir(program)) ? program : dirname(program);
  for (let depth = 0; depth < 12; depth++) {
    const manifest = join(dir, 'Cargo.toml');
    if (await isFile(manifest)) return manifest;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

/** What a cargo build made: the executable, and the folders of the packages it compiled, optimized or not. */
export interface CargoBuilt {
  executable: string;
  /**
   * The package folders cargo compiled, each with whether with an opt-level other than 0 (cargo's
   * own report of each artifact's profile): lldb cannot tell an optimized Rust function (rustc
   * writes no DW_AT_APPLE_optimized, and its DWARF producer names no flags).
   */
  sources: BuiltSource[];
}

/**
 * Builds the bin target `program` stands for with `cargo build` and returns the executable:
 * a .rs file that is a bin's main file picks that bin; a folder (or any other file) picks the
 * package's default-run, else its only bin.
 */
export async function cargoBuild(manifest: string, program: string, env: NodeJS.ProcessEnv): Promise<CargoBuilt> {
  const cargo = await which('cargo');
  if (!cargo) throw new GatewayError('cargo not found: a Rust toolchain is needed to build this project', 'install Rust (https://rustup.rs), or build it yourself and launch the binary with language "rust"', 'toolchain-missing');
  const projectDir = dirname(manifest);
  const meta = await runCommand(cargo, ['metadata', '--format-version', '1', '--no-deps', '--manifest-path', manifest], { cwd: projectDir, timeoutMs: 60_000, env });
  if (!meta.ok) throw new GatewayError(`cargo metadata failed for ${manifest} (${meta.failure}):\n${firstLines(meta.stderr)}`, 'fix Cargo.toml, then launch again', 'build-failed');
  const packages = (JSON.parse(meta.stdout) as { packages: CargoPackage[] }).packages;
  const pkg = packages.find((p) => resolve(p.manifest_path) === resolve(manifest)) ?? packages[0];
  if (!pkg) throw new GatewayError(`${manifest} has no package`, 'launch a package folder (not a virtual workspace root), or a bin\'s .rs file', 'bad-arguments');
  const bin = chooseBin(pkg, resolve(program));
  return builds.run(`${manifest}#${bin}`, async () => {
    const r = await runCommand(cargo, ['build', '--manifest-path', manifest, '--bin', bin, '--message-format=json-render-diagnostics'], { cwd: projectDir, timeoutMs: 600_000, env });
    const messages = r.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as CargoMessage);
    const artifact = messages.find((m) => m.reason === 'compiler-artifact' && m.executable && m.target?.name === bin && m.target.kind.includes('bin'));
    if (!r.ok || !artifact?.executable) {
      throw new GatewayError(`cargo build --bin ${bin} failed (${r.failure ?? 'no executable reported'}):\n${firstLines(r.stderr, 40)}`, 'fix the build errors, then launch again', 'build-failed');
    }
    return { executable: artifact.executable, sources: builtSources(messages) };
  });
}

interface CargoMessage {
  reason: string;
  executable?: string | null;
  target?: { name: string; kind: string[] };
  manifest_path?: string;
  profile?: { opt_level?: string };
}

/**
 * The package folders cargo's artifact messages name, each optimized when one of its artifacts
 * was compiled with an opt-level other than "0" (a build script's own profile left out: its code
 * does not run in the program).
 */
export function builtSources(messages: CargoMessage[]): BuiltSource[] {
  const roots = new Map<string, boolean>();
  for (const m of messages) {
    if (m.reason !== 'compiler-artifact' || !m.manifest_path || m.profile?.opt_level === undefined || m.target?.kind.includes('custom-build')) continue;
    const root = dirname(resolve(m.manifest_path));
    roots.set(root, !!roots.get(root) || m.profile.opt_level !== '0');
  }
  return [...roots].map(([root, optimized]) => ({ root, optimized }));
}

function chooseBin(pkg: CargoPackage, program: string): string {
  const bins = pkg.targets.filter((t) => t.kind.includes('bin'));
  if (!bins.length) throw new GatewayError(`package ${pkg.name} has no bin target to run`, 'to debug its tests, run one by its test id (e.g. tests::name), or build them with cargo test --no-run and launch the test binary it names (target/debug/deps/<name>-<hash>) with language "rust" and args ["<test name>", "--exact"]; or add src/main.rs or a [[bin]] target', 'not-found');
  const own = bins.find((t) => resolve(t.src_path) === program);
  if (own) return own.name;
  if (pkg.default_run) return pkg.default_run;
  if (bins.length === 1) return bins[0]!.name;
  const listed = bins.map((t) => `${t.name} (${relative(dirname(pkg.manifest_path), t.src_path)})`).join(', ');
  throw new GatewayError(`package ${pkg.name} has ${bins.length} bin targets and no default-run, so ${basename(program)} does not say which to run`, `launch the bin's main file as program: ${listed}`, 'ambiguous');
}

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
