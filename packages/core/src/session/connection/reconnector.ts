import { pause } from '../bounded-wait.js';

/** What the reconnector needs from its session. */
export interface ReconnectHost {
  /** Connects, initializes and attaches again (bounded by `timeoutMs`); throws when it cannot. */
  establish(timeoutMs: number): Promise<void>;
  /** Drops the current connection and adapter (nothing is terminated). */
  drop(): Promise<void>;
  /** Enters (or re-announces) the `reconnecting` state. */
  markReconnecting(): void;
  /** Ends the session: re-attaching did not succeed within the window. */
  giveUp(reason: string): void;
  log(type: string, summary: string): void;
  readonly target: string;
  /** False once the session failed or ended: no more attempts. */
  readonly live: boolean;
}

export const RECONNECT_WINDOW_MS = 10 * 60_000;
const ATTEMPT_EVERY_MS = 1_000;
const ATTEMPT_TIMEOUT_MS = 15_000;

/**
 * Keeps an attach session alive across target restarts: when the target goes away, drop the
 * connection and attach again every second for up to ten minutes; breakpoints are re-applied by
 * `establish`. `ending` (the session is being stopped) ends the attempts at once.
 */
export class Reconnector {
  private active = false;

  constructor(
    private readonly host: ReconnectHost,
    private readonly ending: AbortSignal,
    private readonly windowMs = RECONNECT_WINDOW_MS,
  ) {}

  get running(): boolean {
    return this.active;
  }

  async run(reason: string): Promise<void> {
    if (this.active) return;
    this.active = true;
    try {
      this.host.markReconnecting();
      this.host.log('target-lost', `${reason}; re-attaching (breakpoints kept)`);
      await this.host.drop();
      const deadline = Date.now() + this.windowMs;
      while (!this.ending.aborted && this.host.live && Date.now() < deadline) {
        if (!(await pause(ATTEMPT_EVERY_MS, this.ending))) return;
        try {
          await this.host.establish(ATTEMPT_TIMEOUT_MS);
          this.host.log('reconnected', `re-attached to ${this.host.target}`);
          return;
        } catch {
          await this.host.drop();
          this.host.markReconnecting();
        }
      }
      if (!this.ending.aborted && this.host.live) this.host.giveUp(`gave up re-attaching after ${this.windowMs / 60_000} min`);
    } finally {
      this.active = false;
    }
  }
}
