import { createHash } from 'node:crypto';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { configDir } from '../profiles/loader.js';
import type { Profile } from '../profiles/schema.js';
import { cacheDir, pathExists, venvPython } from '../paths.js';
import { which } from '../which.js';
import { runCommand } from '../process/run-command.js';
import { checkPatch, checkPatchAndRuntime, describePatch, patchChecksRuntime, type PatchStatus } from './venv-patch.js';

export interface AdapterStatus {
  profile: string;
  adapter: string;
  installed: boolean;
  /** The runtime that runs the adapter, when one is usable. */
  runtime?: string;
  /** The file the runtime runs (jar, server script), for profiles that have one. */
  adapterProgram?: string;
  /** The runtime's version (what its check printed), or the adapter's own where the runtime is the adapter. */
  version?: string;
  /** The adapter program's own pinned version (js-debug's, not Node's), when the managed file is used. */
  programVersion?: string;
  source?: 'env' | 'managed' | 'path';
  /** Why it is not usable, and how to fix it. */
  problem?: string;
  /** Built from the checkout's sources, which have changed since: rebuild with `adapters install`. */
  outdated?: boolean;
  /** The profile's fix to the installed packages, when it has one (see venv-patch.ts). */
  patch?: PatchStatus;
  /** Usable, but something costs: what, and how to repair it. */
  warning?: string;
  install: string;
}

/** Usable adapters, found once per gateway run (a failed resolution is retried on the next call). */
const cache = new Map<string, Promise<AdapterStatus>>();

/**
 * Finds a usable runtime for a profile's adapter: the env override, then dapgate's managed
 * install, then PATH candidates; each is checked by running the profile's check command.
 * Concurrent callers share one probe; `fresh` probes again (doctor, languages, after an install).
 */
export function resolveAdapter(profile: Profile, options: { fresh?: boolean } = {}): Promise<AdapterStatus> {
  const hit = cache.get(profile.id);
  if (hit && !options.fresh) return hit;
  const probe = probeAdapter(profile, options.fresh ?? false);
  cache.set(profile.id, probe);
  probe.then(
    (status) => {
      if (!status.installed && cache.get(profile.id) === probe) cache.delete(profile.id);
    },
    () => cache.get(profile.id) === probe && cache.delete(profile.id),
  );
  return probe;
}

async function probeAdapter(profile: Profile, fresh: boolean): Promise<AdapterStatus> {
  const spec = profile.adapter.runtime;
  const install = installHint(profile);
  const base = { profile: profile.id, adapter: profile.adapter.name, install };
  const tried: string[] = [];
  let status: AdapterStatus | undefined;
  let patch: PatchStatus | undefined;
  for await (const c of runtimeCandidates(spec)) {
    if (c.source !== 'path' && !(await pathExists(c.path))) {
      tried.push(`${c.path} (missing)`);
      if (c.source === 'env') break; // an explicit override that is wrong must be reported, not bypassed
      continue;
    }
    // the profile's patch check runs beside the runtime's own (each starts the runtime); it counts only for a runtime that passes
    const [check, patched] = await runtimeChecks(profile, c.path, fresh);
    if (check.ok) {
      const version = spec.versionPattern ? await versionFrom(spec.versionPattern, c.path, check.output) : check.version;
      status = { ...base, installed: true, runtime: c.path, version, source: c.source };
      patch = patched;
      break;
    }
    tried.push(`${c.path} (${check.error})`);
    if (c.source === 'env') break;
  }
  status ??= {
    ...base,
    installed: false,
    problem: `no usable ${spec.description} found${tried.length ? `; tried ${tried.join(', ')}` : ''}`,
  };
  const program = profile.adapter.program;
  if (status.installed && program) {
    const explicit = program.envVar ? process.env[program.envVar] : undefined;
    const path = explicit ?? join(cacheDir(), program.managed);
    if (await pathExists(path)) {
      status.adapterProgram = path;
      if (!explicit && program.version) status.programVersion = program.version;
    }
    else status = { ...base, installed: false, runtime: status.runtime, problem: `${program.description} not found at ${path}${explicit ? ` (from ${program.envVar})` : ''}` };
  }
  const built = profile.adapter.install;
  if (status.installed && built.kind === 'maven-jar' && !(program?.envVar && process.env[program.envVar])) {
    const stamp = await readFile(join(cacheDir(), `${built.target}.source-hash`), 'utf8').catch(() => undefined);
    const current = await sourceHash(join(dirname(configDir()), dirname(built.pom)));
    if (stamp !== current) status = { ...status, outdated: true };
  }
  if (status.installed && status.runtime && patch) status = withPatchStatus(profile, status, patch);
  return status;
}

