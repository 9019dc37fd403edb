import type { Session } from '@dapgate/core';
import { describe, type Description } from '../format/session.js';
import { seconds } from '../format/text.js';

export const DEFAULT_WAIT_MS = 10_000;

const PROGRESS_EVERY_MS = 1_000;

/** Waits (bounded) for the session to stop or end, then describes where it is. Reports progress each second. */
export async function settle(
  session: Session,
  timeoutMs: number,
  signal: AbortSignal,
  frames = 0,
  progress: (message: string, elapsedMs: number, totalMs: number) => void = () => undefined,
): Promise<Description> {
  const started = Date.now();
  const ticker = setInterval(() => progress(`session ${session.id} is ${session.state}; waiting for a stop or exit`, Date.now() - started, timeoutMs), PROGRESS_EVERY_MS);
  let outcome;
  try {
    outcome = await session.waitForSettled(timeoutMs, signal);
  } finally {
    clearInterval(ticker);
  }
  const d = await describe(session, { frames });
  if (outcome === 'timeout') {
    d.text = `${d.text.replace(/\.$/, '')} — still running after ${seconds(timeoutMs)}; trigger the code path, then debug_wait (or debug_pause to stop it where it is).`;
    d.structured.waitTimedOut = true;
  } else if (outcome === 'cancelled') {
    d.text = `${d.text} (wait cancelled)`;
  }
  return d;
}
