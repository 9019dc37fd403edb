import { dirname } from 'node:path';
import type { BookBreakpoint } from '../breakpoints/book.js';
import { GatewayError } from '../errors.js';
import type { SessionManager } from '../session/manager.js';
import type { Session } from '../session/session.js';
import type { LaunchRequest } from '../session/types.js';
import { canonicalPath } from '../session/paths.js';
import { traceFrame } from './frame-tracer.js';
import { functionBodyLine } from './locate.js';
import type { FrameTrace } from './types.js';

export interface TraceTarget {
  /** A function name (with `file`: found in that file; alone: a function breakpoint). */
  function?: string;
  file?: string;
  /** A line inside the function: the trace starts there. */
  line?: number;
  /** Evaluated where the trace starts: only a call where it holds is traced. */
  condition?: string;
}

export interface TraceRequest {
  target?: TraceTarget;
  /** Which matching call to trace first (1 = the first). */
  nth: number;
  /** How many calls to trace (from the nth on). */
  calls: number;
  maxLines: number;
  /** Levels of calls to step into and trace as well (default 0). */
  depth?: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface TraceResult {
  session: Session;
  traces: FrameTrace[];
  /** Where the traced calls start, when the trace ran to them. */
  at?: { file?: string; line?: number; function?: string };
  /** Why fewer calls were traced than asked. */
  shortBy?: string;
}

const STEP_TIMEOUT_MS = 10_000;

/** Launches, then traces: see traceInSession. The session is kept (stopped after the call, or where the trace was cut). */
export async function traceLaunch(manager: SessionManager, launch: LaunchRequest, req: TraceRequest): Promise<TraceResult> {
  if (!req.target) throw new GatewayError('a trace in a new launch needs the function (or file and line) to trace', 'pass function (and file), or file and line');
  const program = launch.program ? canonicalPath(launch.program, launch.cwd ?? process.cwd()) : undefined;
  const cwd = launch.cwd ?? (program ? dirname(program) : process.cwd());
  const bp = await placeBreakpoint(manager, req.target, cwd, manager.profiles.pickFor('launch', launch.language, program, launch.fields ?? {}));
  try {
    const session = await manager.launch(launch);
    return await traceCalls(session, bp, req);
  } finally {
    await removeBreakpoint(manager, bp);
  }
}

/** In a live session: run to the target's call(s), or (no target) trace the frame it is stopped in from where it is. */
export async function traceInSession(manager: SessionManager, session: Session, req: TraceRequest): Promise<TraceResult> {
  session.requireLive('trace');
  if (!req.target) {
    if (session.state !== 'stopped') throw new GatewayError(`session ${session.id} is ${session.state}: a trace without a function starts where it is stopped`, 'wait for a stop, or pass the function to trace');
    return traceCalls(session, undefined, req);
  }
  const bp = await placeBreakpoint(manager, req.target, session.cwd, session.profile);
  try {
    if (session.state === 'stopped' && !atBreakpoint(session, bp)) await session.continue();
    return await traceCalls(session, bp, req);
  } finally {
    await removeBreakpoint(manager, bp);
  }
}

async function traceCalls(session: Session, bp: BookBreakpoint | undefined, req: TraceRequest): Promise<TraceResult> {
  const deadline = Date.now() + req.timeoutMs;
  const traces: FrameTrace[] = [];
  let shortBy: string | undefined;
  let hits = 0;
  const saved = session.sync.exceptionFilters;
  const armed = session.profile.trace?.exceptionFilters ?? [];
  try {
    while (traces.length < req.calls) {
      if (bp) {
        const reached = await reachHit(session, bp, deadline, req.signal);
        if (reached !== 'hit') {
          shortBy = reached;
          break;
        }
        hits++;
        if (hits < req.nth) {
          await session.continue();
          continue;
        }
      }
      if (armed.length) await session.sync.applyExceptionFilters(armed);
      const trace = await traceFrame(session, { maxLines: req.maxLines, deadline, stepTimeoutMs: STEP_TIMEOUT_MS, signal: req.signal, depth: req.depth });
      if (armed.length && session.live) await session.sync.applyExceptionFilters(saved);
      traces.push(trace);
      if (!bp || trace.end.kind === 'cut' || trace.end.kind === 'exited' || trace.end.kind === 'ended' || trace.end.kind === 'step-timeout') break;
      if (traces.length < req.calls) await session.continue();
    }
  } finally {
    if (armed.length && session.live && session.sync.exceptionFilters !== saved) await session.sync.applyExceptionFilters(saved).catch(() => undefined);
  }
  if (!shortBy && traces.length < req.calls && traces.length > 0 && bp) shortBy = `the trace of call ${traces.length} did not end in a return or exception`;
  return { session, traces, at: bp ? { file: bp.file, line: bp.line, function: bp.function } : undefined, shortBy };
}

/** Waits for the next stop at our breakpoint; a stop elsewhere (another breakpoint, an exception) ends the wait. */
async function reachHit(session: Session, bp: BookBreakpoint, deadline: number, signal?: AbortSignal): Promise<'hit' | string> {
  const outcome = await session.waitForSettled(Math.max(1, deadline - Date.now()), signal);
  if (outcome === 'stopped') {
    if (atBreakpoint(session, bp)) return 'hit';
    const top = session.stop?.frames[0];
    return `the program stopped elsewhere first (${session.stop?.reason} at ${top?.name}:${top?.line})`;
  }
  if (outcome === 'exited' || outcome === 'terminated') return `the program ended before that call (${outcome}${session.exitCode !== undefined ? `, code ${session.exitCode}` : ''})`;
  if (outcome === 'timeout') return 'the call was not reached in time (the program is still running)';
  return `the session ${outcome}`;
}

function atBreakpoint(session: Session, bp: BookBreakpoint): boolean {
  return session.state === 'stopped' && !!session.stop?.breakpointIds.includes(bp.id);
}

async function placeBreakpoint(manager: SessionManager, target: TraceTarget, cwd: string, profile: Session['profile']): Promise<BookBreakpoint> {
  if (target.line !== undefined && !target.file) throw new GatewayError('line needs file', 'pass file and line (a line inside the function)');
  if (target.file && target.line === undefined && !target.function) throw new GatewayError('file needs line or function', 'pass the function name, or a line inside it');
  let spec: { file?: string; line?: number; function?: string } = {};
  if (target.file) {
    const file = canonicalPath(target.file, cwd);
    spec = { file, line: target.line ?? (await functionBodyLine(profile, file, target.function!)) };
  } else if (target.function) {
    spec = { function: target.function };
  } else {
    throw new GatewayError('nothing to trace', 'pass function (and file), or file and line');
  }
  const existing = manager.book.list().find((b) => (spec.function ? b.function === spec.function : b.file === spec.file && b.line === spec.line));
  if (existing) throw new GatewayError(`breakpoint ${existing.id} is already set where the trace would start`, 'remove that breakpoint first, or trace from another line');
  const bp = manager.addBreakpoint({ ...spec, condition: target.condition }, cwd);
  await manager.synced();
  return bp;
}

async function removeBreakpoint(manager: SessionManager, bp: BookBreakpoint): Promise<void> {
  if (!manager.book.get(bp.id)) return;
  manager.book.remove([bp.id]);
  await manager.synced();
}
