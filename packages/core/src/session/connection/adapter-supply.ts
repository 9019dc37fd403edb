import { usableAdapter } from '../../adapters/auto-install.js';
import { GatewayError } from '../../errors.js';
import { configDir } from '../../profiles/loader.js';
import type { Profile } from '../../profiles/schema.js';
import type { AdapterPool } from './adapter-pool.js';

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
    return profile.adapter.command.map((part) => part.replaceAll('${runtime}', status.runtime!).replaceAll('${adapterProgram}', status.adapterProgram ?? '').replaceAll('${configDir}', configDir()));
  }

  /** Starts warm adapters for the profile with this command line, where its pool keeps some. */
  refill(profile: Profile, command: string[], cwd?: string): void {
    this.pool.refill({ profile, command, cwd, env: { ...process.env, ...profile.adapter.env }, requestTimeoutMs: this.options.requestTimeoutMs ?? 10_000 });
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
   */
  ahead(profile: Profile): Promise<string[]> {
    const command = this.command(profile);
    command.then(
      (c) => profile.adapter.cwd === undefined && this.refill(profile, c),
      () => undefined, // the launch reports it, after its hooks
    );
    return command;
  }
}
