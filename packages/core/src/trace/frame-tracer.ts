import { access, readFile } from 'node:fs/promises';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Session } from '../session/session.js';
import type { CallerGuard } from '../session/threads/caller-guard.js';
import { framePlace } from '../session/paths.js';
import { functionName } from '../session/threads/activation.js';
import { exceptionText, isExceptionStop } from './exception-stop.js';
import { calleeName, sameCallee } from './callee-name.js';
import { Declarations } from './declarations.js';
import { namedArguments, ownParametersAt, parametersAt } from './parameters.js';
import { unnamedLabel } from '../session/reads/unnamed-variables.js';
import { FrameLocals } from './frame-locals.js';
import { localChanges, NOT_LISTED_OPTIMIZED } from './local-changes.js';
import { isPanicStop, panicMessage } from './panic-stop.js';
import { evaluateReturn } from './return-expression.js';
import { unreportedReturn } from './unreported-return.js';
import { mayRepeat } from './repeated-call.js';
import type { TraceSpec } from '../profiles/trace-spec.js';
import type { CallMade, FrameTrace, LineEvent, TraceEnd } from './types.js';

export interface TraceOptions {
  /** At most this many line events (the session stays stopped where the trace was cut). */
  maxLines: number;
  /** The trace is cut when this time is up (Date.now() based). */
  deadline: number;
  /** Bound for one step. */
  stepTimeoutMs: number;
  signal?: AbortSignal;
  /** How many levels of calls to step into and trace too (0: step over every call). */
  depth?: number;
  /** Called once the first step is done (the caller removes its entry breakpoint then, not at the stop on it). */
  afterFirstStep?: () => Promise<void>;
  /** Sets a breakpoint after the call in the caller's frame while a frame is traced (see `callerGuard`). */
  guardCaller?: CallerGuard;
}

interface Where {
  name: string;
  depth: number;
  line: number;
  frame: DebugProtocol.StackFrame;
}

const MAX_STEP_OUTS = 20;
const MAX_NO_LINE_STEPS = 20;

/**
 * Follows the frame the session is stopped in to its end with step-over: every line executed in
 * it with the locals it changed, the calls it made (where the adapter reports their return
 * values), and how it ended. Steps that stop deeper (a breakpoint or an exception in a callee) are
 * stepped out of; a step that lands outside the frame ends the trace. Language facts come from
 * the profile's `trace` key only.
 */
export async function traceFrame(session: Session, options: TraceOptions): Promise<FrameTrace> {
  const outer = session.readAhead; // a trace of the caller's frame (depth > 0)
  const unguard = await options.guardCaller?.(session);
  try {
    return await traceOneFrame(session, options);
  } finally {
    session.readAhead = outer;
    await unguard?.();
  }
}

