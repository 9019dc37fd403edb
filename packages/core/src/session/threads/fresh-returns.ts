import { readFile } from 'node:fs/promises';
import type { Session } from '../session.js';
import type { StopInfo } from '../types.js';
import { sameActivation } from './activation.js';

/**
 * Return values an adapter lists among a frame's locals (the profile's `trace.returnValue`:
 * debugpy's `(return) f`, java-debug's `->f()`, js-debug's `Return value`) belong to the step that
 * produced them. debugpy keeps each callee's last value in the caller's frame for as long as the
 * frame lives, so a stop lines later would list calls made on earlier lines as if just made.
 */

const short = (name: string) => name.replace(/\(.*$/, '').split(/[.:]+/).pop() ?? name;
const depthOf = (stop: StopInfo) => stop.totalFrames ?? stop.frames.length;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The return values at `after`'s top frame that the step from `from` produced (`done` steps): in the
 * same activation, those new or changed since; back in a caller, the value of the function the step
 * left. `unsure`: after one step, a value unchanged of a callee the line it ran names (called again
 * with the same result, or not called at all: `a or f()`).
 */
export async function freshReturns(
  s: Session,
  threadId: number,
  from: StopInfo | undefined,
  fromValues: Map<string, string>,
  starts: [number | undefined, number | undefined],
  done: number,
): Promise<{ fresh: string[]; unsure: string[] }> {
  const none = { fresh: [], unsure: [] };
  const pattern = s.profile.trace?.returnValue;
  const after = s.stop;
  if (!pattern || !from || !after || after.threadId !== threadId) return none;
  const returns = new RegExp(pattern);
  const values = await s.inspectorFor(threadId).snapshot(0).catch(() => undefined);
  if (!values) return none;
  const shown = [...values.keys()].filter((k) => returns.test(k));
  if (!shown.length) return none;
  const callee = (name: string) => returns.exec(name)?.groups?.callee;
  if (sameActivation(from, after, starts)) {
    const ran = done === 1 ? await lineText(from.frames[0]) : undefined;
    const calledOnLine = (name: string) => {
      const c = callee(name);
      return !!c && !!ran && new RegExp(`\\b${escape(short(c))}\\s*\\(`).test(ran);
    };
    const fresh = shown.filter((k) => fromValues.get(k) !== values.get(k));
    return { fresh, unsure: shown.filter((k) => !fresh.includes(k) && calledOnLine(k)) };
  }
  const left = from.frames[0]?.name;
  if (!left || depthOf(after) >= depthOf(from)) return none;
  // an adapter that names no callee shows the value in the returning frame only (see trace-spec)
  const fresh = shown.filter((k) => {
    const c = callee(k);
    return c === undefined ? !pattern.includes('(?<callee>') : short(c) === short(left);
  });
  return { fresh, unsure: [] };
}

/** How the locals of frame `frame` at `stop` list `name`: a return value only where its step produced it (see freshReturns); other names as they are. */
export function returnShown(s: Session, stop: StopInfo, frame: number): (name: string) => 'shown' | 'unsure' | 'hidden' {
  const pattern = s.profile.trace?.returnValue;
  if (!pattern) return () => 'shown';
  const returns = new RegExp(pattern);
  return (name) => {
    if (!returns.test(name)) return 'shown';
    if (frame !== 0) return 'hidden';
    return stop.freshReturns?.includes(name) ? 'shown' : stop.unsureReturns?.includes(name) ? 'unsure' : 'hidden';
  };
}

async function lineText(frame: StopInfo['frames'][number] | undefined): Promise<string | undefined> {
  const path = frame?.source?.path;
  if (!path) return undefined;
  return (await readFile(path, 'utf8').catch(() => '')).split(/\r?\n/)[frame.line - 1];
}
