import { ownerWords, type BookBreakpoint } from '../breakpoints/book.js';
import type { Session } from '../session/session.js';
import { shortPath } from '../session/paths.js';

/** The bound for one step out of a call passed over (a step that ends at the next hit in it stops sooner). */
const STEP_OUT_MS = 10_000;

/**
 * Calls of the traced function counted by their frames, not by hits of the entry breakpoint. A
 * line breakpoint can hit again in the same call (a loop head that is the function's first
 * statement, a line inside a loop), so a call counted and not traced is left by stepping out of
 * it: a stop at the breakpoint on the way at the same stack depth is the same call again, a
 * deeper one is a new call (recursion). A function breakpoint hits once per call: plain continue.
 */
export class CallFrames {
  /** Calls entered and not yet seen to return, per thread, by stack depth. */
  private open: { thread: number; depth: number }[] = [];
  /** The call just counted stopped before its first body line: a stop there next, on its thread and depth, is the same call. */
  private bodyPending: { thread: number; depth: number } | undefined;
  /** Resume before waiting: false until the first wait (the program may be on its way already). */
  private resume = false;
  /** Entry stops of a function breakpoint in code without source (rustc's C `main` for `main`): not traced, counted. */
  skippedWithoutSource: string[] = [];

  constructor(
    private readonly session: Session,
    /** The entry can hit more than once in one call (a line breakpoint). */
    private readonly repeats: boolean,
  ) {}

  /**
   * Resumes (out of counted calls first) and waits for the entry's stop in a new call: 'hit', or
   * why not (the program ended, stopped elsewhere, the time ran out).
   */
  async next(bp: BookBreakpoint, deadline: number, signal?: AbortSignal, counted = 0, name?: string, atEntryPlace?: () => Promise<boolean>): Promise<'hit' | string> {
    const { session } = this;
    for (;;) {
      const left = Math.max(1, deadline - Date.now());
      const outcome = !this.resume || session.state !== 'stopped' ? await session.waitForSettled(left, signal) : this.ownCall() ? await session.step('out', undefined, Math.min(left, STEP_OUT_MS), signal) : await this.continue(left, signal);
      this.resume = true;
      if (outcome !== 'stopped') return notReached(session, bp, outcome, counted, name);
      const stop = session.stop!;
      const depth = stop.totalFrames ?? stop.frames.length;
      // calls deeper than this stop on its thread have returned
      this.open = this.open.filter((f) => f.thread !== stop.threadId || f.depth <= depth);
      // another breakpoint of the session's at the entry's place may be the one the stop names
      const own = stop.breakpointIds.includes(bp.id);
      const other = !own && stop.breakpointIds.length > 0 && !!atEntryPlace && (await atEntryPlace());
      const bodyOfCounted = other && this.bodyPending?.thread === stop.threadId && this.bodyPending.depth === depth;
      this.bodyPending = undefined;
      if (bodyOfCounted) continue; // the first body line of the call just counted at its definition line
      const atEntry = own || other;
      if (!atEntry) {
        if (stop.reason === 'step' && this.repeats) continue; // out of a counted call: on to the next
        const top = stop.frames[0];
        const others = stop.breakpointIds.flatMap((id) => session.breakpoints().find((b) => b.id === id) ?? []);
        const raise = session.profile.trace?.raise?.function;
        const panic = !others.length && !!top && !!raise && new RegExp(raise).test(top.name);
        const why = others.length ? `at ${others.map((b) => `${b.id}, ${ownerWords(b)}`).join('; ')}, not the trace's` : stop.reason === 'exception' ? `at an exception: ${exceptionWords(stop)}` : panic ? 'at a panic' : `at a ${stop.reason}`;
        const where = top ? `${top.source?.path ? shortPath(top.source.path, session.cwd) : '<no source>'}:${top.line} in ${top.name}` : 'a point with no frames';
        const target = bp.function ? `'${bp.function}'` : `${bp.file ? shortPath(bp.file, session.cwd) : 'line'}:${bp.line}`;
        // an entry the adapter never bound saw no call: whether one happened is not known
        const unbound = unboundEntry(session, bp);
        if (unbound) return `the program stopped ${why}, ${where}; ${unbound}`;
        return `the program stopped ${why}, ${where}, before ${bp.function ? `a call of ${target}` : `reaching ${target}`}`;
      }
      if (this.repeats && this.open.some((f) => f.thread === stop.threadId && f.depth === depth)) continue; // the same call again
      // a function of that name without source (no lines to trace, not the program's own): on to the next
      const top = stop.frames[0];
      if (bp.function && top && !top.source?.path) {
        this.skippedWithoutSource.push(top.name);
        continue;
      }
      this.open.push({ thread: stop.threadId, depth });
      // a function breakpoint that stops at the definition line (debugpy, delve): a breakpoint on the body's first line stops this call again
      if (own && atEntryPlace && !(await atEntryPlace())) this.bodyPending = { thread: stop.threadId, depth };
      return 'hit';
    }
  }

