import type { DapClient, SendRequest } from '../connection/dap-client.js';
import type { ExceptionStopCheck, StopInfo } from '../types.js';

/** What the check reads and uses on its session (the event router's host). */
export interface ExceptionCheckHost {
  readonly exceptionStopCheck?: ExceptionStopCheck;
  send: SendRequest;
  logEvent(type: string, summary: string): void;
}

const CHECK_TIMEOUT_MS = 5_000;

/**
 * Whether an exception stop is one the session's check says the program handled (a filter that
 * over-reports, e.g. debugpy's `userUnhandled` after a `with pytest.raises` block): evaluated in
 * the stopped thread's top frame. Not handled when the check cannot be evaluated: the stop stands.
 */
export async function handledException(s: ExceptionCheckHost, stop: StopInfo, from: DapClient): Promise<boolean> {
  const check = s.exceptionStopCheck;
  const frameId = stop.frames[0]?.id;
  if (!check || stop.reason !== 'exception' || frameId === undefined) return false;
  try {
    const r = await s.send('evaluate', { expression: check.expression, frameId, context: check.context }, CHECK_TIMEOUT_MS, from);
    const handled = new RegExp(check.handled).test(r?.result ?? '');
    s.logEvent('exception-check', `exception stop ${handled ? 'handled by the program: resumed unseen' : 'stands'} (check said ${r?.result ?? 'nothing'})`);
    return handled;
  } catch (e) {
    s.logEvent('exception-check', `exception check failed (${(e as Error).message}): the stop stands`);
    return false;
  }
}
