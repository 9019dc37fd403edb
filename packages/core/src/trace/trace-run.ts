import { dirname } from 'node:path';
import { appliesTo, ownerWords, type BookBreakpoint } from '../breakpoints/book.js';
import { GatewayError } from '../errors.js';
import type { SessionManager } from '../session/manager.js';
import type { Session } from '../session/session.js';
import type { LaunchRequest } from '../session/types.js';
import { canonicalPath, samePath } from '../session/paths.js';
import { functionName } from '../session/threads/activation.js';
import { CallFrames } from './call-frames.js';
import { callerGuard } from '../session/threads/caller-guard.js';
import { traceFrame } from './frame-tracer.js';
import { functionBodyLine } from './locate.js';
import { withTraceStopFrames } from './stop-frames.js';
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
  /** A breakpoint of the agent's (or the workspace's) where the trace starts: its stops there were the trace's entries. */
  sharedEntry?: string;
  /** Stops at a function of the name given in code without source, passed over (not traced, not counted as calls). */
  skipped?: string;
}

const STEP_TIMEOUT_MS = 10_000;

/** Launches, then traces: see traceInSession. The session is kept (stopped after the call, or where the trace was cut). */
export async function traceLaunch(manager: SessionManager, launch: LaunchRequest, req: TraceRequest): Promise<TraceResult> {
  if (!req.target) throw new GatewayError('a trace in a new launch needs the function (or file and line) to trace', 'pass function (and file), or file and line', 'bad-arguments');
  const program = launch.program ? canonicalPath(launch.program, launch.cwd ?? process.cwd()) : undefined;
  const cwd = launch.cwd ?? (program ? dirname(program) : process.cwd());
  const sessionId = manager.reserveSessionId();
  const entry = new EntryBreakpoint(manager, await entrySpec(req.target, cwd, await manager.profiles.pickFor('launch', launch.language, program, launch.fields ?? {}), program), cwd, sessionId);
  await entry.arm();
  try {
    const session = await manager.launch({ ...launch, sessionId });
    return await traceCalls(manager, session, entry, req);
  } finally {
    await entry.disarm();
  }
}

/** In a live session: run to the target's call(s), or (no target) trace the frame it is stopped in from where it is. */
export async function traceInSession(manager: SessionManager, session: Session, req: TraceRequest): Promise<TraceResult> {
  session.requireLive('trace');
  if (!req.target) {
    if (session.state !== 'stopped') throw new GatewayError(`session ${session.id} is ${session.state}: a trace without a function starts where it is stopped`, 'wait for a stop, or pass the function to trace', 'not-stopped');
    return traceCalls(manager, session, undefined, req);
  }
  const entry = new EntryBreakpoint(manager, await entrySpec(req.target, session.cwd, session.profile), session.cwd, session.id);
  const bp = await entry.arm();
  try {
    refusedEntry(session, bp);
    // stopped at the start of a call of it already (the agent's own breakpoint there): that call is call 1
    const inCall = atEntryPlace(session, bp, entry.spec) || (await entry.atFunctionEntry(session));
    if (inCall) entry.sharedStop(session);
    if (session.state === 'stopped' && !inCall && !atBreakpoint(session, bp)) await session.continue();
    return await traceCalls(manager, session, entry, req, inCall);
  } finally {
    await entry.disarm();
  }
}

/** An entry the adapter refused for good is said before the program is let go (it would run past where it is stopped, for nothing). */
function refusedEntry(session: Session, bp: BookBreakpoint): void {
  const binding = bp.bindings.get(session.id);
  const refused = session.profile.breakpointKinds.refusedMessage;
  if (!binding || binding.verified || !binding.message || !refused || !new RegExp(refused, 'i').test(binding.message)) return;
  const where = bp.function ? `'${bp.function}'` : `line ${bp.line}`;
  throw new GatewayError(`cannot trace ${where}: ${session.profile.adapter.name} refused the breakpoint (${binding.message}); session ${session.id} was left as it was`, `name the function in full, as ${session.profile.adapter.name} lists it${session.profile.breakpointKinds.functionNames ? ` (${session.profile.breakpointKinds.functionNames})` : ''}, or pass file and line`, 'bad-arguments');
}

