import type { DebugProtocol } from '@vscode/debugprotocol';
import { EventEmitter } from 'node:events';
import type { BookBreakpoint } from '../../breakpoints/book.js';
import type { Profile } from '../../profiles/schema.js';
import type { BreakpointSync } from '../breakpoints/breakpoint-sync.js';
import type { ThreadEntry, ThreadTable } from '../threads/threads.js';
import type { SessionState, StopInfo } from '../types.js';
import { evaluateAt, evaluateEach, setVariableAt, type EvaluateAt, type Evaluation, type EvaluatedEach, type VariableSet } from './evaluate-at.js';
import { Inspector } from './inspect.js';
import type { ProgramReads } from './program-reads.js';
import { markUndeclared, undeclaredNames, undeclaredText, undeclaredWords } from './undeclared.js';
import { GatewayError } from '../../errors.js';
import type { ExpandOptions, ScopeNode } from './variable-nodes.js';
import { variablesAt, type Variables, type VariablesRequest } from './variables-at.js';

/**
 * What a front end reads of a session's program (and may change: an evaluation, a variable set),
 * each in one call: the stopped thread's frames, sources, evaluations, variables, and what its
 * breakpoints and exception filters did. Session is one; its lifecycle is in session.ts.
 */
export abstract class ProgramView extends EventEmitter<{ state: [SessionState] }> {
  abstract readonly profile: Profile;
  abstract readonly inspector: Inspector;
  /** @internal core's parts only; front ends ask thread() and stoppedThreads(). */
  abstract readonly threads: ThreadTable;
  /** @internal core's parts read through it; front ends use the reads below. */
  abstract readonly reads: ProgramReads;
  /** @internal core's parts only; front ends see exceptionFilters, unsetExceptionFilters, hitsHere. */
  abstract readonly sync: BreakpointSync;
  abstract get state(): SessionState;
  abstract get capabilities(): DebugProtocol.Capabilities;

  /**
   * A stopped thread (the focused one unless given) and its stop: a thread stopped only because all
   * threads did gets a `paused` stop with its frames read now; a stop whose frames could not be
   * read when it came (delve may still say "running" then) has them read now, once.
   */
  async stopOf(threadId?: number): Promise<{ thread: ThreadEntry; stop: StopInfo }> {
    const thread = threadId !== undefined ? this.stoppedThread(threadId, 'describe a thread') : this.threads.focus()!;
    const stop = thread.stop ?? (await this.pausedWithOthers(thread.id));
    if (!stop.frames.length) {
      try {
        const { frames, total, totalIsLowerBound } = await this.stackTrace(stop.threadId, 0, 20);
        Object.assign(stop, { frames, totalFrames: total, totalFramesExact: !totalIsLowerBound });
      } catch {
        // still unreadable: the answer says the location is unknown
      }
    }
    return { thread, stop };
  }

  private async pausedWithOthers(threadId: number): Promise<StopInfo> {
    const { frames, total, totalIsLowerBound } = await this.stackTrace(threadId, 0, 20);
    return { seq: 0, ready: true, reason: 'paused', description: 'stopped along with the other threads', threadId, allThreadsStopped: true, breakpointIds: [], frames, totalFrames: total, totalFramesExact: !totalIsLowerBound, at: Date.now() };
  }

  /** A thread of the program by id; undefined: no such thread now. */
  thread(threadId: number): ThreadEntry | undefined {
    return this.threads.get(threadId);
  }

  /** The threads stopped now: those with a stop of their own first, in stop order, then the ones stopped with all. */
  stoppedThreads(): ThreadEntry[] {
    return this.threads.stoppedThreads();
  }

  /** The stopped thread reads are about: `threadId` (which must be stopped), else the focused one. */
  stoppedThread(threadId: number | undefined, action: string): ThreadEntry {
    return this.reads.thread(threadId, action);
  }

