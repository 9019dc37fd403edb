import type { Session } from '../session.js';
import type { StopInfo } from '../types.js';
import { sameActivation } from './activation.js';
import { stepIntoUserCode } from './user-step.js';

export interface CountedStepRequest {
  kind: 'over' | 'into' | 'out';
  /** How many steps; fewer when the thread stops at a breakpoint, another thread stops first, or the program ends. */
  count: number;
  /** The thread to step (the focused one unless given). */
  threadId?: number;
  /** Step into library code too (else a step into library code steps back out: `stepIntoUserCode`). */
  library?: boolean;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** What the stepped frame's locals did, read after the step (see `CountedStep.compare`). */
export type StepComparison =
  /** Another thread stopped before the stepped one's step finished. */
  | { kind: 'other-thread'; stoppedThreadId: number | undefined }
  /** Still in the same function activation: its locals before and after. */
  | { kind: 'same'; before: Map<string, string>; after: Map<string, string> }
  /** Now in another function. */
  | { kind: 'elsewhere' }
  /** Not stopped, or no frame to compare. */
  | { kind: 'none' };

export interface CountedStep {
  threadId: number;
  /** What the last wait ended in: `stopped`, `exited`, `timeout`, ... */
  outcome: string;
  done: number;
  /** Library functions a step into stepped back out of. */
  skipped: string[];
  /** A step into came back to its line after the bound of step-outs. */
  exhausted: boolean;
  /** Compares the stepped thread's stop with the one before (read when called, so after what else reads the stop). */
  compare(): Promise<StepComparison>;
}

/** Steps one thread `count` times and keeps what is needed to say what changed in its frame. */
export async function stepCounted(s: Session, req: CountedStepRequest): Promise<CountedStep> {
  const stepped = s.stoppedThread(req.threadId, 'step');
  const before: StopInfo | undefined = stepped.stop;
  const snapshotBefore = await s.inspectorFor(stepped.id).snapshot(0).catch(() => new Map<string, string>());
  const startBefore = await s.inspectorFor(stepped.id).functionStart(0).catch(() => undefined);
  let done = 0;
  let outcome = 'stopped';
  let exhausted = false;
  const skipped: string[] = [];
  while (done < req.count) {
    if (req.kind === 'into' && !req.library) {
      const r = await stepIntoUserCode(s, stepped.id, before?.frames[0], req.timeoutMs, req.signal);
      ({ outcome, exhausted } = r);
      skipped.push(...r.skipped);
    } else {
      outcome = await s.step(req.kind, stepped.id, req.timeoutMs, req.signal);
    }
    done++;
    if (outcome !== 'stopped' || s.stop?.threadId !== stepped.id || (s.stop?.breakpointIds.length ?? 0) > 0) break;
  }
  const compare = async (): Promise<StepComparison> => {
    if (s.state !== 'stopped') return { kind: 'none' };
    if (s.stop?.threadId !== stepped.id) return { kind: 'other-thread', stoppedThreadId: s.stop?.threadId };
    const startAfter = await s.inspectorFor(stepped.id).functionStart(0).catch(() => undefined);
    if (before && s.stop && sameActivation(before, s.stop, [startBefore, startAfter])) {
      const after = await s.inspectorFor(stepped.id).snapshot(0).catch(() => new Map<string, string>());
      return { kind: 'same', before: snapshotBefore, after };
    }
    return s.stop?.frames[0] ? { kind: 'elsewhere' } : { kind: 'none' };
  };
  return { threadId: stepped.id, outcome, done, skipped, exhausted, compare };
}