async function traceCalls(manager: SessionManager, session: Session, entry: EntryBreakpoint | undefined, req: TraceRequest, inCall = false): Promise<TraceResult> {
  const deadline = Date.now() + req.timeoutMs;
  const traces: FrameTrace[] = [];
  let shortBy: string | undefined;
  let hits = 0;
  const saved = session.sync.exceptionFilters;
  const armed = session.profile.trace?.exceptionFilters ?? [];
  let nextCallStarted = inCall;
  // a call is a new frame: a line breakpoint hits again in the same call (a loop head)
  const calls = new CallFrames(session, !entry?.spec.function);
  try {
    while (traces.length < req.calls) {
      if (entry && nextCallStarted && entry.spec.atEntry) {
        // already stopped at the start of the next call: count it if its condition holds there
        nextCallStarted = false;
        calls.entered();
        await entry.arm();
        if (!(await conditionHolds(session, entry.spec.condition))) continue;
        hits++;
        if (hits < req.nth) continue;
      } else if (entry) {
        const bp = await entry.arm();
        const reached = await calls.next(bp, deadline, req.signal, hits, entry.spec.name, () => entry.atFunctionEntry(session));
        if (reached !== 'hit') {
          shortBy = reached;
          break;
        }
        entry.sharedStop(session);
        if (entry.spec.function) await outOfInlinedAtEntry(session, entry.spec.function);
        // a breakpoint of the agent's taken as the entry has no condition of the trace's: tested here
        if (entry.shared && entry.spec.condition && !(await conditionHolds(session, entry.spec.condition))) continue;
        hits++;
        if (hits < req.nth) continue;
      }
      if (armed.length) await session.sync.applyExceptionFilters(armed);
      // no stop at the entry while tracing (a later call, from the same caller line or recursion,
      // would look like this frame); removed after the first step, since js-debug skips the next
      // stop when the breakpoint it is paused at goes away
      const afterFirstStep = entry ? () => entry.disarm() : undefined;
      const panicBreakpoint = await armPanicBreakpoint(manager, session);
      const trace = await withTraceStopFrames(session, () => traceFrame(session, { maxLines: req.maxLines, deadline, stepTimeoutMs: STEP_TIMEOUT_MS, signal: req.signal, depth: req.depth, afterFirstStep, guardCaller: callerGuard(manager, session) })).finally(
        () => panicBreakpoint && removeBreakpoint(manager, panicBreakpoint),
      );
      await entry?.disarm();
      // a program that ended during the trace cannot take the filters back: nothing left to restore
      if (armed.length && session.live) await session.sync.applyExceptionFilters(saved).catch((e) => { if (session.live && session.state !== 'exited') throw e; });
      traces.push(trace);
      if (trace.end.kind === 'returned' || trace.end.kind === 'raised') calls.ended();
      nextCallStarted = trace.end.kind === 'returned' && !!trace.end.nextCallStarted;
      if (nextCallStarted && entry?.spec.atEntry) continue;
      if (!entry || trace.end.kind === 'cut' || trace.end.kind === 'exited' || trace.end.kind === 'ended' || trace.end.kind === 'step-timeout') break;
      if (traces.length < req.calls) await entry.arm();
    }
  } finally {
    if (armed.length && session.live && session.sync.exceptionFilters !== saved) await session.sync.applyExceptionFilters(saved).catch(() => undefined);
  }
  if (!shortBy && traces.length < req.calls && traces.length > 0 && entry) shortBy = `the trace of call ${traces.length} did not end in a return or exception`;
  const passed = calls.skippedWithoutSource;
  const skipped = passed.length ? `passed over ${passed.length} stop(s) at ${[...new Set(passed)].map((n) => `'${n}'`).join(', ')} in code without source (no lines to trace: not the program's own function of that name)` : undefined;
  return { session, traces, at: entry?.spec, shortBy, ...(skipped ? { skipped } : {}), ...(entry?.shared ? { sharedEntry: sharedWords(entry.shared) } : entry?.alsoThere.length ? { sharedEntry: alsoThereWords(entry.alsoThere) } : {}) };
}

/** A trace condition evaluated where the session is stopped (no condition: it holds). */
async function conditionHolds(session: Session, condition: string | undefined): Promise<boolean> {
  if (!condition) return true;
  const frameId = session.stop?.frames[0]?.id;
  const r = await session.reads.evaluate(condition, frameId, 'watch', 'condition');
  return /^(true|True|1)$/.test(r?.result?.trim() ?? '');
}

function atBreakpoint(session: Session, bp: BookBreakpoint): boolean {
  const stop = session.state === 'stopped' ? session.stop : undefined;
  if (!stop) return false;
  if (stop.breakpointIds.includes(bp.id)) return true;
  // a stop at the entry's place that names no breakpoint (an adapter id from before the entry was re-armed) is the trace's own
  const top = stop.frames[0];
  const line = bp.bindings.get(session.id)?.line ?? bp.line;
  return stop.breakpointIds.length === 0 && stop.reason === 'breakpoint' && !!bp.file && !!top?.source?.path && samePath(top.source.path, bp.file) && top.line === line;
}

