import { calleeName, LibraryFrames, lastPanic, panicMessage, returnShown, testRunOf, type Session, type StopInfo } from '@dapgate/core';
import { contextBlock, sourceLines } from './source.js';
import { frameFile, isRuntimeFrame, localsLine, stopLabel } from './frames.js';
import { neverBound } from './breakpoints.js';
import { evaluationLine } from './hit-counts.js';
import { otherStops, threadName } from './threads.js';
import { atBreakpoints } from './breakpoint-owners.js';
import { clip, shortPath, tailText } from './text.js';
import { testOutcome } from './test-outcome.js';
import { displayLine } from './display.js';
import { framesForLines, stackView } from './stack.js';

export interface DescribeOptions {
  source?: boolean;
  locals?: boolean;
  /** How many frames to list (0 = none). */
  frames?: number;
  /** Lines of program output to show when it exited. */
  outputTail?: number;
  /** The stopped thread to describe (default: the focused one). */
  threadId?: number;
}

export interface Description {
  text: string;
  structured: Record<string, unknown>;
}

export function headline(s: Session): string {
  return `Session ${s.id} (${s.target})`;
}

function stopReason(s: Session, stop: StopInfo, genericPattern: string | undefined): string {
  // the session's own breakpoints are named bare; a workspace one is named as such (set earlier, not by this session's call)
  if (stop.breakpointIds.length) return atBreakpoints(s, stop.breakpointIds, true);
  if (stop.reason === 'exception') {
    // some adapters put a generic description (the profile's pattern): the exception itself is then in text
    const generic = !stop.description || (!!genericPattern && new RegExp(genericPattern, 'i').test(stop.description)) || (stop.text?.includes(stop.description) ?? false);
    // a description that is the exception's own string, quoted (java-debug: "X: message"), is said once, unquoted
    const own = stop.text && stop.description ? /^"(.*)"$/s.exec(stop.description)?.[1] : undefined;
    const what = own?.startsWith(stop.text!) ? own : stop.text && !generic ? `${stop.text}: ${stop.description}` : stop.text ?? stop.description ?? 'exception';
    return `exception: ${clip(what, 200)}`;
  }
  // a thread read while another one's stop paused it (the gateway's own record of it): a pause, said as one
  const reason = stop.reason === 'paused' ? 'pause' : stop.reason;
  return stop.description && stop.reason !== 'step' ? `${reason} (${clip(stop.description, 80)})` : reason;
}

