import type { Profile } from '../../profiles/schema.js';
import type { ProfileRegistry } from '../../profiles/loader.js';
import { fillTemplate } from '../../profiles/template.js';
import type { BreakpointSpec } from '../../breakpoints/book.js';
import { GatewayError } from '../../errors.js';
import { checkExpression, type EvalMode } from '../../policy/evaluation.js';

/** Conditions and logpoints are expressions too: the evaluation mode applies to them. */
export async function checkBreakpointExpressions(registry: ProfileRegistry, mode: EvalMode, spec: BreakpointSpec): Promise<void> {
  if (!spec.condition && !spec.logMessage) return;
  let profiles = registry.profiles;
  if (spec.file) {
    try {
      profiles = [await registry.pick(undefined, spec.file)];
    } catch {
      /* unknown extension: check against every language */
    }
  }
  for (const p of profiles) {
    if (spec.condition) checkExpression(p, mode, spec.condition, 'condition');
    if (spec.logMessage) checkExpression(p, mode, spec.logMessage, 'logMessage');
  }
}

/** Each group of `requires` needs one of its arguments. */
export function checkRequired(profile: Profile, what: string, requires: string[][], given: Record<string, unknown>): void {
  for (const oneOf of requires) {
    if (!oneOf.some((k) => given[k] !== undefined)) {
      throw new GatewayError(`${profile.displayName} ${what} needs ${oneOf.join(' or ')}`, `pass ${oneOf.join(' or ')}`, 'bad-arguments');
    }
  }
}

/** The adapter's working directory from the profile's template (undefined: the gateway's). */
export function adapterCwd(profile: Profile, vars: Record<string, unknown>): string | undefined {
  const cwd = profile.adapter.cwd === undefined ? undefined : fillTemplate(profile.adapter.cwd, vars);
  return typeof cwd === 'string' && cwd ? cwd : undefined;
}
