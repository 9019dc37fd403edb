import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Entry } from '../logs/cursor-log.js';

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
  reason: string;
  description?: string;
  text?: string;
  threadId: number;
  allThreadsStopped: boolean;
  /** Gateway breakpoint ids (bp1, ...) this stop was caused by. */
  breakpointIds: string[];
  /** The stopped thread's top frames, fetched when it stopped. */
  frames: DebugProtocol.StackFrame[];
  totalFrames?: number;
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
}

export interface Failure {
  reason: string;
  stderrTail: string;
}

export type WaitOutcome = 'stopped' | 'exited' | 'terminated' | 'failed' | 'timeout' | 'cancelled' | 'running';

export interface LaunchRequest {
  language?: string;
  program?: string;
  module?: string;
  mainClass?: string;
  classPaths?: string[];
  vmArgs?: string[];
  args?: string[];
  cwd?: string;
  env?: Record<string, string>;
  stopOnEntry?: boolean;
  adapterArgs?: Record<string, unknown>;
}

export interface AttachRequest {
  language: string;
  host?: string;
  port?: number;
  processId?: number;
  waitForTargetMs?: number;
  reconnect?: boolean;
  cwd?: string;
  adapterArgs?: Record<string, unknown>;
}