/**
 * Whether the session is stopped where the entry would stop it, at its bound line (a function
 * breakpoint's: in a function of that name), not by the entry itself: the start of a call.
 */
function atEntryPlace(session: Session, bp: BookBreakpoint, spec: EntrySpec): boolean {
  const top = session.state === 'stopped' ? session.stop?.frames[0] : undefined;
  const binding = bp.bindings.get(session.id);
  if (!spec.atEntry || !top || session.stop?.reason === 'exception') return false;
  if (spec.file) return !!top.source?.path && samePath(top.source.path, spec.file) && top.line === (binding?.line ?? spec.line);
  return !!spec.function && !!binding?.verified && top.line === binding.line && shortName(top.name) === shortName(spec.function);
}

/** `atEntry`: the line is the function's first (a new call starts there); `name`: the function's, however found. */
type EntrySpec = { file?: string; line?: number; function?: string; condition?: string; atEntry?: boolean; name?: string };

/**
 * Where the traced calls start. A function named without its file: a function breakpoint, or,
 * for an adapter without them (js-debug), the function's first body line in the launched program.
 */
async function entrySpec(target: TraceTarget, cwd: string, profile: Session['profile'], program?: string): Promise<EntrySpec> {
  const kinds = profile.breakpointKinds;
  const breakpointName = !target.function || !kinds.functionPattern || new RegExp(kinds.functionPattern).test(target.function);
  if (target.function && !target.file && (!kinds.function || !breakpointName)) {
    // no function breakpoints, or a bare name they cannot take (Java's need the class): the definition in the launched program
    const why = kinds.function ? `'${target.function}' is not a function breakpoint name here (${kinds.functionNames ?? "the language's list says which names it takes"})` : `${profile.adapter.name} (${profile.displayName}) has no function breakpoints`;
    if (!program) throw new GatewayError(`${why}, so '${target.function}' is found by its definition in a file`, 'pass file (the file that defines it) with function, or file and line', 'bad-arguments');
    const line = await functionBodyLine(profile, canonicalPath(program, cwd), target.function).catch((e: unknown) => {
      if (e instanceof GatewayError && e.step?.code === 'not-found') throw new GatewayError(`${why}, and the launched program ${program} does not define it: ${e.message}`, 'pass file (the file that defines it) with function, or file and line', 'bad-arguments');
      throw e;
    });
    return { file: canonicalPath(program, cwd), line, condition: target.condition, atEntry: true, name: target.function };
  }
  if (target.line !== undefined && !target.file) throw new GatewayError('line needs file', 'pass file and line (a line inside the function)', 'bad-arguments');
  if (target.file && target.line === undefined && !target.function) throw new GatewayError('file needs line or function', 'pass the function name, or a line inside it', 'bad-arguments');
  if (target.file) {
    const file = canonicalPath(target.file, cwd);
    if (target.line !== undefined) return { file, line: target.line, condition: target.condition };
    return { file, line: await functionBodyLine(profile, file, target.function!), condition: target.condition, atEntry: true, name: target.function };
  }
  if (target.function) return { function: target.function, condition: target.condition, atEntry: true, name: target.function };
  throw new GatewayError('nothing to trace', 'pass function (and file), or file and line', 'bad-arguments');
}

/** The trace's own breakpoint (its session's alone): armed to reach a call, disarmed while a call is traced, always removed at the end. */
class EntryBreakpoint {
  private bp: BookBreakpoint | undefined;
  /** A breakpoint already at the entry, not the trace's: used as the entry, left as it is. */
  shared: BookBreakpoint | undefined;
  /** Breakpoints of the session's that stopped it where the entry would (a line breakpoint at a function's first line). */
  readonly alsoThere: BookBreakpoint[] = [];
  private readonly bodyLines = new Map<string, Promise<number | undefined>>();

  constructor(
    private readonly manager: SessionManager,
    readonly spec: EntrySpec,
    private readonly cwd: string,
    private readonly sessionId: string,
  ) {}

