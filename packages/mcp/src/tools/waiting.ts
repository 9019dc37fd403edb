import type { Session } from '@dapgate/core';
import { describe, type Description } from '../format/session.js';
import { seconds } from '../format/text.js';

export const DEFAULT_WAIT_MS = 10_000;

/** Waits (bounded) for the session to stop or end, then describes where it is. */
export async function settle(session: Session, timeoutMs: number, signal: AbortSignal, frames = 0): Promise<Description> {
  const outcome = await session.waitForSettled(timeoutMs, signal);
  const d = await describe(session, { frames });
  if (outcome === 'timeout') {
    d.text = `${d.text.replace(/\.$/, '')} — still running after ${seconds(timeoutMs)}; trigger the code path, then debug_wait (or debug_pause to stop it where it is).`;
    d.structured.waitTimedOut = true;
  } else if (outcome === 'cancelled') {
    d.text = `${d.text} (wait cancelled)`;
  }
  return d;
}
