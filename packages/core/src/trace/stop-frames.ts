import { readStopFrames } from '../session/event-router.js';
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

/** Whether a page of `levels` frames still tells this stop's depth exactly (an adapter version that estimates it is not trusted). */
async function depthKept(session: Session, levels: number): Promise<boolean> {
  const focus = session.state === 'stopped' ? session.threads.focus() : undefined;
  const stop = focus?.stop;
  if (!focus || !stop?.totalFramesExact) return false;
  if (stop.frames.length < levels) return true;
  const r = await session.send('stackTrace', { threadId: focus.adapterId, startFrame: 0, levels }, undefined, focus.client).catch(() => undefined);
  return r?.totalFrames === stop.totalFrames;
}