  /** The session is stopped at the start of a call found otherwise (the step out of the last one went on into it). */
  entered(): void {
    this.bodyPending = undefined;
    const stop = this.session.stop;
    if (stop) this.open.push({ thread: stop.threadId, depth: stop.totalFrames ?? stop.frames.length });
  }

  /** The last call counted was traced to its end (it returned): it is not open any more. */
  ended(): void {
    this.bodyPending = undefined;
    this.open.pop();
  }

  /** The focused thread is in a call counted before (on a line breakpoint): it must be stepped out of. */
  private ownCall(): boolean {
    const thread = this.session.stop?.threadId;
    return this.repeats && this.open.some((f) => f.thread === thread);
  }

  private async continue(timeoutMs: number, signal?: AbortSignal) {
    await this.session.continue();
    return this.session.waitForSettled(timeoutMs, signal);
  }
}

/** When the adapter has not bound the trace's entry: that, and how to name the place so it can. */
function unboundEntry(session: Session, bp: BookBreakpoint): string | undefined {
  const binding = bp.bindings.get(session.id);
  if (!binding || binding.verified) return undefined;
  const what = bp.function ? `'${bp.function}'` : `line ${bp.line}`;
  const instead = bp.function ? 'pass file (the file that defines it) with function, or file and line' : 'pass a line with code on it';
  return `${session.profile.adapter.name} never bound the breakpoint for ${what}${binding.message ? ` (${binding.message})` : ''}, so a call of it could not stop the program and whether one happened is not known: ${instead}`;
}

/** Why no (further) call was reached; `counted`: the calls of it seen before (so the name was right). */
function notReached(session: Session, bp: BookBreakpoint, outcome: string, counted: number, name: string | undefined): string {
  if (outcome === 'exited' || outcome === 'terminated') {
    const how = `${outcome}${session.exitCode !== undefined ? `, code ${session.exitCode}` : ''}`;
    const target = name ? `'${name}'` : bp.function ? `'${bp.function}'` : `${bp.file ? shortPath(bp.file, session.cwd) : 'line'}:${bp.line}`;
    if (counted > 0) return `the program ended (${how}) after ${counted} call${counted === 1 ? '' : 's'} of ${target}${bp.condition ? ` where ${bp.condition} held` : ''}`;
    const ended = `the program ended (${how})`;
    const binding = bp.bindings.get(session.id);
    const unbound = unboundEntry(session, bp);
    if (unbound) return `${ended}; ${unbound}`;
    const where = bp.condition ? ` where ${bp.condition}` : '';
    const none = `${ended} with no ${bp.function || name ? `call of ${target}` : `pass at ${target}`}${where} after the trace started`;
    // an adapter may confirm a function breakpoint for a name that matches nothing: it then gives no line (one bound to its function's line names a function)
    return bp.function && binding?.line === undefined ? `${none}, or '${bp.function}' names no function it ran: check the name` : none;
  }
  if (outcome === 'timeout') return 'the call was not reached in time (the program is still running)';
  return `the session ${outcome}`;
}

/** An exception stop in a few words: its type and message as the adapter gave them (debugpy pads its type with a note). */
function exceptionWords(stop: { text?: string; description?: string }): string {
  const type = stop.text?.split(/\s{2,}|\s\(/)[0]?.trim();
  const message = stop.description?.trim();
  return [type, message && message !== type ? message : undefined].filter(Boolean).join(': ').slice(0, 200) || 'no description';
}
