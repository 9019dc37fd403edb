import { usableAdapter } from '../../adapters/auto-install.js';
import { likelyAdapter } from '../../adapters/resolver.js';
import { GatewayError } from '../../errors.js';
import { configDir } from '../../profiles/loader.js';
import type { Profile } from '../../profiles/schema.js';
import type { AdapterPool, AdapterRecipe } from './adapter-pool.js';

/**
 * The adapters sessions start: a profile's command line (a missing adapter installed first, unless
 * turned off) and the warm adapters of the pool started with it.
 */
export class AdapterSupply {
  constructor(
    private readonly pool: AdapterPool,
    private readonly options: { autoInstall?: boolean; requestTimeoutMs?: number },
  ) {}

  /** The adapter's command line for a profile; refused with how to install it when it is not installed. */
  async command(profile: Profile, install = this.options.autoInstall ?? true): Promise<string[]> {
    const status = await usableAdapter(profile, install);
    if (!status.installed) throw new GatewayError(`${profile.adapter.name} is not installed: ${status.problem}`, status.install, 'start-failed');
    return commandLine(profile, status.runtime!, status.adapterProgram);
  }

  /** Starts warm adapters for the profile with this command line, where its pool keeps some. */
  refill(profile: Profile, command: string[], cwd?: string): void {
    this.pool.refill(this.recipe(profile, command, cwd));
  }

  private recipe(profile: Profile, command: string[], cwd?: string): AdapterRecipe {
    return { profile, command, cwd, env: { ...process.env, ...profile.adapter.env }, requestTimeoutMs: this.options.requestTimeoutMs ?? 10_000 };
  }

  /** Starts warm adapters for a profile now (`warm`), if it is installed. */
  async warmUp(profile: Profile): Promise<void> {
    try {
      this.refill(profile, await this.command(profile, false));
    } catch {
      /* not installed: its first launch says so */
    }
  }

  /**
   * The adapter's command line, resolved while the launch's hooks run (an interpreter lookup, a
   * build); and, where the pool keeps adapters for the profile and its adapter's folder does not
   * depend on the hooks, the adapter started meanwhile too (the session then takes it from the pool).
   * In a gateway just started the resolution runs the runtime's checks (~0.1-0.5 s): the adapter is
   * started at once with the command line they will most likely confirm (`likelyAdapter`), and
   * ended if they pick another or none, so the launch only ever runs the resolved one.
   */
  ahead(profile: Profile): Promise<string[]> {
    const pooled = profile.adapter.cwd === undefined && !!profile.adapter.pool;
    const guess = pooled ? likelyAdapter(profile).then((l) => l && commandLine(profile, l.runtime, l.adapterProgram)).catch(() => undefined) : Promise.resolve(undefined);
    const command = this.command(profile);
    let resolved = false;
    void guess.then((c) => c && !resolved && this.refill(profile, c));
    const wrongGuess = async (c?: string[]) => {
      const guessed = await guess;
      if (guessed && JSON.stringify(guessed) !== JSON.stringify(c)) this.pool.discard(this.recipe(profile, guessed));
    };
    command.then(
      (c) => {
        resolved = true;
        if (pooled) this.refill(profile, c);
        void wrongGuess(c);
      },
      () => {
        resolved = true;
        void wrongGuess(); // the launch reports the failure, after its hooks
      },
    );
    return command;
  }
}

/** A profile's adapter command line with its runtime and adapter program. */
function commandLine(profile: Profile, runtime: string, adapterProgram: string | undefined): string[] {
  return profile.adapter.command.map((part) => part.replaceAll('${runtime}', runtime).replaceAll('${adapterProgram}', adapterProgram ?? '').replaceAll('${configDir}', configDir()));
}