/** Where a stopped session is, in one line plus source context, locals and frames. */
export async function describe(s: Session, options: DescribeOptions = {}): Promise<Description> {
  const { source = true, locals = true, frames = 0, outputTail = 10, threadId } = options;
  const structured: Record<string, unknown> = { sessionId: s.id, state: s.state, language: s.profile.id, target: s.target };
  const lines: string[] = [];
  const head = headline(s);
  switch (s.state) {
    case 'stopped': {
      const { thread, stop } = await s.stopOf(threadId);
      const top = stop.frames[0];
      const where = top ? await stopLabel(s, top) : 'a point where the thread has no frames (its code has not started yet, or it runs native code only)';
      // the profile's own breakpoint where a panic starts (Rust's rust_panic): a panic, not "breakpoint 1.1"
      const raise = s.profile.trace?.raise?.function;
      const panic = !stop.breakpointIds.length && stop.reason !== 'exception' && !!top && !!raise && new RegExp(raise).test(top.name);
      // a test run's own breakpoint where a test fails (Go's testing.(*common).Fail) is no breakpoint the agent set
      const why = testRunOf(s)?.atFailureBreakpoint() ? 'where the test failed' : `at ${panic ? await panicMessage(s) : stopReason(s, stop, s.profile.stops.genericExceptionDescription)}`;
      lines.push(`${head} stopped ${why}, ${where} [${threadName(thread)}]`);
      structured.stop = {
        reason: stop.reason,
        ...(stop.description ? { description: stop.description } : {}),
        ...(stop.text ? { text: stop.text } : {}),
        threadId: thread.id,
        ...(thread.name ? { threadName: thread.name } : {}),
        breakpointIds: stop.breakpointIds,
        ...(top ? { file: frameFile(top), line: top.line, function: top.name } : {}),
      };
      // a stop inside the language runtime (a Go panic, an exception thrown in node internals, a crash in libc): where the program's code is
      const raised = await raiseSite(s, stop);
      if (raised && 'none' in raised) {
        lines.push(`No frame of the program's own code in the top ${stop.frames.length} frames (all library or runtime code); debug_stack lists them.`);
      } else if (raised) {
        const f = raised.frame;
        // library or runtime frames: named short, as the stop line names them
        const names = stop.frames.slice(0, raised.index).map((x) => calleeName(x.name, s.profile.trace?.calleeNoise));
        const above = names.length > 4 ? `${names.slice(0, 2).join(' <- ')} <- … <- ${names[names.length - 1]}` : names.join(' <- ');
        const kind = raised.library ? 'library' : 'runtime';
        const lead = raised.test ? 'Where the test failed:' : raised.library ? 'The program\'s code nearest the top' : 'Raised at';
        // said of this frame only where this answer shows them (a test's answer shows its failing frame's instead)
        const shownHere = source && locals ? ': its source and locals are shown;' : source ? ': its source is shown;' : locals ? ': its locals are shown;' : ';';
        lines.push(`${lead} ${shortPath(frameFile(f), s.cwd)}:${f.line} in ${f.name} (frame ${raised.index}${shownHere} pass frame ${raised.index} to debug_variables / debug_evaluate; ${raised.index} ${kind} frame${raised.index === 1 ? '' : 's'} above it: ${above})`);
        structured.raisedAt = { frame: raised.index, file: frameFile(f), line: f.line, function: f.name };
      }
      const paused = stop.pausedFrame !== undefined ? stop.frames[stop.pausedFrame] : undefined;
      if (paused) {
        lines.push(`Execution is paused in frame ${stop.pausedFrame} (${paused.name} at ${shortPath(frameFile(paused), s.cwd)}:${paused.line}): the frames above it are the exception's traceback (their locals can be read); a step or debug_continue goes on from frame ${stop.pausedFrame}.`);
        structured.pausedFrame = stop.pausedFrame;
      }
      const shown = raised && !('none' in raised) ? raised : undefined;
      const shownFrame = shown?.frame ?? top;
      if (shownFrame && source) {
        const text = await sourceLines(shownFrame.source, s);
        if (text) lines.push(contextBlock(text, shownFrame.line));
      }
      if (top && locals) {
        try {
          // the locals of the frame named above (the program's own frame when the stop is in library code)
          const index = shown?.index ?? 0;
          // a return value the adapter still lists from a call made before the step that ended here is not this stop's
          const current = returnShown(s, stop, index);
          const scopes = (await s.frameVariables(index, { depth: 0, maxItems: 25 }, threadId)).map((sc) => ({ ...sc, variables: sc.variables?.filter((v) => current(v.name) !== 'hidden') }));
          const unsure = scopes.flatMap((sc) => sc.variables ?? []).filter((v) => current(v.name) === 'unsure');
          const { text, values } = localsLine(scopes, 500, s.profile.variables);
          lines.push(`Locals${optimizedNote(scopes, s.profile.adapter.name)}: ${text}${positionalOnly(values, (shown?.frame ?? top).name, s.profile.variables.positionalArguments)}`);
          if (unsure.length) lines.push(`${unsure.map((v) => v.name).join(', ')}: the same as before this step: the line stepped over calls ${unsure.length > 1 ? 'them' : 'it'} (again the same result), or this is an earlier call's value.`);
          if (scopes.some((sc) => sc.optimized)) structured.optimized = true;
          structured.locals = values;
        } catch (e) {
          lines.push(`Locals: unavailable (${(e as Error).message})`);
        }
      }
      const display = await displayLine(s);
      if (display) {
        lines.push(display.text);
        structured.display = display.values;
      }
      if (frames > 0 && stop.frames.length) {
        // `frames` lines, library runs folded: the program's own frame beneath them is shown
        const shown = stop.frames.slice(0, await framesForLines(s, stop.frames, frames));
        // the adapter's totalFrames may be an estimate past a full page (delve's): counted only when exact
        const fetchedMore = stop.frames.length - shown.length;
        const more = stop.totalFramesExact ? `+${(stop.totalFrames ?? stop.frames.length) - shown.length} more` : fetchedMore > 0 ? `+${fetchedMore} or more` : stop.totalFrames !== undefined && stop.totalFrames > shown.length ? 'more' : '';
        const view = await stackView(s, shown, 0);
        lines.push(`Stack: ${view.lines.map((l) => l.trim()).join(' <- ')}${more && !more.startsWith('+0 ') ? ` (${more}: debug_stack)` : ''}`);
        structured.frames = view.rows;
      }
      // a fatal signal (the profile's `trace.fatalException`): what the program printed on its way down (C++'s terminate, an assert)
      const fatal = s.profile.trace?.fatalException ? new RegExp(s.profile.trace.fatalException) : undefined;
      if (fatal && stop.reason === 'exception' && [stop.text, stop.description].some((t) => !!t && fatal.test(t)) && outputTail > 0) {
        const out = s.output.tail(50).map((e) => e.text).join('');
        if (out.trim()) lines.push(`Output (last lines):\n${tailText(out, Math.min(outputTail, 5), 800)}`);
      }
      // the threads paused with this one are counted from the adapter's list now: some adapters
      // (delve) announce no thread events, so the table alone holds only those seen before
      if (stop.allThreadsStopped) await s.threadsOverview().catch(() => undefined);
      const others = otherStops(s, thread);
      lines.push(...others.lines);
      if (others.threads.length) structured.otherStoppedThreads = others.threads;
      break;
    }
    case 'running': {
      lines.push(`${head} is running.`);
      const evaluating = evaluationLine(s);
      if (evaluating) {
        lines.push(evaluating.text);
        structured.evaluating = evaluating.notes;
      }
      break;
    }
    case 'exited':
    case 'terminated': {
      const end = s.exitReport();
      const how = end.summary;
      if (s.state === 'exited') lines.push(`${head} ${how ?? 'exited'}.`);
      else if (s.detached) lines.push(`${head} has ended: detached, its program was left running.`);
      else lines.push(`${head} has ended${how ? `; the program ${how}` : ''}.`);
      if (s.exitCode !== undefined) structured.exitCode = s.exitCode;
      if (end.signal) structured.exitSignal = end.signal;
      if (end.codeUnknown) structured.exitCodeUnknown = end.codeUnknown;
      if (end.note) structured.exitNote = end.note;
      const out = s.output.tail(200).map((e) => e.text).join('');
      const shownTail = out.trim() && outputTail > 0 ? tailText(out, outputTail, 1_500) : '';
      if (shownTail) lines.push(`Output (last lines):\n${shownTail}`);
      // a panic's message above a long goroutine dump or backtrace: said, when the lines shown leave it out
      const panicked = panicInOutput(s, out);
      if (panicked && !shownTail.includes(panicked)) {
        lines.push(`It panicked: ${clip(panicked, 300)} (from its output)`);
      }
      const unbound = neverBound(s);
      if (unbound.length) {
        lines.push(`Breakpoints that never bound in this run: ${unbound.join('; ')}`);
        structured.neverBound = unbound;
      }
      const test = await testOutcome(s);
      if (test) {
        lines.push(test.line);
        structured.testOutcome = test.structured;
      }
      break;
    }
    case 'failed':
      lines.push(`${head} failed: ${s.failure?.reason ?? 'unknown reason'}`);
      structured.failure = s.failure;
      if (s.failure?.stderrTail) lines.push(`Adapter stderr (last lines):\n${tailText(s.failure.stderrTail, 15, 2_000)}`);
      lines.push('Start a new session with debug_launch or debug_attach; debug_diagnose shows the adapter traffic.');
      break;
    default:
      lines.push(`${head} is ${s.state}.`);
  }
  const notices = s.takeNotices();
  if (notices.length) {
    lines.push(`Meanwhile: ${notices.join('; ')}.`);
    structured.notices = notices;
  }
  return { text: lines.join('\n'), structured };
}