async function traceOneFrame(session: Session, options: TraceOptions): Promise<FrameTrace> {
  const started = Date.now();
  const returnPattern = session.profile.trace?.returnValue ? new RegExp(session.profile.trace.returnValue) : undefined;
  const home = where(session)!;
  const source = await sourceLines(home.frame);
  const resultSlot = session.profile.trace?.resultLocals ? new RegExp(session.profile.trace.resultLocals) : undefined;
  const isReturn = (name: string) => !!returnPattern?.test(name);
  const nextCallPossible = !!returnPattern?.source.includes('?<callee>');
  // not program state to show: return values (shown as calls or the result) and result slots
  const notALocal = (name: string) => isReturn(name) || !!resultSlot?.test(name);
  const ownCallee = (name: string): boolean => {
    const callee = returnPattern?.exec(name)?.groups?.callee;
    return callee === undefined || home.name.includes(callee);
  };
  // what the caller already shows as return values: a report that did not change may be stale
  const callerBefore = await session.inspector.snapshot(1).catch(() => new Map<string, string>());
  const caller = session.stop?.frames[1];
  const locals = new FrameLocals(session, source);
  const declarations = new Declarations(session.profile.trace?.declarations, source, session.profile.trace);
  let before = await locals.read(undefined, home.line);
  declarations.begin(before, home.line, await session.inspector.functionEnd(0).catch(() => undefined));
  // a local whose declaration has not run holds no value yet (V8's, or a C stack slot's leftover)
  const { entry, optimized } = await entryLocals(session, (name) => notALocal(name) || declarations.undeclared(name));
  const lines: LineEvent[] = [];
  let current: LineEvent = { line: home.line, changed: [], calls: [] };
  /** The smallest line this frame has run (where a trace from the call starts: the body's first line). */
  let firstLine = home.line;
  let ownReturn: string | undefined;
  let evaluatedReturn = false;
  /** Why the adapter gave no value for the return expression it was asked to evaluate. */
  let returnError: string | undefined;
  const returnExpression = session.profile.trace?.returnExpression ? new RegExp(session.profile.trace.returnExpression) : undefined;
  const blockEnd = session.profile.trace?.blockEnd ? new RegExp(session.profile.trace.blockEnd) : undefined;
  let raised: { exception: string; line: number; where?: string } | undefined;
  let steps = 0;
  let end: TraceEnd | undefined;

  // a stop in this frame: its locals are asked for while the gateway attributes and announces the stop
  session.readAhead = (stop, client) => {
    const top = stop.frames[0];
    if (top && top.line > 0 && top.name === home.name && (stop.totalFrames ?? stop.frames.length) === home.depth) locals.readAhead(top.id, client, current.line, top.line);
  };

  // a line's event is complete: with the boundary-scope changes found for it
  const push = (e: LineEvent) => lines.push(Object.assign(e, { changed: [...e.changed, ...locals.take()] }));

  while (!end) {
    if (lines.length >= options.maxLines || Date.now() >= options.deadline) {
      end = { kind: 'cut', reason: lines.length >= options.maxLines ? 'maxLines' : 'time', line: current.line };
      await locals.settle(lines[lines.length - 1]?.line, current.line);
      const last = lines[lines.length - 1];
      if (last) last.changed.push(...locals.take());
      break;
    }
    // where the adapter reports return values too (debugpy), the evaluated one stands in when its report is missing
    if (returnExpression) {
      // the value holds only if the frame is left from this line, or after lines that only close blocks
      const text = source[current.line - 1] ?? '';
      const { value, error } = await evaluateReturn(session, returnExpression, text, home.frame.id);
      if (value !== undefined) {
        ownReturn = value;
        evaluatedReturn = true;
        returnError = undefined;
      } else if (!blockEnd?.test(text)) {
        ownReturn = undefined;
        evaluatedReturn = false;
        returnError = error;
      }
    }
    const depth = options.depth ?? 0;
    let outcome = await stepAndWait(session, depth > 0 ? 'into' : 'over', options);
    steps++;
    if (steps === 1) await options.afterFirstStep?.();
    let here = outcome === 'stopped' ? where(session) : undefined;
    let returnedInto = false;
    if (here && isPanicStop(session)) {
      push(current);
      end = { kind: 'raised', exception: await panicMessage(session), line: current.line, where: await panicSite(session, home.depth) };
      break;
    }
    if (here && depth > 0 && here.depth === home.depth + 1 && !isExceptionStop(session) && (await isProjectFrame(session, here.frame))) {
      // stepped into a call of the project's own code: trace it too, as a call this line made
      const nested = await traceFrame(session, { ...options, depth: depth - 1, maxLines: Math.max(1, options.maxLines - lines.length) });
      steps += nested.steps;
      current.calls.push({ callee: calleeName(nested.function, session.profile.trace?.calleeNoise), result: nested.end.kind === 'returned' ? (nested.end.value ?? (nested.end.noValue ? '(no value)' : '(unknown)')) : nested.end.kind, args: callArguments(nested), trace: nested });
      if (nested.end.kind === 'raised' && !raised) raised = { exception: nested.end.exception, line: current.line, where: nested.end.where ?? framePlace({ name: nested.function, line: nested.end.line, source: { path: nested.file } }, session.cwd) };
      if (nested.end.kind !== 'returned' && nested.end.kind !== 'raised') {
        push(current);
        end = nested.end;
        break;
      }
      outcome = session.state === 'stopped' ? 'stopped' : outcome;
      here = where(session);
      returnedInto = true;
      if (nested.end.kind === 'raised' && isPanicStop(session)) {
        push(current);
        end = { kind: 'raised', exception: nested.end.exception, line: current.line, where: nested.end.where ?? framePlace({ name: nested.function, line: nested.end.line, source: { path: nested.file } }, session.cwd) };
        break;
      }
    }
    // an exception stop in this frame or a callee (one in the caller is the same exception passing through)
    if (here && isExceptionStop(session) && here.depth >= home.depth) {
      const inFrame = here.depth === home.depth && here.name === home.name;
      raised ??= { exception: await exceptionText(session), line: current.line, where: inFrame ? undefined : framePlace(here.frame, session.cwd) };
      const fatal = session.profile.trace?.fatalException;
      if (fatal && new RegExp(fatal).test(raised.exception)) {
        // stepping on would deliver it and end the program: stay stopped at the fault
        push(current);
        end = { kind: 'raised', ...raised, atFault: true };
        break;
      }
      // the frame may end with this exception: its last chance to read the boundary scopes
      await locals.settle(current.line, current.line, here.depth - home.depth);
      if (inFrame && here.line === current.line) continue; // the stop on the raising line itself (or the exception passing through it): not another line run
    }
    // stopped deeper (a breakpoint or exception in a callee): come back to our frame. From an
    // exception, step-over follows it to its handler (a step-out can run past a handler in our frame).
    for (let n = 0; here && here.depth > home.depth && !isPanicStop(session) && n < MAX_STEP_OUTS; n++) {
      outcome = await stepAndWait(session, isExceptionStop(session) ? 'over' : 'out', options);
      steps++;
      here = outcome === 'stopped' ? where(session) : undefined;
      returnedInto = true;
    }
    // no line information where the step stopped (lldb's line 0: code the compiler generated), not a line the program ran: step on
    for (let n = 0; here && here.line <= 0 && here.depth === home.depth && here.name === home.name && n < MAX_NO_LINE_STEPS; n++) {
      outcome = await stepAndWait(session, 'over', options);
      steps++;
      here = outcome === 'stopped' ? where(session) : undefined;
    }
    // a panic met on the way back to this frame or past code without lines: the call raised, it did not return
    if (here && isPanicStop(session)) {
      push(current);
      end = { kind: 'raised', exception: await panicMessage(session), line: current.line, where: await panicSite(session, home.depth) };
      break;
    }
    if (!here) {
      push(current);
      // exited and terminated arrive together: a known exit code means the program exited
      end = outcome === 'exited' || session.exitCode !== undefined ? { kind: 'exited', exitCode: session.exitCode, line: current.line } : outcome === 'timeout' ? { kind: 'step-timeout', line: current.line } : { kind: 'ended', state: outcome, line: current.line };
      break;
    }
    if (here.depth < home.depth || here.name !== home.name || here.depth > home.depth) {
      current.note ??= locals.unreadAtEnd();
      push(current);
      const inCaller = here.depth === home.depth - 1 && !!caller && functionName(here.name) === functionName(caller.name) && here.frame.source?.path === caller.source?.path;
      end = raised ? { kind: 'raised', ...raised } : await returned(session, ownReturn, callerBefore, isReturn, ownCallee, current.line, evaluatedReturn, source, lines, inCaller, returnError);
      break;
    }
    // back from a call onto the line that made it: the line is not done yet
    if (returnedInto && here.line === current.line) continue;
    // a jump back to the frame's first line seen (a new call starts at the body's first line; a
    // loop's back edge lands after it) may be the next call of this function from the same caller
    // line (debugpy's step over a return continues into it): then the caller shows this call's return value
    if (here.line < current.line && here.line <= firstLine && nextCallPossible) {
      const caller = await session.inspector.snapshot(1).catch(() => new Map<string, string>());
      const reported = [...caller].find(([k, v]) => isReturn(k) && ownCallee(k) && callerBefore.get(k) !== v);
      if (reported) {
        push(current);
        end = { kind: 'returned', value: reported[1], line: current.line, nextCallStarted: true };
        break;
      }
    }
    if (raised && !isExceptionStop(session)) {
      // on another line of this frame after an exception: it did not leave the frame
      current.caught = raised.where ? `${raised.exception} (thrown in ${raised.where})` : raised.exception;
      raised = undefined;
    }
    const after = await locals.read(current.line, here.line);
    const returns = [...after].filter(([k]) => isReturn(k));
    const own = returns.find(([k]) => ownCallee(k));
    // the frame's return value shown: its last stop
    if (own) await locals.settle(current.line, here.line);
    const shownInFrame = own && !returnPattern?.exec(own[0])?.groups?.callee;
    if (shownInFrame) {
      // the returning frame shows its value (js-debug), on the return line: the return is under way
      ownReturn = own[1];
      evaluatedReturn = false;
    }
    if (shownInFrame && here.line === current.line) {
      // the adapter stops once more on the returning line to show the value
      before = after;
      continue;
    }
    if (!own && !nextCallPossible && ownReturn !== undefined && !evaluatedReturn && here.line < current.line) {
      // after a return under way, an earlier line of the same function: the code that called it (not
      // stopped in: Array.map, a native sort) made the next call. A return ends its call.
      push(current);
      end = { kind: 'returned', value: ownReturn, line: current.line, nextCallStarted: true };
      break;
    }
    const notCompared: string[] = [];
    current.changed = declarations.rewrite(localChanges(before, after, notALocal, notCompared, optimized ? NOT_LISTED_OPTIMIZED : undefined), after, current.line, here.line);
    if (notCompared.length) current.notCompared = notCompared;
    // only where a step over a return may go on into the next call (the adapters that name the returning callee: debugpy);
    // elsewhere a step out of a call stops in the caller, and a loop head that is the first line resets its own locals
    if (nextCallPossible && here.line === home.line && here.line < current.line && [...before.keys()].some((k) => !notALocal(k) && !(k in entry)) && [...after.keys()].every((k) => notALocal(k) || k in entry)) {
      current.note = 'the locals were reset on a jump back to the start: this may be the next call of the function (the step went on into it)';
    }
    const traced = new Set(current.calls.map((c) => c.callee));
    // the statement that ran: its first line up to the line stopped at (a comprehension over several lines)
    const statement = source.slice(current.line - 1, Math.max(current.line, here.line - 1)).join('\n');
    current.calls.push(...callsMade(before, returns, returnPattern, ownCallee, source[current.line - 1] ?? '', session.profile.trace, statement).filter((c) => ![...traced].some((t) => t.includes(c.callee) || sameCallee(t, c.callee))));
    push(current);
    before = after;
    current = { line: here.line, changed: [], calls: [] };
    firstLine = Math.min(firstLine, here.line);
  }
  const spec = session.profile.trace ?? {};
  const named = namedArguments(entry, [...parametersAt(source, home.line, spec)], ownParametersAt(source, home.line, spec), unnamedLabel);
  const parameters = named.parameters;
  return { function: home.name, file: home.frame.source?.path, startLine: home.line, entry: named.entry, ...(parameters.length ? { parameters } : {}), lines, end, steps, ms: Date.now() - started, ...(optimized ? { optimized } : {}) };
}

