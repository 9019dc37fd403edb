import type { Profile } from '../../profiles/schema.js';
import { within } from '../bounded-wait.js';
import type { SessionConnections } from '../connection/connections.js';
import type { ProgramExit } from './program-exit.js';
import type { SessionState } from '../types.js';

/** How long a program that is ending gets to exit by itself before its status is given up on. */
const PROCESS_EXIT_GRACE_MS = 2_000;

/** What settling a program's end reads and changes on its session. */
export interface ProgramEndHost {
  readonly kind: 'launch' | 'attach';
  readonly profile: Profile;
  readonly live: boolean;
  readonly exit: ProgramExit;
  readonly connections: Pick<SessionConnections, 'programProcess'>;
  moveTo(state: SessionState): void;
  dropConnection(terminate: boolean): Promise<void>;
  dispose(terminate: boolean): Promise<void>;
  logEvent(type: string, summary: string, body?: unknown): void;
}

/**
 * The adapter says the program exited. The process dapgate started (if it did) has the real
 * status: wait for it (bounded). Else the adapter's code where the profile trusts it.
 */
export async function settleExit(s: ProgramEndHost, adapterCode: number | undefined): Promise<void> {
  const proc = s.connections.programProcess();
  if (proc?.alive) await within(proc.ended, PROCESS_EXIT_GRACE_MS);
  const { adapterCodeTrusted, unknownReason } = s.profile.exits;
  if (!proc || proc.alive) s.exit.fromAdapter(adapterCode, adapterCodeTrusted, unknownReason);
  s.logEvent('exited', `program ${s.exit.summary()}`, { exitCode: adapterCode });
  if (s.live) s.moveTo('exited');
}

/** The adapter ended the session (`terminated`): once the exit is settled, and a launched program has had its moment to end, end. */
export async function endAfterAdapter(s: ProgramEndHost, exitSettled: Promise<void>): Promise<void> {
  await exitSettled;
  const proc = s.connections.programProcess();
  if (s.kind === 'launch' && proc?.alive) {
    await s.dropConnection(false); // some runtimes (node) wait for the debugger to go before exiting
    await within(proc.ended, PROCESS_EXIT_GRACE_MS);
  }
  if (s.kind === 'launch') s.exit.endedUnreported(s.profile.exits.unknownReason);
  if (s.live) s.moveTo('terminated');
  await s.dispose(s.kind === 'launch');
}
