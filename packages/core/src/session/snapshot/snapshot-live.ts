import { processAlive, waitForPort } from '@dapgate/dap';
import { GatewayError } from '../../errors.js';
import { pause } from '../bounded-wait.js';
import type { SessionManager } from '../manager.js';
import type { Session } from '../session.js';
import { takeSnapshot, type Snapshot, type SnapshotOptions } from './snapshot.js';
import { findTargetPid } from '../lifecycle/target-ending.js';
import { runState, STOPPED_STATES as STOPPED, tracerPid } from '../lifecycle/proc-state.js';
import type { AttachRequest } from '../types.js';

/** What became of a live target after its snapshot. */
export interface LiveEnd {
  /** The session detached (false: kept, paused, as asked). */
  detached: boolean;
  /** Checked after the detach: true runs, false does not, undefined cannot tell. */
  running: boolean | undefined;
  /** One sentence: what was checked and seen. */
  detail: string;
}

const ATTACH_SETTLE_MS = 10_000;
const STOPPED_MS = 2_000;
/** How long an attach that asked to stop (stopOnEntry reached the adapter) is given to report that stop. */
const ENTRY_STOP_MS = 5_000;

/**
 * A snapshot of a program that was not being debugged: attach (by pid or port), snapshot, and
 * detach leaving it running, then check that it still runs (its pid exists and is not stopped;
 * else its port still answers). With `keepPaused` the session stays, paused, for further reads.
 */
export async function snapshotLive(manager: SessionManager, req: AttachRequest, options: SnapshotOptions): Promise<{ session: Session; snapshot: Snapshot; end: LiveEnd }> {
  const before = req.processId ? await runState(req.processId) : undefined;
  // where the adapter can stay stopped after its attach, that stop is the snapshot's pause (one halt, not two)
  const session = await manager.attach({ ...req, stopOnEntry: true });
  let snapshot: Snapshot;
  try {
    await session.waitUntil(() => session.state !== 'initializing' && session.state !== 'configuring', ATTACH_SETTLE_MS);
    // the attach's stop follows configurationDone and is read (its frames) before the session shows
    // it: taken for running meanwhile, the snapshot would send a pause the adapter may leave
    // unanswered for the whole request timeout (delve, stopped), the target held all along
    if (session.requestArguments.stopOnEntry === true && session.state === 'running') await session.waitUntil(() => session.state !== 'running', ENTRY_STOP_MS);
    if (session.state === 'stopped') await session.waitForSettled(2_000); // its frames are being fetched
    // an attach that stops the target (at entry) is the attach's pause, not the program's: resumed like the snapshot's own
    const stoppedByAttach = session.state === 'stopped';
    snapshot = await takeSnapshot(session, options);
    if (stoppedByAttach && !options.keepPaused && session.state === 'stopped') {
      await session.continue();
      snapshot = { ...snapshot, state: session.state, resumed: true };
    }
  } catch (e) {
    await session.end(false, 'snapshot').catch(() => undefined);
    // no pause came (an idle Node program): say what the detach left, not only what failed
    if (e instanceof GatewayError && e.step?.code === 'not-stopped') {
      const end = await stillRuns(req.processId ?? session.targetPid, req);
      throw new GatewayError(`${e.message} Detached: ${end.detail}.`, e.hint, e.step);
    }
    throw e;
  }
  if (options.keepPaused) return { session, snapshot, end: { detached: false, running: false, detail: `session ${session.id} stays attached with the program paused: continue it to resume, end it to detach` } };
  const address = req.port ? { host: req.host ?? '127.0.0.1', port: req.port } : undefined;
  const pid = await findTargetPid({ pid: session.targetPid, address, ours: [session.adapterPid].filter((p): p is number => !!p) });
  await session.end(false, 'snapshot');
  // a ptrace debugger of ours let go: the detach checked the process itself (untraced, not stopped)
  const checked = session.release?.afterDetach && session.release.running !== undefined && pid === session.targetPid ? { running: session.release.running, detail: session.release.detail } : undefined;
  let end = checked ?? (await stillRuns(pid, req));
  if (end.running === false && pid && before !== undefined && !STOPPED.has(before) && (await untraced(pid))) end = await resumeLeftStopped(pid, req);
  return { session, snapshot, end: { detached: true, ...end } };
}

async function untraced(pid: number): Promise<boolean> {
  return (await tracerPid(pid)) === 0;
}

/**
 * It ran before the attach and is stopped, with no debugger on it, after the detach: the attach
 * left it stopped (seen with debugpy's injection by pid), so it is continued (SIGCONT), and the
 * answer says so.
 */
async function resumeLeftStopped(pid: number, req: AttachRequest): Promise<Omit<LiveEnd, 'detached'>> {
  try {
    process.kill(pid, 'SIGCONT');
  } catch (e) {
    return { running: false, detail: `the process ${pid} was left stopped after the detach, and SIGCONT failed: ${(e as Error).message}` };
  }
  const after = await stillRuns(pid, req);
  return { running: after.running, detail: `the process ${pid} was left stopped after the detach (it ran before the attach); dapgate sent SIGCONT: ${after.detail}` };
}

/** Whether the target runs after the detach: its process exists and is not stopped (Linux tells), or its port answers. */
async function stillRuns(pid: number | undefined, req: AttachRequest): Promise<Omit<LiveEnd, 'detached'>> {
  if (pid) {
    // a debugger's ptrace stop may outlast the detach by a moment: stopped means stopped for STOPPED_MS
    const end = Date.now() + STOPPED_MS;
    for (;;) {
      if (!processAlive(pid)) return { running: false, detail: `the process ${pid} is gone after the detach` };
      const state = await runState(pid);
      if (!state || !STOPPED.has(state)) return { running: true, detail: `the process ${pid} runs${state ? ` (state ${state})` : ''}` };
      if (Date.now() >= end) return { running: false, detail: `the process ${pid} is still stopped ${STOPPED_MS} ms after the detach (state ${state})` };
      await pause(100);
    }
  }
  if (req.port) {
    const host = req.host ?? '127.0.0.1';
    const open = await waitForPort(host, req.port, Date.now() + 1_500);
    return { running: open ? true : undefined, detail: open ? `${host}:${req.port} still answers` : `${host}:${req.port} does not answer now; dapgate cannot tell whether the program runs` };
  }
  return { running: undefined, detail: 'dapgate cannot tell whether the program runs (no pid, no port)' };
}
