import type { SessionManager } from '../manager.js';
import { canonicalPath } from '../paths.js';
import type { Session } from '../session.js';

/** Where a run to a line ended: `reached` when the stop is at that line (not a breakpoint elsewhere that stopped it first). */
export interface RunTo<T> {
  /** The line's file, as the book keeps it. */
  file: string;
  reached: boolean;
  /** What `wait` returned. */
  waited: T;
  /** The temporary breakpoint it set (none when one already stood there). */
  breakpointId?: string;
}

/**
 * Continues (all threads, or `threadId`) to file:line: a temporary breakpoint of the session's own
 * unless one already stands there, removed afterwards; `wait` waits for the stop (or the end).
 */
export async function runTo<T>(manager: SessionManager, s: Session, to: { file: string; line: number; threadId?: number }, wait: () => Promise<T>): Promise<RunTo<T>> {
  s.requireLive('run to a line');
  const file = canonicalPath(to.file, s.cwd);
  const existing = manager.breakpoints.at(file, to.line, s.id);
  const [temp] = existing ? [undefined] : await manager.breakpoints.add([{ file: to.file, line: to.line, temporary: true, sessionId: s.id }], s.cwd);
  try {
    await s.continue(to.threadId);
    const waited = await wait();
    const stop = to.threadId === undefined ? s.stop : s.threads.get(to.threadId)?.stop;
    const reached = s.state === 'stopped' && stop?.frames[0]?.line !== undefined && (temp ? stop.breakpointIds.includes(temp.id) : stop.frames[0]!.line === existing?.line);
    return { file, reached, waited, ...(temp ? { breakpointId: temp.id } : {}) };
  } finally {
    if (temp && manager.breakpoints.has(temp.id)) await manager.breakpoints.remove([temp.id]);
  }
}
