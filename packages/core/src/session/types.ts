import type { BuiltSource } from './reads/built-sources.js';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Entry } from '../logs/cursor-log.js';
import type { Profile } from '../profiles/schema.js';
import type { BreakpointBook } from '../breakpoints/book.js';
import type { EvalMode } from '../policy/evaluation.js';
import type { AdapterPool } from './connection/adapter-pool.js';

export type SessionState =
  | 'initializing'
  | 'configuring'
  | 'running'
  | 'stopped'
  | 'exited'
  | 'terminated'
  | 'failed'
  | 'reconnecting';

/** States after which the session can do nothing more. */
export const FINAL_STATES: ReadonlySet<SessionState> = new Set(['terminated', 'failed']);
/** States a wait ends in. */
export const SETTLED_STATES: ReadonlySet<SessionState> = new Set(['stopped', 'exited', 'terminated', 'failed']);

export interface StopInfo {
  /** The order of stops in the session (1, 2, ...). */
  seq: number;
  /** Frames fetched and the stop attributed: answers may describe it. */
  ready: boolean;
  reason: string;
  description?: string;
  text?: string;
  /** The session's id of the thread (see ThreadTable; the adapter's own id when that is free). */
  threadId: number;
  allThreadsStopped: boolean;
  /** Gateway breakpoint ids (bp1, ...) this stop was caused by. */
  breakpointIds: string[];
  /** The stopped thread's top frames, fetched when it stopped. */
  frames: DebugProtocol.StackFrame[];
  /**
   * The frame where execution is paused when the frames above it are an exception's traceback
   * (the profile's `stops.pausedFrame` marked its name: debugpy's " (Current frame)"); a step goes on there.
   */
  pausedFrame?: number;
  /** The stack's depth: exact when `totalFramesExact`, else the adapter's figure (DAP lets it estimate). */
  totalFrames?: number;
  totalFramesExact?: boolean;
  /**
   * The return values the step that ended here produced (see `freshReturns`); at any other stop the
   * adapter's return values are of calls made before it, not shown as this stop's.
   */
  freshReturns?: string[];
  /** Return values the step may have produced again with the same value, or left from before (see `freshReturns`). */
  unsureReturns?: string[];
  at: number;
}

export interface SessionEvent extends Entry {
  type: string;
  summary: string;
  body?: unknown;
}

export interface OutputEntry extends Entry {
  category: string;
  text: string;
  /** A logpoint's message: the breakpoint that printed it. */
  breakpointIds?: string[];
}

export interface Failure {
  reason: string;
  stderrTail: string;
}

export type WaitOutcome = 'stopped' | 'exited' | 'terminated' | 'failed' | 'timeout' | 'cancelled' | 'running';

/** An expression evaluated at an exception stop; a result matching `handled` means the exception was handled (the stop is not one). */
export interface ExceptionStopCheck {
  expression: string;
  context: string;
  handled: string;
}

export interface LaunchRequest {
  language?: string;
  program?: string;
  /** Language-only arguments the profiles declare (`fields`), e.g. a module or main class. */
  fields?: Record<string, unknown>;
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  stopOnEntry?: boolean;
  adapterArgs?: Record<string, unknown>;
  /** More template variables for the profile's launch template and hooks (debug_test's runtimeArgs, sourcePaths, ...). */
  templateVars?: Record<string, unknown>;
  /** Exception filters for this launch instead of the profile's defaults (debug_test). */
  exceptionFilters?: string[];
  exceptionFilterOptions?: DebugProtocol.ExceptionFilterOptions[];
  /** Exception stops this check says were handled are resumed unseen (debug_test: the profile's `test.handledCheck`). */
  exceptionStopCheck?: ExceptionStopCheck;
  /** An id from `SessionManager.reserveSessionId()`, for breakpoints that must belong to this session only (debug_test's failure breakpoints). */
  sessionId?: string;
}

export interface AttachRequest {
  language?: string;
  /** An id from `SessionManager.reserveSessionId()`: the breakpoints given to the attach are its own. */
  sessionId?: string;
  host?: string;
  port?: number;
  processId?: number;
  waitForTargetMs?: number;
  reconnect?: boolean;
  cwd?: string;
  /** Exception filters applied before a waiting target resumes (default: the profile's). */
  exceptionFilters?: string[];
  /**
   * Stay stopped where the attach stopped the target (profiles whose attach arguments template
   * `${stopOnEntry}`): a snapshot then reads it without a pause, which an idle target may never honour.
   */
  stopOnEntry?: boolean;
  /** Language-only arguments the profiles declare (`fields`). */
  fields?: Record<string, unknown>;
  adapterArgs?: Record<string, unknown>;
}

export interface SessionConfig {
  id: string;
  profile: Profile;
  kind: 'launch' | 'attach';
  /** A short description of what is debugged, e.g. "python ledger.py". */
  target: string;
  cwd: string;
  /** The filled DAP launch/attach arguments. */
  requestArguments: Record<string, unknown>;
  /** Adapter command line, when the adapter is spawned. */
  adapterCommand?: string[];
  adapterEnv?: Record<string, string>;
  /** The adapter's working directory (default: the gateway's). */
  adapterCwd?: string;
  /** For a `target` connection: where the debuggee serves DAP. */
  targetAddress?: { host: string; port: number; waitMs: number };
  book: BreakpointBook;
  /** undefined: the profile's defaults, else the adapter's. */
  exceptionFilters: string[] | undefined;
  /** Filters with a condition (DAP filterOptions), sent with `exceptionFilters` until the agent chooses filters. */
  exceptionFilterOptions?: DebugProtocol.ExceptionFilterOptions[];
  /** Exception stops this check says were handled are resumed unseen. */
  exceptionStopCheck?: ExceptionStopCheck;
  requestTimeoutMs?: number;
  startTimeoutMs?: number;
  /** Evaluated in the target after each attach (profile `attach.evaluateOnAttach`), unguarded, answer ignored. */
  evaluateOnAttach?: string;
  /** attach: where the target listens (to find its pid, and to check that it ended). */
  attachAddress?: { host: string; port: number };
  /** attach: the target's pid, when the attach named it. */
  targetPid?: number;
  /** attach: when the target goes away, keep the session and re-attach. */
  reconnect?: boolean;
  /** The operator's evaluation mode (policy/evaluation.ts). */
  evalMode?: EvalMode;
  /** The source folders the build compiled, optimized or not, as it said (TemplateVars.builtSources). */
  builtSources?: BuiltSource[];
  /** Where warm adapters come from (session/connection/adapter-pool.ts). */
  pool?: AdapterPool;
}

/** What a launch or an attach adds to a session's configuration. */
export type StartExtras = Partial<Pick<SessionConfig, 'reconnect' | 'attachAddress' | 'targetPid' | 'exceptionFilters' | 'exceptionFilterOptions' | 'exceptionStopCheck' | 'adapterCwd' | 'evaluateOnAttach' | 'builtSources'>> & {
  sessionId?: string;
  /** The adapter's command line, already being resolved (a launch starts that before its hooks run). */
  adapterCommand?: Promise<string[]>;
};

/** A session about to start: its profile, what it debugs, and the profile's DAP request for it. */
export interface StartPlan {
  profile: Profile;
  kind: 'launch' | 'attach';
  target: string;
  cwd: string;
  requestArguments: Record<string, unknown>;
  /** For a `target` connection: where the debuggee serves DAP. */
  targetAddress: { host: string; port: number; waitMs: number } | undefined;
  extra: StartExtras;
}
