import { readFile } from 'node:fs/promises';
import { Declarations } from '../../trace/declarations.js';
import { localChanges, NOT_LISTED_OPTIMIZED } from '../../trace/local-changes.js';
import { mayRepeat } from '../../trace/repeated-call.js';
import type { LocalChange } from '../../trace/types.js';
import type { Session } from '../session.js';
import type { CallerGuard } from './caller-guard.js';
import type { StopInfo } from '../types.js';
import { functionName, sameActivation } from './activation.js';
import { freshReturns } from './fresh-returns.js';
import { nextCall, returnAhead } from './next-call.js';
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
  /** A guard in the caller's frame for each step (see `callerGuard`). */
  guardCaller?: CallerGuard;
}

/** What the stepped frame's locals did, read after the step (see `CountedStep.compare`). */
export type StepComparison =
  /** Another thread stopped before the stepped one's step finished. */
  | { kind: 'other-thread'; stoppedThreadId: number | undefined }
  /** Still in the same function activation: what changed in its locals. */
  | { kind: 'same'; changes: LocalChange[]; notCompared?: string[] }
  /**
   * Now in another function. `pastCaller`: the step left `pastCaller` (a step over or out of its
   * return) and the adapter, which shows a return value where it stops right after a return,
   * shows none of it here: it ran on past the caller (debugpy does when the caller's line has
   * nothing left to run), to the next line of the program's code, which may be in a later call.
   * `nextCall`: that stop is in the next call of the same function (see `nextCall`), with the
   * value the call stepped from returned where known.
   */
  | { kind: 'elsewhere'; pastCaller?: string; nextCall?: { returned?: string } }
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
  const endBefore = s.profile.trace?.declarations ? await s.inspectorFor(stepped.id).functionEnd(0).catch(() => undefined) : undefined;
  // a single step from a return line: where it stops may be the next call of the same function
  const ahead = req.count === 1 && req.kind !== 'out' ? await returnAhead(s, before?.frames[0]) : undefined;
  let done = 0;
  let outcome = 'stopped';
  let exhausted = false;
  const skipped: string[] = [];
  while (done < req.count) {
    const unguard = await req.guardCaller?.(s);
    try {
      if (req.kind === 'into' && !req.library) {
        const r = await stepIntoUserCode(s, stepped.id, before?.frames[0], req.timeoutMs, req.signal);
        ({ outcome, exhausted } = r);
        skipped.push(...r.skipped);
      } else {
        outcome = await s.step(req.kind, stepped.id, req.timeoutMs, req.signal);
      }
    } finally {
      await unguard?.();
    }
    done++;
    if (outcome !== 'stopped' || s.stop?.threadId !== stepped.id || (s.stop?.breakpointIds.length ?? 0) > 0) break;
  }
  if (outcome === 'stopped' && s.stop?.threadId === stepped.id && s.profile.trace?.returnValue) {
    const startAfter = await s.inspectorFor(stepped.id).functionStart(0).catch(() => undefined);
    const { fresh, unsure } = await freshReturns(s, stepped.id, before, snapshotBefore, [startBefore, startAfter], done);
    Object.assign(s.stop, { freshReturns: fresh, unsureReturns: unsure });
  }
  const compare = async (): Promise<StepComparison> => {
    if (s.state !== 'stopped') return { kind: 'none' };
    if (s.stop?.threadId !== stepped.id) return { kind: 'other-thread', stoppedThreadId: s.stop?.threadId };
    const startAfter = await s.inspectorFor(stepped.id).functionStart(0).catch(() => undefined);
    if (before && s.stop && sameActivation(before, s.stop, [startBefore, startAfter])) {
      const after = await s.inspectorFor(stepped.id).snapshot(0).catch(() => new Map<string, string>());
      const left = before.frames[0]!.name;
      const next = nextCall(s, ahead, s.stop.frames[0]!.line, left, snapshotBefore, after);
      if (next) return { kind: 'elsewhere', pastCaller: left, nextCall: next };
      // a return value the adapter showed after a call is no local: its going away is no change
      const returns = s.profile.trace?.returnValue ? new RegExp(s.profile.trace.returnValue) : undefined;
      const notCompared: string[] = [];
      const optimized = (await s.inspectorFor(stepped.id).scopes(0).catch(() => [])).some((sc) => sc.optimized);
      const changes = localChanges(snapshotBefore, after, undefined, notCompared, optimized ? NOT_LISTED_OPTIMIZED : undefined).filter((c) => !(c.to === undefined && returns?.test(c.name)));
      const marked = await lastCalls(s, changes, returns, done === 1 ? before.frames[0] : undefined);
      return { kind: 'same', changes: done === 1 ? await declared(s, marked, snapshotBefore, after, before, s.stop, endBefore) : marked, ...(notCompared.length ? { notCompared } : {}) };
    }
    if (!s.stop?.frames[0]) return { kind: 'none' };
    const left = req.kind !== 'into' && before ? await leftPastCaller(s, before, s.stop, stepped.id) : undefined;
    return left ? { kind: 'elsewhere', pastCaller: left } : { kind: 'elsewhere' };
  };
  return { threadId: stepped.id, outcome, done, skipped, exhausted, compare };
}

