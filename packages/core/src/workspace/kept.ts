import { GatewayError } from '../errors.js';
import type { AttachRequest } from '../session/types.js';
import type { SavedSession } from './state-file.js';

/**
 * What a workspace keeps between gateway runs besides its breakpoint book (persistence.ts saves
 * and restores it): the agent's exception filter choices, how each live attach was made, and the
 * sessions an earlier run lost.
 */
export class KeptState {
  /** Sessions that were live when an earlier gateway run ended. */
  readonly lost = new Map<string, SavedSession>();
  /** Exception filters the agent chose, per profile id: that language's next sessions start with them. */
  readonly exceptionFilterChoices = new Map<string, string[]>();
  /** The request each live attach session was made with (to attach again after a restart). */
  readonly attachRequests = new Map<string, AttachRequest>();
  /** Why the saved state could not be restored, if it could not. */
  problem: string | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly beforeStop: (() => Promise<void>)[] = [];

  /** Calls `listener` whenever something kept may have changed (the book has its own event). */
  onChange(listener: () => void): void {
    this.listeners.add(listener);
  }

  changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Runs `task` before the workspace's sessions are stopped (the gateway shuts down). */
  onStopAll(task: () => Promise<void>): void {
    this.beforeStop.push(task);
  }

  async stopping(): Promise<void> {
    await Promise.all(this.beforeStop.map((task) => task().catch(() => undefined)));
  }

  /** The refusal for a session id an earlier run lost, if it is one. */
  lostError(id: string): GatewayError | undefined {
    const lost = this.lost.get(id);
    if (!lost) return undefined;
    const next = lost.attach ? ({ next: 'reattach-lost', session: id } as const) : ({ next: 'launch-again' } as const);
    return new GatewayError(`session '${id}' (${lost.target}, ${lost.kind}) was lost when the gateway restarted`, undefined, { code: 'unknown-session', ...next });
  }
}
