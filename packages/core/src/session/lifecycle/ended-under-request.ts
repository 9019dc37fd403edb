import { readFile } from 'node:fs/promises';
import { GatewayError } from '../../errors.js';
import type { ProgramExit } from './program-exit.js';
import type { SessionState, WaitOutcome } from '../types.js';

/** How long a request that failed as the program ended waits for the session to learn how it ended. */
const SETTLE_MS = 2_000;

export interface EndedHost {
  readonly state: SessionState;
  readonly live: boolean;
  readonly targetPid: number | undefined;
  readonly exit: ProgramExit;
  readonly profile: { adapter: { name: string } };
  waitUntil(settled: () => boolean, timeoutMs: number): Promise<WaitOutcome>;
}

/**
 * Whether a process still runs. A process that died but is not reaped yet (a zombie, as a killed
 * debuggee is until its launcher waits for it) does not: on Linux /proc says so; elsewhere signal 0
 * checks that the pid exists.
 */
async function running(pid: number): Promise<boolean> {
  if (process.platform === 'linux') {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
    if (stat === undefined) return false;
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A request the adapter refused because the program ended under it (debugpy: "No more messages",
 * "Server[pid=…] disconnected unexpectedly"): the session's end in words, once the session has
 * learned it (bounded), instead of the adapter's raw text. Undefined when the program still runs.
 */
export async function endedUnderRequest(s: EndedHost, command: string, e: Error): Promise<GatewayError | undefined> {
  const ended = s.state === 'exited' || !s.live || (s.targetPid !== undefined && !(await running(s.targetPid)));
  if (!ended) return undefined;
  await s.waitUntil(() => s.state === 'exited' || !s.live, SETTLE_MS);
  const how = s.exit.known || s.exit.unknown ? `the program ${s.exit.summary()}` : 'the program has ended';
  return new GatewayError(`cannot ${command}: ${how} (${s.profile.adapter.name} answered: ${e.message.trim()})`, undefined, { code: 'program-exited', next: 'read-output-or-relaunch' });
}
