import type { BreakpointSync } from '../breakpoints/breakpoint-sync.js';
import type { SessionState, StopInfo, WaitOutcome } from '../types.js';
import { framePlace } from '../paths.js';

/** What a detach needs of its session (not the Session class: it calls this). */
export interface Releasable {
  readonly sync: BreakpointSync;
  readonly state: SessionState;
  readonly live: boolean;
  readonly stop: StopInfo | undefined;
  readonly cwd: string;
  /** A stop the adapter reported whose stack is still being read (the session still shows running). */
  readonly stopBeingRead: unknown;
  readonly profile: { attach?: { refusedWhileRunning?: string } };
  continue(): Promise<void>;
  pause(threadId?: number, timeoutMs?: number): Promise<'requested' | 'unanswered'>;
  waitUntil(settled: () => boolean, timeoutMs: number): Promise<WaitOutcome>;
}

/** How long a resumed target must run without stopping before a detach says it runs. */
const RUNS_FOR_MS = 300;
/** How long a detach waits for a stop already reported (a pause just answered) to be read, so it can resume it. */
const STOP_READ_MS = 5_000;
/** How long a detach waits for a pause it needs to take out what the adapter refuses to while the program runs. */
const PAUSE_TO_CLEAR_MS = 5_000;

/** What a detach did to the target, and what it saw. */
export interface Detached {
  /** What this session had set in the target and took out (breakpoint ids, "exception filters ..."). */
  removed: string[];
  /** What could not be taken out, and why. */
  left: string[];
  /** The target ran (resumed, no stop for a moment) when the session let go; undefined: not known. */
  running: boolean | undefined;
  /** One sentence: what the target was doing when the session let go. */
  detail: string;
  /** `running` was checked after the detach (the process untraced and not stopped), not before it. */
  afterDetach?: boolean;
}

/**
 * Before an attached session lets go of its target: takes out what it set there (another client
 * of the same server, or a later attach, would find it set and the program would stop at it with
 * nobody there), resumes the program and checks that it runs for a moment. Bounded by the
 * session's request timeouts. `checkedAfterDetach`: the caller checks the process after the
 * detach (a ptrace debugger of ours, whose letting go the kernel shows), so no run window here.
 */
export async function releaseTarget(s: Releasable, checkedAfterDetach = false): Promise<Detached> {
  const { removed, left } = await clearWhatItSet(s);
  // a stop the adapter reported is a stop even while its stack is read: resumed like any, never
  // taken for running (nor, read a moment later, for "something this session did not set")
  if (s.state === 'running' && s.stopBeingRead) await s.waitUntil(() => !s.stopBeingRead, STOP_READ_MS);
  if (s.state === 'running' && s.stopBeingRead) {
    return { removed, left, running: false, detail: `the adapter reported a stop whose stack it did not give within ${STOP_READ_MS / 1000} s, so it could not be resumed; it is stopped as far as dapgate knows` };
  }
  if (s.state === 'stopped') {
    try {
      await s.continue();
    } catch (e) {
      return { removed, left, running: false, detail: `it could not be resumed (${(e as Error).message}); it is left stopped` };
    }
  }
  if (!s.live) return { removed, left, running: false, detail: `the program ended (${s.state})` };
  // a ptrace debugger of ours: once it has let go the kernel tells whether the process runs, and
  // nothing can stop it any more; the caller checks that instead of watching for a stop here
  if (checkedAfterDetach) return { removed, left, running: undefined, detail: 'checked after the detach' };
  const outcome = await s.waitUntil(() => s.state !== 'running', RUNS_FOR_MS);
  if (outcome === 'timeout') return { removed, left, running: true, detail: 'the program keeps running' };
  if (s.state === 'stopped') {
    const top = s.stop?.frames[0];
    const where = top ? framePlace(top, s.cwd) : 'an unknown place';
    return { removed, left, running: false, detail: `the program stopped again at once (${s.stop?.reason} at ${where}: something this session did not set); it is left stopped there` };
  }
  return { removed, left, running: false, detail: `the program ended (${s.state})` };
}

/**
 * Takes out what the session set in the target. What the adapter refuses to take out while the
 * program runs (a headless delve's exception filters: "debuggee is running") is taken out in a
 * pause; the caller resumes the program after it, as after any stop.
 */
async function clearWhatItSet(s: Releasable): Promise<{ removed: string[]; left: string[] }> {
  const clear = () => s.sync.clearTarget().catch((e: Error) => ({ removed: [], left: [`its breakpoints (${e.message})`] }));
  const first = await clear();
  const refused = s.profile.attach?.refusedWhileRunning;
  if (!refused || s.state !== 'running' || !first.left.some((l) => new RegExp(refused).test(l))) return first;
  if ((await s.pause(undefined, PAUSE_TO_CLEAR_MS)) !== 'requested') return first;
  await s.waitUntil(() => s.state !== 'running' || !!s.stopBeingRead, PAUSE_TO_CLEAR_MS);
  if (s.stopBeingRead) await s.waitUntil(() => !s.stopBeingRead, STOP_READ_MS);
  if ((s.state as SessionState) !== 'stopped') return first; // changed while awaited
  const again = await clear();
  return { removed: [...new Set([...first.removed, ...again.removed])].sort(), left: again.left };
}
