import { GatewayError } from '../../errors.js';
import { startFailure, stderrHint } from '../connection/adapter-text.js';
import type { SessionConnections } from '../connection/connections.js';
import type { SessionConfig, SessionState } from '../types.js';

/** The bound on the profile's `evaluateOnAttach` (a missed tuning costs speed, never the attach). */
const ATTACH_EVALUATE_MS = 3_000;

/** What starting a session reads and does on it (not the Session class: it calls this). */
export interface StartHost {
  readonly kind: 'launch' | 'attach';
  readonly state: SessionState;
  readonly connections: Pick<SessionConnections, 'establish' | 'program'>;
  moveTo(state: SessionState): void;
  fail(reason: string): void;
  dispose(terminate: boolean): Promise<void>;
  stderrTail(lines?: number): string;
}

/** What the session's configuration says about its start. */
type StartConfig = Pick<SessionConfig, 'requestArguments' | 'evaluateOnAttach' | 'startTimeoutMs' | 'attachAddress'>;

/**
 * Connects, initializes, sends launch/attach (the session's breakpoints applied between
 * `initialized` and `configurationDone`) and, after an attach, evaluates the profile's
 * `evaluateOnAttach`; bounded by `timeoutMs`. Also what a reconnect does again.
 */
export async function establish(s: StartHost, config: StartConfig, timeoutMs: number): Promise<void> {
  await s.connections.establish(s.kind, config.requestArguments, timeoutMs);
  if (s.state === 'configuring') s.moveTo('running');
  const expression = config.evaluateOnAttach;
  // dapgate's own tuning, not the agent's expression: not subject to the evaluation mode
  if (expression) await s.connections.program()?.request('evaluate', { expression, context: 'repl' }, { timeoutMs: ATTACH_EVALUATE_MS }).catch(() => undefined);
}

/**
 * Starts a session and returns once the adapter accepted the launch. Throws GatewayError (the
 * session is then `failed`, with the adapter's stderr) when any of it does not happen in time.
 */
export async function startSession(s: StartHost, config: StartConfig): Promise<void> {
  try {
    await establish(s, config, config.startTimeoutMs ?? 30_000);
  } catch (e) {
    const reason = startFailure(e, s.kind, config.attachAddress);
    s.fail(reason);
    await s.dispose(false);
    throw new GatewayError(`${s.kind} failed: ${reason}`, stderrHint(s.stderrTail(20)), { code: 'start-failed', next: 'new-session-diagnose' }, { cause: e });
  }
}