  /** A page of a stopped thread's frames and the stack's depth (see ProgramReads.stackTrace). */
  stackTrace(threadId: number | undefined, startFrame = 0, levels = 20): ReturnType<ProgramReads['stackTrace']> {
    return this.reads.stackTrace(threadId, startFrame, levels);
  }

  /** The `index`-th frame of a stopped thread (the focused one unless given). */
  frameAt(index = 0, threadId?: number): Promise<DebugProtocol.StackFrame> {
    return this.reads.frameAt(index, threadId);
  }

  /** The text of a source only the adapter has (`sourceReference`). */
  source(sourceReference: number, path?: string, threadId?: number): Promise<string> {
    return this.reads.source(sourceReference, path, threadId);
  }

  /** An expression's value in a frame (of the stopped thread), with its members; a refusal says where it was asked and which names are there. */
  evaluateAt(expression: string, at: EvaluateAt = {}): Promise<Evaluation> {
    return evaluateAt(this, expression, at);
  }

  /** Each expression's value in the stopped frame 0 (an IDE's watch panel); one that fails has its error. */
  evaluateEach(expressions: string[]): Promise<EvaluatedEach> {
    return evaluateEach(this, expressions);
  }

  /** Sets the variable a path names (`a.b[0]`) to an expression's value; the old value and the new. */
  setVariable(path: string, value: string, frame = 0, threadId?: number): Promise<VariableSet> {
    return setVariableAt(this, path, value, frame, threadId);
  }

  /** A stopped frame's variables: one by path, or its scopes (see variablesAt); locals not declared yet say so. */
  async variables(req: VariablesRequest): Promise<Variables> {
    const head = req.path ? /^[A-Za-z_$][\w$]*/.exec(req.path.trim())?.[0] : undefined;
    const later = head ? await undeclaredNames(this, [head], req.frame, req.threadId).catch(() => new Map<string, number>()) : new Map<string, number>();
    const line = head ? later.get(head) : undefined;
    if (head && line !== undefined) {
      if (req.path!.trim() !== head) throw new GatewayError(`'${req.path}' is not read: ${undeclaredWords(later)}`, `step past line ${line} first`, 'not-found');
      return { variable: { name: head, value: undeclaredText(line), variablesReference: 0, unreadable: true } };
    }
    const found = await variablesAt(this.inspectorFor(req.threadId), req);
    if ('scopes' in found) await this.markUndeclared(req.frame, found.scopes, req.threadId);
    return found;
  }

  /** Scopes of a stopped frame with their variables (of the focused thread unless given); locals not declared yet say so. */
  async frameVariables(frame: number, options: ExpandOptions & { scope?: string }, threadId?: number): Promise<ScopeNode[]> {
    const scopes = await this.inspectorFor(threadId).frameVariables(frame, options);
    await this.markUndeclared(frame, scopes, threadId);
    return scopes;
  }

  private async markUndeclared(frame: number, scopes: ScopeNode[], threadId?: number): Promise<void> {
    if (this.profile.trace?.declarations) await markUndeclared(this.profile, await this.frameAt(frame, threadId), scopes);
  }

  /** Reads of one thread's frames (undefined: the focused thread). */
  inspectorFor(threadId?: number): Inspector {
    return threadId === undefined ? this.inspector : new Inspector(this.reads.target(threadId), this.profile.variables);
  }

  /** The exception filters active in this session. */
  get exceptionFilters(): string[] {
    return this.sync.exceptionFilters;
  }

  /** Exception filters the adapter refused while configuring (sent again at the first stop), and why. */
  get unsetExceptionFilters(): { filters: string[]; reason: string } | undefined {
    const unset = this.sync.unsetFilters;
    return unset && { filters: unset.args.filters, reason: unset.reason };
  }

  /** Passes of a breakpoint this session saw (see BookBreakpoint.hits for which passes those are). */
  hitsHere(b: BookBreakpoint): number {
    return this.sync.hitsHere(b);
  }
}
