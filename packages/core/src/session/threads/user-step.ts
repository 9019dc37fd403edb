import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Session } from '../session.js';
import { LibraryFrames } from '../reads/library-frames.js';

export interface UserStepResult {
  /** What the last wait ended in: `stopped`, `exited`, `terminated`, `failed`, `timeout`, `cancelled`. */
  outcome: string;
  /** The library functions it stepped back out of, in order. */
  skipped: string[];
  /** It came back to the line it started on after the bound of step-outs (every call there so far was library code). */
  exhausted: boolean;
}

const MAX_STEP_OUTS = 16;

const sameLine = (a: DebugProtocol.StackFrame | undefined, b: DebugProtocol.StackFrame | undefined) =>
  !!a && !!b && a.name === b.name && a.line === b.line && a.source?.path === b.source?.path;

/**
 * Step into that ends in the program's own code: when it lands in library code (LibraryFrames), it
 * steps back out; back on the line it started from (`origin`, the thread's top frame before), it
 * steps into that line's next call, up to MAX_STEP_OUTS step-outs (a loop on one line may call
 * library code many times), then stays there. A step that starts in library code is not filtered,
 * nor one that stops at a breakpoint or where another thread stopped first. Adapters that filter
 * themselves (java-debug, js-debug, debugpy) rarely leave anything to do here.
 */
export async function stepIntoUserCode(s: Session, threadId: number, origin: DebugProtocol.StackFrame | undefined, timeoutMs: number, signal?: AbortSignal): Promise<UserStepResult> {
  const library = new LibraryFrames(s.profile.stops, s.cwd);
  const filter = !!origin && !(await library.isLibrary(origin));
  const skipped: string[] = [];
  // the stepped thread's own stop at a plain step (not a breakpoint, not another thread's)
  const steppedTop = () => (s.stop?.threadId === threadId && !s.stop.breakpointIds.length ? s.stop.frames[0] : undefined);
  let outcome: string = await s.step('into', threadId, timeoutMs, signal);
  while (filter && outcome === 'stopped') {
    const top = steppedTop();
    if (!top || !(await library.isLibrary(top))) break;
    skipped.push(top.name);
    outcome = await s.step('out', threadId, timeoutMs, signal);
    if (outcome !== 'stopped' || !sameLine(steppedTop(), origin)) continue;
    if (skipped.length >= MAX_STEP_OUTS) return { outcome, skipped, exhausted: true };
    outcome = await s.step('into', threadId, timeoutMs, signal);
  }
  return { outcome, skipped, exhausted: false };
}