/**
 * The frame's own locals where it starts (a call's arguments at its entry): its first primary
 * scope, or through the profile's `functionScope` (V8 keeps a function's parameters in a scope of
 * their own behind its body's block when one has a default value), not a closure's or module's
 * names; an inner scope's name hides an outer one's; without values the profile hides from
 * summaries (js-debug's functions).
 */
async function entryLocals(session: Session, isReturn: (name: string) => boolean): Promise<{ entry: Record<string, string>; optimized: boolean }> {
  const scopes = await session.inspector.scopes(0);
  const primary = session.inspector.primary(scopes);
  const pattern = session.profile.trace?.functionScope;
  const last = pattern ? primary.findIndex((s) => new RegExp(pattern).test(s.name)) : -1;
  const own = last >= 0 ? primary.slice(0, last + 1) : primary.slice(0, 1);
  const hide = new Set(session.profile.variables.summaryHideTypes);
  const lists = await Promise.all(own.map((s) => session.inspector.children(s.variablesReference)));
  const out: Record<string, string> = {};
  for (const v of lists.flatMap((l) => l.items)) if (!(v.name in out) && !isReturn(v.name) && !(v.type && hide.has(v.type))) out[v.name] = v.value;
  return { entry: out, optimized: scopes.some((s) => s.optimized) };
}

