import { access } from 'node:fs/promises';
import type { SessionManager } from '../manager.js';
import type { Session } from '../session.js';

/** Sets a guard for the stopped frame's caller; returns how to take it away again (nothing set: undefined). */
export type CallerGuard = (s: Session) => Promise<(() => Promise<void>) | undefined>;

/**
 * Where the profile says the adapter may lose a step over a return (`trace.guardCaller`): a
 * breakpoint of the session's own just after the call in the caller's frame (the caller's place,
 * one column on: the adapter binds it at the next place it can stop), set while a frame is traced
 * or stepped. A step that is not lost stops there anyway; a lost one stops there instead of
 * running on. A stop at it is the step's: taking the guard away drops it from the stop's
 * breakpoints. Nothing is set where the caller has no source on disk.
 */
export function callerGuard(manager: SessionManager, session: Session): CallerGuard | undefined {
  if (!session.profile.trace?.guardCaller) return undefined;
  return async (s) => {
    if (s.state !== 'stopped') return undefined;
    // a trace reading one frame per stop (the profile's `stopFrames`) reads the caller's here
    const caller = s.stop?.frames[1] ?? (await s.reads.stackTrace(undefined, 1, 1).then((r) => r.frames[0], () => undefined));
    const path = caller?.source?.path;
    if (!caller || !path || caller.line <= 0 || !caller.column) return undefined;
    if (!(await access(path).then(() => true, () => false))) return undefined;
    // a guard that cannot be set leaves the step as the adapter does it: it never fails the step
    let bp: Awaited<ReturnType<SessionManager['addBreakpoint']>> | undefined;
    try {
      bp = await manager.addBreakpoint({ file: path, line: caller.line, column: caller.column + 1, sessionId: s.id }, s.cwd);
      await manager.synced();
    } catch (e) {
      s.logGatewayEvent('step-guard', `no guard in the caller at ${path}:${caller.line}: ${(e as Error).message}`);
      if (bp && manager.book.get(bp.id)) manager.book.remove([bp.id]);
      return undefined;
    }
    const guard = bp;
    return async () => {
      const stop = s.state === 'stopped' ? s.stop : undefined;
      if (stop?.breakpointIds.includes(guard.id)) {
        stop.breakpointIds = stop.breakpointIds.filter((id) => id !== guard.id);
        if (!stop.breakpointIds.length && stop.reason === 'breakpoint') stop.reason = 'step';
      }
      if (!manager.book.get(guard.id)) return;
      manager.book.remove([guard.id]);
      await manager.synced();
    };
  };
}
