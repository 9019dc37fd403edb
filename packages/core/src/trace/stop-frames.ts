import { readStopFrames } from '../session/events/event-router.js';
import type { Session } from '../session/session.js';

/**
 * Runs a trace reading only the profile's `trace.stopFrames` top frames at each stop (where the
 * adapter's totalFrames is exact, so the frame's depth is still known; fewer frames are cheaper
 * on lldb-dap), then reads every stopped thread's frames in full again for the answers that follow.
 */
export async function withTraceStopFrames<T>(session: Session, run: () => Promise<T>): Promise<T> {
  const levels = session.profile.trace?.stopFrames;
  if (!levels || !(await depthKept(session, levels))) return run();
  session.framesAtStop = levels;
  try {
    return await run();
  } finally {
    session.framesAtStop = undefined;
    for (const e of session.live ? session.threads.stoppedThreads() : []) {
      const stop = e.stop;
      if (!stop || stop.totalFramesExact || (stop.totalFrames ?? 0) <= stop.frames.length) continue;
      await readStopFrames(session, stop, e.adapterId, e.client).catch(() => undefined);
    }
  }
}

/**
 * Whether a page of `levels` frames still tells this stop's depth exactly: the adapter's
 * totalFrames with such a page is the depth counted by reading the stack whole (an adapter version
 * that estimates it is not trusted).
 */
async function depthKept(session: Session, levels: number): Promise<boolean> {
  if (session.state !== 'stopped' || !session.stop) return false;
  try {
    const counted = await session.reads.stackTrace(undefined, 0, levels);
    if (counted.totalIsLowerBound || counted.total === undefined) return false;
    if (counted.frames.length < levels) return true;
    const page = await session.send('stackTrace', { threadId: counted.thread.adapterId, startFrame: 0, levels }, undefined, counted.thread.client);
    return page?.totalFrames === counted.total;
  } catch {
    return false;
  }
}