/**
 * One line ran: block-scoped names are given from the step that runs their declaration, not
 * before (see `Declarations`); after several steps, which lines ran is not known.
 */
async function declared(s: Session, changes: LocalChange[], before: Map<string, string>, after: Map<string, string>, from: StopInfo, to: StopInfo, end: number | undefined): Promise<LocalChange[]> {
  const pattern = s.profile.trace?.declarations;
  const [ran, next] = [from.frames[0], to.frames[0]];
  const path = ran?.source?.path;
  if (!pattern || !path || !next || path !== next.source?.path) return changes;
  const source = (await readFile(path, 'utf8').catch(() => '')).split(/\r?\n/);
  const declarations = new Declarations(pattern, source, s.profile.trace);
  declarations.begin(before, ran.line, end);
  return declarations.rewrite(changes, after, ran.line, next.line);
}

/**
 * Return values the adapter keeps one of per callee (see `mayRepeat`) that changed on a line that
 * may have called the callee more than once, or over several steps (`ran` undefined): the last call's.
 */
async function lastCalls(s: Session, changes: LocalChange[], returns: RegExp | undefined, ran: StopInfo['frames'][number] | undefined): Promise<LocalChange[]> {
  const spec = s.profile.trace;
  if (!returns || !spec?.repeatedCall || !changes.some((c) => c.to !== undefined && returns.exec(c.name)?.groups?.callee)) return changes;
  const path = ran?.source?.path;
  const text = path ? ((await readFile(path, 'utf8').catch(() => '')).split(/\r?\n/)[ran.line - 1] ?? '') : undefined;
  return changes.map((c) => {
    const callee = c.to !== undefined ? returns.exec(c.name)?.groups?.callee : undefined;
    // after several steps (or a line not read), which lines ran and how often is not known
    return callee && (text === undefined || mayRepeat(spec, callee, text)) ? { ...c, lastCall: true } : c;
  });
}

const depthOf = (stop: StopInfo) => stop.totalFrames ?? stop.frames.length;

const sameFunction = (a: StopInfo['frames'][number] | undefined, b: StopInfo['frames'][number] | undefined) =>
  !!a && !!b && functionName(a.name) === functionName(b.name) && (a.source?.path ?? a.source?.name) === (b.source?.path ?? b.source?.name);

/** The function a step returned from when the stop shows no return value of it where the adapter would show one (see StepComparison). */
async function leftPastCaller(s: Session, before: StopInfo, after: StopInfo, threadId: number): Promise<string | undefined> {
  const pattern = s.profile.trace?.returnValue;
  const left = before.frames[0]?.name;
  // only an adapter that names the callee shows the value in the caller (debugpy, java-debug); js-debug shows it in the returning frame
  if (!pattern?.includes('(?<callee>') || !left || depthOf(after) >= depthOf(before)) return undefined;
  // back in the caller's own frame, where an adapter that shows no value of a void call stops
  if (s.profile.trace?.returnValueOnlyForValues && depthOf(after) === depthOf(before) - 1 && sameFunction(before.frames[1], after.frames[0])) return undefined;
  const returns = new RegExp(pattern);
  const short = (name: string) => name.replace(/\(.*$/, '').split(/[.:]+/).pop();
  const locals = await s.inspectorFor(threadId).snapshot(0).catch(() => undefined);
  if (!locals) return undefined;
  const shown = [...locals.keys()].some((k) => {
    const m = returns.exec(k);
    return !!m && (!m.groups?.callee || short(m.groups.callee) === short(left));
  });
  return shown ? undefined : left;
}