type Site = { index: number; frame: StopInfo['frames'][number]; library: boolean; test?: boolean } | { none: true };

/** Stops the program did not make itself: named by where its own code is, not as a raise site. */
const UNRAISED = new Set(['pause', 'step', 'entry', 'goto']);

/**
 * The program's own frame nearest the top, when the stop is not in the program's code. At a pause:
 * the first frame that is not library code (LibraryFrames: the runtime, the standard library,
 * dependencies), `none` when the listed frames have none. Elsewhere (a step that ended in the
 * runtime, a crash): the first frame below the language runtime (the profile's `internalFrames`
 * by function name, its `runtimeFrames` by path; at a crash also frames without a source file).
 */
async function raiseSite(s: Session, stop: StopInfo): Promise<Site | undefined> {
  const top = stop.frames[0];
  if (!top) return undefined;
  // at a test run's failure breakpoint (in the test library): the test's own frame
  const run = testRunOf(s);
  if (run?.atFailureBreakpoint()) {
    const index = run.failureFrame();
    if (index > 0 && stop.frames[index]) return { index, frame: stop.frames[index]!, library: true, test: true };
  }
  if (stop.reason === 'pause' || stop.reason === 'paused') {
    const flags = await new LibraryFrames(s.profile.stops, s.cwd).classify(stop.frames);
    if (!flags[0]) return undefined;
    const index = flags.indexOf(false);
    return index > 0 ? { index, frame: stop.frames[index]!, library: true } : { none: true };
  }
  const { internalFrames, runtimeFrames } = s.profile.stops;
  const byName = internalFrames ? new RegExp(internalFrames) : undefined;
  const byPath = runtimeFrames ? new RegExp(runtimeFrames) : undefined;
  const declared = (f: StopInfo['frames'][number]) => !!byName?.test(f.name) || (!!f.source?.path && !!byPath?.test(f.source.path));
  const crash = stop.reason === 'exception' || stop.reason === 'signal';
  if (!declared(top) && !(crash && isRuntimeFrame(top, runtimeFrames))) {
    if (!crash) return undefined;
    // a crash in library code (libc's abort under an uncaught C++ exception, a JDK method throwing): the program's frame nearest the top
    const flags = await new LibraryFrames(s.profile.stops, s.cwd).classify(stop.frames);
    const index = flags[0] ? flags.indexOf(false) : -1;
    return index > 0 ? { index, frame: stop.frames[index]!, library: true } : undefined;
  }
  const index = stop.frames.findIndex((f) => !declared(f) && !isRuntimeFrame(f, runtimeFrames));
  return index > 0 ? { index, frame: stop.frames[index]!, library: UNRAISED.has(stop.reason) } : undefined;
}

/** Said before the locals of an optimized function: the adapter may read stale values there (a plain `go build`). */
export function optimizedNote(scopes: { optimized?: boolean }[], adapter: string): string {
  return scopes.some((sc) => sc.optimized) ? ` (an optimized function: ${adapter} may show stale values, e.g. a variable's value before it was reassigned; build without optimizations to trust them)` : '';
}

/** The note for a frame whose locals are only its arguments, named by position (its code has no local variable table). */
function positionalOnly(values: Record<string, string>, frameName: string, spec: { names: string; note: string } | undefined): string {
  const names = Object.keys(values);
  if (!spec || !names.length || !names.every((n) => new RegExp(spec.names).test(n))) return '';
  // where the frame's name lists its parameters, every one of them is shown and nothing else
  const params = /\(([^()]*)\)\s*$/.exec(frameName)?.[1];
  if (params !== undefined && params.split(',').filter((p) => p.trim()).length !== names.length) return '';
  return ` (${spec.note})`;
}

/** The last panic message in a program's output, by the profile's pattern (`trace.raise.output`). */
function panicInOutput(s: Session, out: string): string | undefined {
  const pattern = s.profile.trace?.raise?.output;
  return pattern ? lastPanic(pattern, out) : undefined;
}
