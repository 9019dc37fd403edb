import { availableParallelism } from 'node:os';
import type { Profile } from '../profiles/schema.js';
import { hooksFor } from '../profiles/hooks/index.js';
import { resolveAdapter } from './resolver.js';

/**
 * Finds every profile's adapter (and what its hooks look up the same way for every launch) in the
 * background, so the first launch of a language in a gateway just started does not wait for the
 * probes (each runs the runtime: ~0.1-0.3 s, more behind a pyenv shim). A launch that comes first
 * shares the probe under way. Installs nothing; failures are left for the launch to report.
 * Resolves with the ids of the profiles whose adapter is usable, and of those whose is not.
 */
export async function resolveAhead(profiles: readonly Profile[], atOnce = Math.max(1, availableParallelism())): Promise<{ usable: string[]; unusable: string[] }> {
  // a few profiles at a time (one per core): a launch that arrives meanwhile starts its own
  // language's probe at once, and competes with these few for the CPU, not with all of them
  const found: { id: string; usable: boolean }[] = [];
  const queue = [...profiles];
  const worker = async () => {
    for (let profile = queue.shift(); profile; profile = queue.shift()) {
      const [status] = await Promise.all([resolveAdapter(profile).catch(() => undefined), lookUpAhead(profile)]);
      found.push({ id: profile.id, usable: !!status?.installed });
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  const ids = (usable: boolean) => profiles.filter((p) => found.some((f) => f.id === p.id && f.usable === usable)).map((p) => p.id);
  return { usable: ids(true), unusable: ids(false) };
}

async function lookUpAhead(profile: Profile): Promise<void> {
  try {
    await hooksFor(profile.hooks).lookUpAhead?.();
  } catch {
    /* the launch looks again, and says what fails */
  }
}
