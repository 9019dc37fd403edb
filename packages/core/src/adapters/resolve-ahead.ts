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
export async function resolveAhead(profiles: readonly Profile[]): Promise<{ usable: string[]; unusable: string[] }> {
  const found = await Promise.all(
    profiles.map(async (profile) => {
      const [status] = await Promise.all([resolveAdapter(profile).catch(() => undefined), lookUpAhead(profile)]);
      return { id: profile.id, usable: !!status?.installed };
    }),
  );
  return { usable: found.filter((f) => f.usable).map((f) => f.id), unusable: found.filter((f) => !f.usable).map((f) => f.id) };
}

async function lookUpAhead(profile: Profile): Promise<void> {
  try {
    await hooksFor(profile.hooks).lookUpAhead?.();
  } catch {
    /* the launch looks again, and says what fails */
  }
}
