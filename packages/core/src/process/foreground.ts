/**
 * Launches and attaches under way (from the request to the session's first stop or end), which
 * background work gives way to: the lookups ahead start their next step, and the pool its next
 * warm adapter, only when none is under way, so they do not take a core from a request on the
 * two-core machines that are common. Process-wide (the CPU is), every hold and wait bounded.
 */

/** The longest one request holds background work back (a program that runs long before its first stop). */
export const HOLD_BOUND_MS = 10_000;

const holds = new Set<symbol>();
const waiting = new Set<() => void>();

/** Holds background work back until the returned function is called (or `boundMs` passes). */
export function holdBackground(boundMs = HOLD_BOUND_MS): () => void {
  const hold = Symbol('foreground');
  holds.add(hold);
  const release = () => {
    clearTimeout(timer);
    if (holds.delete(hold) && holds.size === 0) for (const wake of [...waiting]) wake();
  };
  const timer = setTimeout(release, boundMs);
  timer.unref();
  return release;
}

/** Whether a request holds background work back now. */
export function foregroundBusy(): boolean {
  return holds.size > 0;
}

/** Resolves once no request holds background work back (at once if none does), or after `boundMs`. */
export function backgroundTurn(boundMs = HOLD_BOUND_MS): Promise<void> {
  if (holds.size === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      resolve();
    };
    // background work only: a gateway closing does not wait for it
    const timer = setTimeout(wake, boundMs).unref();
    waiting.add(wake);
  });
}

/** How long after a launch's first stop background work still waits when no answer is reported, for the reads an answer makes. */
export const ANSWER_GRACE_MS = 300;

/**
 * A launch's hold: it ends once the program first stopped (or ended) and the launch's answer, made
 * of the reads that follow the stop, is made; or ANSWER_GRACE_MS after the stop when no answer is
 * reported; or at the bound. Ending at the answer, not at a guess past it, hands background work
 * its turn before the client's next request: launches back to back would otherwise overlap their
 * holds and starve it to the bound.
 */
export class LaunchHold {
  /** Resolves when the hold ends (by its answer, its grace or its bound). */
  readonly ended: Promise<void>;
  private readonly release = holdBackground();
  private readonly bound = setTimeout(() => this.end(), HOLD_BOUND_MS).unref();
  private resolveEnded!: () => void;
  private stopped = false;
  private answered = false;

  constructor() {
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
  }

  /** The program's first stop or end (its frames read). */
  settled(): void {
    this.stopped = true;
    if (this.answered) this.end();
    else setTimeout(() => this.end(), ANSWER_GRACE_MS).unref();
  }

  /** The launch's answer is made (or it failed). */
  answer(): void {
    this.answered = true;
    if (this.stopped) this.end();
  }

  end(): void {
    clearTimeout(this.bound);
    this.release();
    this.resolveEnded();
  }
}