/**
 * The runtime's check and the profile's patch check, side by side (each starts the runtime); or,
 * where the patch check does the runtime's check too (`patch.checksRuntime`), that one alone.
 */
async function runtimeChecks(profile: Profile, runtime: string, fresh: boolean): Promise<[CheckResult, PatchStatus | undefined]> {
  if (patchChecksRuntime(profile)) {
    const both = await checkPatchAndRuntime(profile, runtime);
    // only a pass is taken from it; any other outcome gets the runtime's own check, for its own words
    if (both?.runtime.ok) return [both.runtime, both.patch];
    if (both) return [await sharedCheck(runtime, profile.adapter.runtime.check, fresh), both.patch];
  }
  return Promise.all([sharedCheck(runtime, profile.adapter.runtime.check, fresh), checkPatch(profile, runtime)]);
}

/**
 * The runtimes to try, in order: the env override, dapgate's managed install, then each name on
 * PATH, each looked up only once the ones before it failed (a PATH walk is a dozen file checks,
 * ~0.1 s on a loaded machine, on a first launch's way when the managed install is there anyway).
 */
async function* runtimeCandidates(spec: Profile['adapter']['runtime']): AsyncGenerator<{ path: string; source: AdapterStatus['source'] }> {
  const fromEnv = spec.envVar ? process.env[spec.envVar] : undefined;
  if (fromEnv) yield { path: fromEnv, source: 'env' };
  if (spec.managed) yield { path: managedPath(spec.managed), source: 'managed' };
  for (const name of spec.candidates) {
    const found = await which(name);
    if (found) yield { path: found, source: 'path' };
  }
}

function withPatchStatus(profile: Profile, status: AdapterStatus, patch: PatchStatus): AdapterStatus {
  const { note, warning } = describePatch(profile, patch, status.source === 'managed', profile.adapter.runtime.envVar);
  return { ...status, patch, version: `${status.version ?? ''} (${note})`.trim(), ...(warning ? { warning } : {}) };
}

/**
 * The runtime (and adapter program) the resolver picks first when its checks pass, found without
 * running anything (an env override or dapgate's managed install that exists; else, for a profile
 * with no managed install, the first candidate on PATH): what a launch may start its adapter with
 * while the checks run. Undefined when there is none to guess.
 */
export async function likelyAdapter(profile: Profile): Promise<{ runtime: string; adapterProgram?: string } | undefined> {
  const spec = profile.adapter.runtime;
  const fromEnv = spec.envVar ? process.env[spec.envVar] : undefined;
  const managed = spec.managed ? managedPath(spec.managed) : undefined;
  let runtime: string | undefined;
  if (fromEnv) runtime = (await pathExists(fromEnv)) ? fromEnv : undefined;
  else if (managed && (await pathExists(managed))) runtime = managed;
  else if (!managed) for (let i = 0; i < spec.candidates.length && !runtime; i++) runtime = await which(spec.candidates[i]!);
  if (!runtime) return undefined;
  const program = profile.adapter.program;
  if (!program) return { runtime };
  const explicit = program.envVar ? process.env[program.envVar] : undefined;
  const adapterProgram = explicit ?? join(cacheDir(), program.managed);
  return (await pathExists(adapterProgram)) ? { runtime, adapterProgram } : undefined;
}

export function forgetResolution(profileId: string): void {
  cache.delete(profileId);
}

export function managedPath(template: string): string {
  const root = cacheDir();
  return template.includes('${venvPython}')
    ? venvPython(join(root, template.replace('${venvPython}', '').replace(/[\\/]+$/, '')))
    : join(root, template);
}

