import type { ProgramReads } from '../reads/program-reads.js';
import type { SessionState } from '../types.js';
import type { ThreadEntry, ThreadTable } from './threads.js';
import type { Profile } from '../../profiles/schema.js';

/** A session's threads in the order a reader wants them: the focused stop first, the other stopped ones, then the running. */
export interface ThreadsOverview {
  /** The adapter lists no threads while the program runs, and none is stopped (pause first). */
  unlistedWhileRunning: boolean;
  ordered: ThreadEntry[];
  /** How many the adapter listed. */
  listed: number;
  stopped: number;
  focus?: ThreadEntry;
  /** The adapter lists at most this many, and listed that many: the total is a lower bound. */
  cappedAt?: number;
}

/** The part of a Session an overview reads. */
export interface OverviewHost {
  readonly state: SessionState;
  readonly profile: Profile;
  readonly threads: ThreadTable;
  readonly reads: ProgramReads;
}

export async function threadsOverview(s: OverviewHost): Promise<ThreadsOverview> {
  if (s.state === 'running' && s.profile.threads.unlistedWhileRunning && !s.threads.anyStopped) {
    return { unlistedWhileRunning: true, ordered: [], listed: 0, stopped: 0 };
  }
  const listed = await s.reads.threads();
  const focus = s.state === 'stopped' ? s.threads.focus() : undefined;
  const stopped = s.threads.stoppedThreads().filter((t) => listed.includes(t));
  const ordered = [...(focus && stopped.includes(focus) ? [focus] : []), ...stopped.filter((t) => t !== focus), ...listed.filter((t) => !stopped.includes(t))];
  const cap = s.profile.adapterThreadLimit;
  const capped = cap !== undefined && listed.length >= cap;
  return { unlistedWhileRunning: false, ordered, listed: listed.length, stopped: stopped.length, focus, ...(capped ? { cappedAt: cap } : {}) };
}
