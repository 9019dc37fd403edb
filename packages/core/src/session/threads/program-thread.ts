import type { Session } from '../session.js';
import { LibraryFrames } from '../reads/library-frames.js';
import type { ThreadEntry } from './threads.js';

/** Threads whose frames are read at most, so a pause of a program of thousands of goroutines stays quick. */
const MAX_THREADS = 64;
const FRAMES = 20;

export interface ProgramThreadPick {
  /** The thread the adapter reported (its top frames are library or runtime code only, or it has none). */
  reported: ThreadEntry;
  /** How many frames of it were read (0: it has none, e.g. delve's thread of no goroutine). */
  reportedFrames: number;
  /** The thread now focused: the first, by id, with the program's own code in its top frames. */
  shown?: ThreadEntry;
  /** How many other stopped threads were read, and how many there are. */
  read: number;
  stopped: number;
}

/**
 * After a pause: the adapter halts whichever thread ran (delve: often a goroutine running library
 * code only, while the program's own goroutines wait). When the reported thread's top frames hold
 * none of the program's code (the profile's library frames), the first other stopped thread whose
 * top frames do takes the focus, so the answer and the next calls are about the program.
 * undefined: the reported thread has the program's code, or it is the only thread stopped.
 */
export async function focusProgramThread(s: Session): Promise<ProgramThreadPick | undefined> {
  if (s.state !== 'stopped') return undefined;
  const library = new LibraryFrames(s.profile.stops, s.cwd);
  const { thread: reported, stop } = await s.stopOf();
  if ((await library.classify(stop.frames)).includes(false)) return undefined;
  await s.threadsOverview().catch(() => undefined);
  const others = s
    .stoppedThreads()
    .filter((t) => t !== reported)
    .sort((a, b) => a.id - b.id);
  // no other thread to show (Node's one thread): the answer's own "no frame of the program's code" says it
  if (!others.length) return undefined;
  let read = 0;
  for (const t of others.slice(0, MAX_THREADS)) {
    read++;
    const frames = await s.stackTrace(t.id, 0, FRAMES).then((r) => r.frames).catch(() => []);
    if (frames.length && (await library.classify(frames)).includes(false)) {
      // stopped with all, it has no stop of its own: the one read now (reason `paused`) is its stop while it has the focus
      t.stop ??= (await s.stopOf(t.id)).stop;
      s.threads.focusOn(t);
      return { reported, reportedFrames: stop.frames.length, shown: t, read, stopped: others.length };
    }
  }
  return { reported, reportedFrames: stop.frames.length, read, stopped: others.length };
}
