import { AdapterClosedError, AdapterRefusedError, AdapterTimeoutError } from '../../adapter-errors.js';
import { GatewayError } from '../../errors.js';
import { within } from '../bounded-wait.js';
import { endedUnderRequest, type EndedHost } from '../lifecycle/ended-under-request.js';
import type { Failure } from '../types.js';
import { stderrHint, unansweredRequest } from './adapter-text.js';
import type { SessionConnections } from './connections.js';

/** Requests whose timeout does not fail the session. */
const TIMEOUT_KEEPS_SESSION = new Set<string>(['evaluate', 'pause']);

/** What reading a failed request needs from its session. */
export interface RequestFailureHost extends EndedHost {
  readonly id: string;
  readonly failure: Failure | undefined;
  readonly connections: Pick<SessionConnections, 'adapter'>;
  fail(reason: string): void;
  stderrTail(lines?: number): string;
}

/**
 * What a session's failed request means, as the error to throw: a timeout fails the session (the
 * adapter stopped answering) except an evaluation's or a pause's (the program's doing); a refusal
 * because the program ended under it says how it ended; a connection that closed under it waits
 * (bounded) for the adapter's exit (`adapterExited`) to report that, not just "closed".
 */
export async function requestFailure(s: RequestFailureHost, command: string, e: unknown, adapterExited: () => void): Promise<unknown> {
  if (e instanceof AdapterTimeoutError) {
    if (!TIMEOUT_KEEPS_SESSION.has(command)) s.fail(e.message);
    return unansweredRequest(e, s.state === 'failed', s.state, s.stderrTail(20));
  }
  if (e instanceof AdapterRefusedError) return (await endedUnderRequest(s, command, e)) ?? e;
  const adapter = s.connections.adapter;
  if (e instanceof AdapterClosedError && adapter) {
    await within(adapter.exited, 1_000);
    if (!adapter.running && adapter === s.connections.adapter) adapterExited();
  }
  if (e instanceof AdapterClosedError && s.state === 'failed') {
    return new GatewayError(`session ${s.id} failed: ${s.failure?.reason}`, stderrHint(s.stderrTail(20)), { code: 'session-failed', next: 'new-session-diagnose' });
  }
  return e;
}
