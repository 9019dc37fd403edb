import type { Profile } from '../profiles/schema.js';
import { hooksFor } from '../profiles/hooks/index.js';
import { backgroundTurn } from '../process/foreground.js';
import { resolveAdapter } from './resolver.js';

/**
 * Finds every profile's adapter (and what its hooks look up the same way for every launch) in the
 * background, so the first launch of a language in a gateway just started does not wait for the
 * probes (each runs the runtime: ~0.1-0.3 s, more behind a pyenv shim). A launch that comes first
 * runs its own language's probe at once (or shares the one under way) and waits for no other.
 * Installs nothing; failures are left for the launch to report.
 * Resolves with the ids of the profiles whose adapter is usable, and of those whose is not.
 */
export async function resolveAhead(profiles: readonly Profile[]): Promise<{ usable: string[]; unusable: string[] }> {
  // one profile at a time, and none started while a launch or attach is under way (to its first
  // stop, bounded): each probe starts a runtime, which would compete with the request for a core
  const found: { id: string; usable: boolean }[] = [];
  for (const profile of profiles) {
    await backgroundTurn();
    const [status] = await Promise.all([resolveAdapter(profile).catch(() => undefined), lookUpAhead(profile)]);
    found.push({ id: profile.id, usable: !!status?.installed });
  }
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