/** A frame in a file of the project (on disk, not matching the profile's library frames). */
async function isProjectFrame(session: Session, frame: DebugProtocol.StackFrame): Promise<boolean> {
  const path = frame.source?.path;
  if (!path) return false;
  const library = session.profile.test?.libraryFrames;
  if (library && new RegExp(library).test(path)) return false;
  return access(path).then(
    () => true,
    () => false,
  );
}

async function stepAndWait(session: Session, kind: 'over' | 'into' | 'out', options: TraceOptions) {
  // a step waits (bounded) for its own thread to stop again
  return session.step(kind, undefined, Math.max(1, Math.min(options.stepTimeoutMs, options.deadline - Date.now() + options.stepTimeoutMs)), options.signal);
}

/**
 * A call's arguments: its locals at entry, less those its signature does not name where it is read
 * (JavaScript's hoisted `var`s are locals there, `undefined`, and no argument); `this` stays.
 */
function callArguments(t: FrameTrace): Record<string, string> {
  if (!t.parameters?.length) return t.entry;
  // in the signature's order (adapters list locals sorted by name), the receiver first
  return Object.fromEntries(['this', ...t.parameters].filter((name) => name in t.entry).map((name) => [name, t.entry[name]!]));
}

function where(session: Session): Where | undefined {
  const stop = session.stop;
  const frame = stop?.frames[0];
  if (!stop || !frame) return undefined;
  return { name: frame.name, depth: stop.totalFrames ?? stop.frames.length, line: frame.line, frame };
}

