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

type PatchSpec = { script: string; name: string; without: string };

function patchSpec(profile: Profile): PatchSpec | undefined {
  const install = profile.adapter.install;
  return install.kind === 'pip-venv' ? install.patch : undefined;
}

async function runScript(runtime: string, spec: PatchSpec, verb: 'check' | 'apply'): Promise<{ code: number; line: string }> {
  const script = join(configDir(), spec.script);
  const r = await runCommand(runtime, [script, verb], { timeoutMs: 30_000 });
  if (r.exitCode === undefined) return { code: -1, line: `could not run ${script}: ${r.failure}` };
  const out = (r.stdout.trim() || r.stderr.trim()).split('\n');
  return { code: r.exitCode, line: (r.exitCode === 0 ? out[out.length - 1] : out.join(' ').slice(0, 1000)) ?? '' };
}

/** Asks the profile's patch script whether its fix is present in what `runtime` imports. */
export async function checkPatch(profile: Profile, runtime: string): Promise<PatchStatus | undefined> {
  const spec = patchSpec(profile);
  if (!spec) return undefined;
  const r = await runScript(runtime, spec, 'check');
  return { name: spec.name, applied: r.code === 0, applicable: r.code !== 2, detail: r.line };
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
