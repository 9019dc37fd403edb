import { on, once, type EventEmitter } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';

/** How a bounded wait ended: the awaited thing happened, the time ran out, or the caller cancelled. */
export type Bounded<T> = { outcome: 'done'; value: T } | { outcome: 'timeout' } | { outcome: 'cancelled' };

export interface BoundedWaitOptions<A extends unknown[]> {
  timeoutMs: number;
  /** Cancels the wait (an MCP cancellation, a closed connection, the session ending). */
  signal?: AbortSignal;
  /** Only an emission these arguments pass ends the wait. */
  until?: (...args: A) => boolean;
}

/**
 * Waits for `event` on `emitter`, at most `timeoutMs`, and reports which of the three happened.
 * Every wait in session code goes through here: no hand-written timer/listener/abort triples.
 */
export async function boundedOnce<A extends unknown[] = unknown[]>(emitter: EventEmitter, event: string, options: BoundedWaitOptions<A>): Promise<Bounded<A>> {
  // A ref'd timer (AbortSignal.timeout's is not): a pending wait keeps the process alive until it ends.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), Math.max(0, options.timeoutMs));
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  try {
    if (!options.until) return { outcome: 'done', value: (await once(emitter, event, { signal })) as A };
    for await (const args of on(emitter, event, { signal })) {
      if (options.until(...(args as A))) return { outcome: 'done', value: args as A };
    }
  } catch (e) {
    if ((e as Error).name !== 'AbortError') throw e;
  } finally {
    clearTimeout(timer);
  }
  return options.signal?.aborted ? { outcome: 'cancelled' } : { outcome: 'timeout' };
}

/** Waits for a promise at most `timeoutMs`; `undefined` when the time ran out. */
export async function within<T>(promise: Promise<T>, timeoutMs: number): Promise<T | undefined> {
  const timer = new AbortController();
  try {
    return await Promise.race([promise, delay(timeoutMs, undefined, { signal: timer.signal }).catch(() => undefined)]);
  } finally {
    timer.abort();
  }
}

/** Sleeps `ms`; returns false at once when `signal` aborts. */
export async function pause(ms: number, signal?: AbortSignal): Promise<boolean> {
  try {
    await delay(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}
