import { join } from 'node:path';
import type { Profile } from '../profiles/schema.js';
import { configDir } from '../profiles/loader.js';
import { runCommand } from '../process/run-command.js';

/** Whether a profile's fix to its installed packages is in effect for one runtime. */
export interface PatchStatus {
  name: string;
  applied: boolean;
  /** False when the script cannot make the fix here (the code it edits has moved). */
  applicable: boolean;
  /** The script's own words: "applied", or what is missing / where the spot moved. */
  detail: string;
}

/** What a `check` that also does the runtime's check (`patch.checksRuntime`) found: its version line, or why it failed. */
export type RuntimeCheck = { ok: true; version: string; output: string } | { ok: false; error: string };

const PASSED = /^runtime-check-passed (\S+)$/m;

type PatchSpec = { script: string; name: string; without: string; checksRuntime?: boolean };

/** Whether the profile's patch check also does its runtime's check (one start of the runtime, not two). */
export function patchChecksRuntime(profile: Profile): boolean {
  return !!patchSpec(profile)?.checksRuntime;
}

function patchSpec(profile: Profile): PatchSpec | undefined {
  const install = profile.adapter.install;
  return install.kind === 'pip-venv' ? install.patch : undefined;
}

async function runScript(runtime: string, spec: PatchSpec, verb: 'check' | 'apply'): Promise<{ code: number; line: string; runtime: RuntimeCheck }> {
  const script = join(configDir(), spec.script);
  const r = await runCommand(runtime, [script, verb], { timeoutMs: 30_000 });
  const passed = PASSED.exec(r.stdout)?.[1];
  const failed = (r.stderr || r.stdout || r.failure || 'failed').trim().split('\n').pop()!.slice(0, 200);
  const runtimeCheck: RuntimeCheck = passed ? { ok: true, version: passed, output: r.stdout } : { ok: false, error: failed };
  if (r.exitCode === undefined) return { code: -1, line: `could not run ${script}: ${r.failure}`, runtime: runtimeCheck };
  const out = (r.stdout.replace(PASSED, '').trim() || r.stderr.trim()).split('\n');
  return { code: r.exitCode, line: (r.exitCode === 0 ? out[out.length - 1] : out.join(' ').slice(0, 1000)) ?? '', runtime: runtimeCheck };
}

/** Asks the profile's patch script whether its fix is present in what `runtime` imports. */
export async function checkPatch(profile: Profile, runtime: string): Promise<PatchStatus | undefined> {
  return (await checkPatchAndRuntime(profile, runtime))?.patch;
}

/** The patch check, with what it found of the runtime's own check (meaningful where `patch.checksRuntime`). */
export async function checkPatchAndRuntime(profile: Profile, runtime: string): Promise<{ patch: PatchStatus; runtime: RuntimeCheck } | undefined> {
  const spec = patchSpec(profile);
  if (!spec) return undefined;
  const r = await runScript(runtime, spec, 'check');
  return { patch: { name: spec.name, applied: r.code === 0, applicable: r.code !== 2, detail: r.line }, runtime: r.runtime };
}

/** Applies the fix (the script is idempotent); returns the script's report, or throws with it. */
export async function applyPatch(profile: Profile, runtime: string): Promise<string | undefined> {
  const spec = patchSpec(profile);
  if (!spec) return undefined;
  const r = await runScript(runtime, spec, 'apply');
  if (r.code !== 0) throw new Error(`${spec.name} not applied: ${r.line}`);
  return r.line;
}

/**
 * The text that goes with the version ("1.8.22 (TCP_NODELAY + lazy-log fixes applied)"), and for a missing fix
 * a warning that says what it costs and how to repair it.
 */
export function describePatch(profile: Profile, status: PatchStatus, managed: boolean, envVar: string | undefined): { note: string; warning?: string } {
  if (status.applied) return { note: `${status.name} applied` };
  const cost = `without it ${patchSpec(profile)!.without}`;
  // a version whose code moved: reinstalling does not help, the detail says what does
  if (!status.applicable) return { note: `${status.name} NOT applied; see npx dapgate doctor`, warning: `${status.name} not in effect: ${status.detail}; ${cost}.` };
  const repair = managed
    ? `run: npx dapgate adapters install ${profile.id}`
    : `run: npx dapgate adapters install ${profile.id} --force${envVar ? ` and unset ${envVar}` : ''} (dapgate fixes only its own venv)`;
  return { note: `${status.name} NOT applied; ${repair}`, warning: `${status.name} not in effect (${status.detail}); ${cost}. To repair: ${repair}` };
}
