import type { Session } from '../session.js';

/** What a snapshot reads and answers (snapshot.ts takes it). */

/** A lock as the runtime names it: its type and an id that tells two locks apart. */
export interface LockRef {
  type: string;
  id: number;
}

/** What a thread holds and waits for, where the runtime tells (profile `snapshot.locks`). */
export interface ThreadLocks {
  holds: LockRef[];
  /** The lock it waits for: to enter it (`entering`), or in a wait on it; `owner` is the thread holding it. */
  waitsFor?: LockRef & { owner?: number; entering: boolean };
}

/** Threads that wait for each other in a circle: each waits to enter a lock the next one holds. */
export interface Deadlock {
  threads: { id: number; name?: string; file?: string; line?: number; function?: string; waitsFor: LockRef; heldBy: number }[];
}

export interface SnapshotOptions {
  /** Threads shown in full (stack and locals); the rest are counted by where they wait. Default 20. */
  maxThreads?: number;
  /** Leave the program paused after the snapshot (default: resume what the snapshot paused). */
  keepPaused?: boolean;
  /** The bound on the whole snapshot (pause, reads, resume). Default 20 s. */
  timeoutMs?: number;
}

export interface SnapshotFrame {
  index: number;
  name: string;
  file?: string;
  line: number;
  library: boolean;
}

/** One thread as read: where it is, what it waits on, its nearest program frame's locals (threads in full). */
export interface ThreadSnapshot {
  id: number;
  name?: string;
  /** `stopped`: its stack was read paused; `running`: it did not pause (no stack); `sampled`: read while the program ran (see Snapshot.via). */
  state: 'stopped' | 'running' | 'sampled';
  waitReason?: string;
  frames: SnapshotFrame[];
  totalFrames?: number;
  /** The index of the frame nearest the top that is the program's own. */
  programFrame?: number;
  /** That frame's locals (threads in full only), and which frame they are from. */
  locals?: Record<string, string>;
  localsFrame?: number;
  /** Locks held and awaited, where the runtime tells (profile `snapshot.locks`). */
  locks?: ThreadLocks;
  /** Why its stack (or locals) could not be read. */
  error?: string;
}

/** Threads that wait at the same place: the nearest program frame (else the top frame) and the wait reason. */
export interface WaitGroup {
  file?: string;
  line?: number;
  function?: string;
  /** True when no frame of these threads is the program's (runtime or library threads). */
  noProgramFrame: boolean;
  /** Some of those frames have a line but no source dapgate found: the program's own may be among them (its sources elsewhere). */
  sourcesMissing?: boolean;
  reason?: string;
  /**
   * Threads with no frames, by why: the adapter reported none (`none-reported`), the thread did not
   * pause (`not-paused`), its stack could not be read (`not-read`). No place is known for them.
   */
  noFrames?: 'none-reported' | 'not-paused' | 'not-read';
  threadIds: number[];
}

export interface Snapshot {
  /** pause: dapgate paused the program for it; stopped: it was already stopped; evaluated: read by one evaluation while it ran. */
  via: 'pause' | 'stopped' | 'evaluated';
  /** Threads in full, at most maxThreads. */
  threads: ThreadSnapshot[];
  /** Every thread read, grouped by where it waits (most first; those with no frames last). */
  groups: WaitGroup[];
  /** Threads the adapter listed. */
  total: number;
  /** The adapter lists at most this many: total is a lower bound. */
  adapterLimit?: number;
  /** Threads whose stack was not read (the time bound ran out). */
  unread: number;
  /** Threads waiting for each other's locks in a circle (where the runtime tells who holds what). */
  deadlocks?: Deadlock[];
  /** Whether the program runs after the snapshot. */
  state: Session['state'];
  resumed: boolean;
  /** How long the program was held paused by the snapshot (via pause, resumed). */
  pausedMs?: number;
  notes: string[];
}