/**
 * Where a panic that stopped the trace started: the program's own frame nearest the top of the
 * panic's stack, when it is a callee of the traced frame (a panic two calls down is not the
 * line the trace stepped over); undefined when the traced frame raised it itself.
 */
async function panicSite(session: Session, homeDepth: number): Promise<string | undefined> {
  const stop = session.stop!;
  const total = stop.totalFrames ?? stop.frames.length;
  for (const [i, frame] of stop.frames.entries()) {
    if (total - i <= homeDepth) return undefined;
    if (await isProjectFrame(session, frame)) return framePlace(frame, session.cwd);
  }
  return undefined;
}

/** The frame returned: its value as the adapter reported it (in the frame, or in the caller), else why not. */
async function returned(
  session: Session,
  ownReturn: string | undefined,
  callerBefore: Map<string, string>,
  isReturn: (name: string) => boolean,
  ownCallee: (name: string) => boolean,
  line: number,
  evaluated: boolean,
  source: string[],
  ran: LineEvent[],
  inCaller: boolean,
  returnError: string | undefined,
): Promise<TraceEnd> {
  const adapter = session.profile.adapter.name;
  if (!session.profile.trace?.returnValue) {
    if (ownReturn !== undefined) return { kind: 'returned', value: ownReturn, line, ...(evaluated ? { valueNote: `${adapter} reports no return values: the return expression, evaluated on its line before it ran` } : {}) };
    return unreportedReturn(session.profile.trace, adapter, source, ran, line, returnError);
  }
  if (ownReturn !== undefined && !evaluated) return { kind: 'returned', value: ownReturn, line };
  const caller = await session.inspector.snapshot(0).catch(() => new Map<string, string>());
  const reported = [...caller].find(([k]) => isReturn(k) && ownCallee(k));
  if (!reported && inCaller && session.profile.trace.returnValueOnlyForValues) {
    // back in the caller's own frame, where the adapter shows the value of every call that returns one
    return { kind: 'returned', line, noValue: true, valueNote: `${adapter} shows the value of every call that returns one: a void method or a constructor` };
  }
  if (!reported) {
    // the adapter shows a return value where it stops right after the return: it stopped further on
    const further = { stoppedPastCaller: true } as const;
    if (ownReturn !== undefined) return { kind: 'returned', value: ownReturn, line, valueNote: `the return expression, evaluated on its line before it ran (${adapter} showed no return value at the next stop)`, ...further };
    return { kind: 'returned', line, valueNote: `${adapter} showed no return value at the next stop, which is past where the call returned to`, ...further };
  }
  if (callerBefore.get(reported[0]) === reported[1]) return { kind: 'returned', line, valueNote: `the adapter still shows ${reported[1]} from an earlier call: this call's value is unknown` };
  return { kind: 'returned', value: reported[1], line };
}

/** Return values that appeared or changed on this step, or that the line visibly calls (same value again). */
function callsMade(before: Map<string, string>, returns: [string, string][], pattern: RegExp | undefined, ownCallee: (name: string) => boolean, text: string, spec: TraceSpec | undefined, statement = text): CallMade[] {
  const out: CallMade[] = [];
  const syntax = Object.entries(spec?.syntaxCallees ?? {}).map(([callee, form]) => [new RegExp(callee), new RegExp(form)] as const);
  for (const [name, value] of returns) {
    if (ownCallee(name)) continue;
    const callee = pattern?.exec(name)?.groups?.callee ?? name;
    const form = syntax.find(([c]) => c.test(callee))?.[1];
    if (form && !form.test(statement)) continue;
    const short = callee.split('.').pop()!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const changed = before.get(name) !== value;
    if (!changed && !new RegExp(`(?:^|[^\\w$])${short}\\s*\\(`).test(text)) continue;
    out.push({ callee, result: value, ...(mayRepeat(spec, callee, text) ? { lastCall: true } : {}), ...(changed ? {} : { sameAsBefore: true }) });
  }
  return out;
}

async function sourceLines(frame: DebugProtocol.StackFrame): Promise<string[]> {
  const path = frame.source?.path;
  if (!path) return [];
  return (await readFile(path, 'utf8').catch(() => '')).split(/\r?\n/);
}
