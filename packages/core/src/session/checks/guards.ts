import { GatewayError } from '../../errors.js';
import type { Failure, SessionState, StopInfo } from '../types.js';

/** What a command checks before it starts: synchronously, so two conflicting calls cannot both proceed. */
export interface Guarded {
  readonly id: string;
  readonly state: SessionState;
  readonly stop: StopInfo | undefined;
  readonly exit: { summary(): string; readonly known: boolean; readonly unknown: string | undefined };
  readonly failure: Failure | undefined;
}

export function requireLive(s: Guarded, action: string): void {
  if (s.state === 'failed') throw new GatewayError(`cannot ${action}: session ${s.id} failed (${s.failure?.reason})`, undefined, { code: 'session-failed', next: 'new-session-after-failure' });
  if (s.state === 'terminated') throw new GatewayError(`cannot ${action}: session ${s.id} has ended${s.exit.known || s.exit.unknown ? `; the program ${s.exit.summary()}` : ''}`, undefined, { code: 'session-ended', next: 'new-session' });
}

export function requireStopInfo(s: Guarded, action: string): StopInfo {
  requireLive(s, action);
  if (s.state === 'exited') throw new GatewayError(`cannot ${action}: the program ${s.exit.summary()}`, undefined, { code: 'program-exited', next: 'read-output-or-relaunch' });
  if (s.state !== 'stopped' || !s.stop) throw new GatewayError(`cannot ${action}: session ${s.id} is ${s.state}, not stopped`, undefined, { code: 'not-stopped', next: 'pause-or-wait' });
  return s.stop;
}