async function versionFrom(pattern: string, runtime: string, output: string | undefined): Promise<string | undefined> {
  const real = await realpath(runtime).catch(() => runtime); // else the path itself is all there is
  const re = new RegExp(pattern);
  return (re.exec(output ?? '') ?? re.exec(real) ?? re.exec(runtime))?.[1];
}

type CheckResult = { ok: true; version?: string; output?: string } | { ok: false; error: string };

/** Runtime checks that passed (or are under way), by runtime and arguments: profiles that share a runtime (lldb-dap for C and Rust) run it once. */
const checks = new Map<string, Promise<CheckResult>>();

function sharedCheck(runtime: string, args: string[] | undefined, fresh: boolean): Promise<CheckResult> {
  const key = JSON.stringify([runtime, args ?? null]);
  const hit = fresh ? undefined : checks.get(key);
  if (hit) return hit;
  const check = runCheck(runtime, args);
  checks.set(key, check);
  // like a resolution, a failed check is run again next time (an install in between is seen)
  void check.then((r) => !r.ok && checks.get(key) === check && checks.delete(key));
  return check;
}

async function runCheck(runtime: string, args: string[] | undefined): Promise<CheckResult> {
  if (!args) return { ok: true };
  const r = await runCommand(runtime, args, { timeoutMs: 15_000 });
  if (!r.ok) return { ok: false, error: (r.stderr || r.stdout || r.failure || 'failed').trim().split('\n').pop()!.slice(0, 200) };
  // some runtimes (java -version) print their version on stderr
  const printed = (r.stdout.trim() || r.stderr.trim()).split('\n');
  return { ok: true, version: (r.stdout.trim() ? printed.pop() : printed[0])?.trim(), output: `${r.stdout}\n${r.stderr}` };
}

export function installHint(profile: Profile): string {
  const i = profile.adapter.install;
  if (i.kind === 'manual') return i.instructions;
  if (i.kind === 'system-package') return systemPackageHint(i.commands, i.notes);
  const envVar = profile.adapter.program?.envVar ?? profile.adapter.runtime.envVar;
  const override = envVar ? ` (or set ${envVar})` : '';
  const needs = i.kind === 'go-install' ? ' (builds with the Go toolchain: Go must be on PATH)' : '';
  return `run: npx dapgate adapters install ${profile.id}${needs}${override}`;
}

/** The install command for this platform (every platform's when it has none), then the notes. */
export function systemPackageHint(commands: Record<string, string>, notes: string | undefined, platform: string = process.platform): string {
  const names: Record<string, string> = { linux: 'Linux', darwin: 'macOS', win32: 'Windows' };
  const shown = commands[platform] !== undefined ? [platform] : Object.keys(commands);
  const lines = shown.map((p) => `${names[p] ?? p}: ${commands[p]}`);
  return `${lines.join('; ')}${notes ? `; ${notes}` : ''}`;
}

/**
 * A usable adapter in words, each version next to what it belongs to: "js-debug v1.112.0 at
 * <file> (runtime /usr/bin/node, v20.20.2)" for an adapter a runtime runs, "delve 1.27.2 at <dlv>"
 * for one that is its own runtime.
 */
export function describeUsable(profile: Profile, status: AdapterStatus): string {
  if (!status.adapterProgram) return `${profile.adapter.name}${status.version ? ` ${status.version}` : ''} at ${status.runtime}`;
  const own = status.programVersion ? ` ${status.programVersion}` : '';
  return `${profile.adapter.name}${own} at ${status.adapterProgram} (runtime ${status.runtime}${status.version ? `, ${status.version}` : ''})`;
}

/** A hash of a Maven project's pom.xml and src/ contents: tells whether a cached build is current. */
export async function sourceHash(projectDir: string): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (path: string) => {
    const st = await stat(path).catch(() => undefined);
    if (!st) return;
    if (st.isDirectory()) for (const e of (await readdir(path)).sort()) await walk(join(path, e));
    else hash.update(relative(projectDir, path)).update(await readFile(path));
  };
  await walk(join(projectDir, 'pom.xml'));
  await walk(join(projectDir, 'src'));
  return hash.digest('hex');
}