  async arm(): Promise<BookBreakpoint> {
    if (this.shared && this.manager.book.get(this.shared.id)) return this.shared;
    // gone from the book with its session (the program ended): the same breakpoint, with what the adapter said of it, not a new one no adapter will see
    if (this.bp && (this.manager.book.get(this.bp.id) || this.sessionEnded())) return this.bp;
    const { spec, manager, sessionId } = this;
    const existing = manager.book.for(sessionId).find((b) => (spec.function ? b.kind === 'function' && b.function === spec.function : b.kind === 'line' && b.file === spec.file && b.line === spec.line));
    if (existing) {
      // the agent's own (or a workspace) breakpoint where the trace starts stops there as the entry would:
      // it is the entry (kept, never removed); one that decides for itself when it stops is not
      const decides = existing.logMessage ? 'is a logpoint' : existing.hitCondition ? `stops only on hit ${existing.hitCondition}` : existing.temporary ? 'is temporary' : existing.condition && existing.condition !== spec.condition ? `stops only if ${existing.condition}` : undefined;
      if (decides) throw new GatewayError(`breakpoint ${existing.id} (${ownerWords(existing)}) is where the trace would start and ${decides}, so it would decide which calls are traced`, `remove ${existing.id} first (the trace sets its own entry), or trace from another line`, 'conflict');
      this.shared = existing;
      return existing;
    }
    this.bp = await manager.addBreakpoint({ file: spec.file, line: spec.line, function: spec.function, condition: spec.condition, sessionId }, this.cwd);
    await manager.synced();
    return this.bp;
  }

  private sessionEnded(): boolean {
    const session = this.manager.list().find((s) => s.id === this.sessionId);
    return !!session && !session.live;
  }

  /**
   * A stop at the first body line of a function of the traced name (by the profile's definition
   * pattern in the stop's source): the start of a call, though a breakpoint already there (a line
   * breakpoint of the agent's at a function breakpoint's place) stopped it, not the entry.
   */
  async atFunctionEntry(session: Session): Promise<boolean> {
    const top = session.state === 'stopped' ? session.stop?.frames[0] : undefined;
    const name = this.spec.function;
    if (!name || !top?.source?.path || session.stop?.reason === 'exception' || shortName(top.name) !== shortName(name)) return false;
    const path = top.source.path;
    let line = this.bodyLines.get(path);
    if (!line) this.bodyLines.set(path, (line = functionBodyLine(session.profile, path, name.split(/[.#]|::/).pop()!).catch(() => undefined)));
    return (await line) === top.line;
  }

  /** The session stopped at the entry's place by another breakpoint of its: named in the answer. */
  sharedStop(session: Session): void {
    for (const id of session.stop?.breakpointIds ?? []) {
      const b = this.manager.book.get(id);
      if (b && b !== this.bp && b !== this.shared && !this.alsoThere.includes(b)) this.alsoThere.push(b);
    }
  }

  async disarm(): Promise<void> {
    const bp = this.bp;
    this.bp = undefined;
    if (bp) await removeBreakpoint(this.manager, bp);
  }
}

function alsoThereWords(bps: BookBreakpoint[]): string {
  return `${bps.map((b) => `${b.id} (${ownerWords(b)})`).join(', ')} ${bps.length === 1 ? 'stands' : 'stand'} where the trace starts: ${bps.length === 1 ? 'its stops' : 'their stops'} there were taken as the trace's entries, and ${bps.length === 1 ? 'it stays' : 'they stay'} set`;
}

/**
 * A function breakpoint that stopped in code inlined at the function's start (rustc: `vec![..]` on
 * main's first line stops in `Box<T>::new_uninit`, main below it): out to the function itself.
 */
async function outOfInlinedAtEntry(session: Session, name: string): Promise<void> {
  for (let n = 0; n < MAX_INLINED_AT_ENTRY; n++) {
    const frames = session.state === 'stopped' ? (session.stop?.frames ?? []) : [];
    if (!frames[0] || shortName(frames[0].name) === shortName(name)) return;
    if (!frames.slice(1, MAX_INLINED_AT_ENTRY + 1).some((f) => shortName(f.name) === shortName(name))) return;
    if ((await session.step('out', undefined, STEP_TIMEOUT_MS)) !== 'stopped') return;
  }
}

const MAX_INLINED_AT_ENTRY = 3;

const shortName = (name: string) => functionName(name).split(/[.#:]+/).pop();

function sharedWords(b: BookBreakpoint): string {
  return `${b.id} (${ownerWords(b)}) is where the trace starts: its stops there were the trace's entries, and it stays set`;
}

/** The profile's panic function breakpoint (delve: runtime.gopanic), armed while a call is traced; none if the user has one there. */
async function armPanicBreakpoint(manager: SessionManager, session: Session): Promise<BookBreakpoint | undefined> {
  const fn = session.profile.trace?.raise?.breakpoint;
  if (!fn || manager.book.list().some((b) => b.function === fn && appliesTo(b, session.id))) return undefined;
  const condition = session.profile.trace?.raise?.condition;
  const bp = await manager.addBreakpoint({ function: fn, sessionId: session.id, ...(condition ? { condition } : {}) }, session.cwd);
  await manager.synced();
  return bp;
}

async function removeBreakpoint(manager: SessionManager, bp: BookBreakpoint): Promise<void> {
  if (!manager.book.get(bp.id)) return;
  manager.book.remove([bp.id]);
  await manager.synced();
}
