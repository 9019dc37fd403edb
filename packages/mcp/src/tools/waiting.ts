import type { Session } from '@dapgate/core';
import { describe, type Description } from '../format/session.js';
import { seconds } from '../format/text.js';

export const DEFAULT_WAIT_MS = 10_000;

const PROGRESS_EVERY_MS = 1_000;

/**
 * Waits (bounded) for the session to stop or end, then describes where it is. Reports progress
 * each second. With a thread: waits for that thread's own stop (other threads may be stopped all
 * along), or its end, and describes it.
 */
export async function settle(
  session: Session,
  timeoutMs: number,
  signal: AbortSignal,
  frames = 0,
  progress: (message: string, elapsedMs: number, totalMs: number) => void = () => undefined,
  threadId?: number,
): Promise<Description> {
  const started = Date.now();
  const ticker = setInterval(() => progress(`session ${session.id} is ${session.state}; waiting for a stop or exit`, Date.now() - started, timeoutMs), PROGRESS_EVERY_MS);
  let outcome;
  try {
    outcome = threadId === undefined ? await session.waitForSettled(timeoutMs, signal) : await session.waitForThread(threadId, timeoutMs, signal);
  } finally {
    clearInterval(ticker);
  }
  const mine = threadId !== undefined && session.state === 'stopped' && session.thread(threadId)?.state === 'stopped';
  const d = await describe(session, { frames, threadId: mine ? threadId : undefined });
  const reading = outcome === 'timeout' && session.state === 'running' ? session.stopBeingRead : undefined;
  if (reading) {
    // the adapter did stop it: what is late is its answer about where (a stack request pending), not the stop
    const [first = ''] = d.text.split('\n');
    d.text = `${first.replace(/ is running\.?$/, '')}: ${beingRead(session, reading)}`;
    d.structured.waitTimedOut = true;
    d.structured.stopBeingRead = reading;
  } else if (outcome === 'timeout') {
    const [first = '', ...rest] = d.text.split('\n');
    const next = d.structured.evaluating
      ? 'the program may be passing them with no stop due yet (below); debug_wait for more'
      : 'trigger the code path, then debug_wait';
    d.text = [`${first.replace(/\.$/, '')} — still running after ${seconds(timeoutMs)}; ${next} (or debug_pause to stop it where it is).`, ...rest].join('\n');
    d.structured.waitTimedOut = true;
  } else if (outcome === 'cancelled') {
    d.text = `${d.text} (wait cancelled)`;
  }
  return d;
}

/** A stop reported and not read yet, in words: what is known and what to do. */
export function beingRead(session: Session, r: NonNullable<Session['stopBeingRead']>): string {
  return `${session.profile.adapter.name} reported the stop (${r.reason}, thread ${r.threadId}) ${seconds(r.sinceMs)} ago, and has not answered where yet (debug_diagnose shows the pending request); the program is stopped, the session shows the stop once its stack is read: debug_wait.`;
}
