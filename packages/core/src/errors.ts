/**
 * Why a request could not be done, as a code the front end (packages/mcp) turns into wording and
 * tool names. Core never names tools.
 */
export type ErrorCode =
  | 'no-session'
  | 'unknown-session'
  | 'session-failed'
  | 'session-ended'
  | 'program-exited'
  | 'not-stopped'
  | 'no-threads'
  | 'no-frame'
  | 'not-supported'
  | 'start-failed'
  | 'no-attach'
  | 'watch-needs-stop'
  | 'policy-refused'
  | 'already-attached'
  /** the adapter did not answer one request in time; the session lives on */
  | 'request-timeout'
  /** the adapter refused a request (its own words are the message) */
  | 'adapter-refused'
  /** the adapter's connection closed under a request */
  | 'adapter-closed'
  /** no breakpoint has that id, or none is in that file (and line) */
  | 'unknown-breakpoint'
  /** the line of a breakpoint does not hold the text the agent expected there */
  | 'content-mismatch'
  /** the arguments contradict each other, miss one the request needs, or are malformed */
  | 'bad-arguments'
  /** a file, program, folder, name, test or configuration the request names does not exist */
  | 'not-found'
  /** the request fits several things and dapgate does not guess which one is meant */
  | 'ambiguous'
  /** a breakpoint set already stands where this one would go */
  | 'conflict'
  /** a tool the request needs (a compiler, an SDK, Maven, cargo, gdb, jcmd) is not installed */
  | 'toolchain-missing'
  /** building, compiling or fetching what the program needs failed */
  | 'build-failed'
  /** a file dapgate reads (launch.json) says something it cannot use */
  | 'invalid-config';

/** What the agent can do next, as a code; the front end says it in its own terms. */
export type NextStep =
  /** start a new session (launch or attach) */
  | 'new-session'
  /** start a new session; the adapter's own words explain the failure */
  | 'new-session-after-failure'
  /** start a new session; the adapter traffic shows what went wrong */
  | 'new-session-diagnose'
  /** start a session (there is none by that id) */
  | 'start-session'
  /** start a session: launch a program or attach to a running target */
  | 'start-session-explained'
  | 'launch-instead'
  | 'watch-while-stopped'
  | 'pause-or-wait'
  | 'read-output-or-relaunch'
  | 'list-frames'
  /** name a thread the session has (the thread list shows them) */
  | 'list-threads'
  | 'check-status'
  /** the operator's mode is readonly: read variables, or use side-effect-free expressions */
  | 'inspect-readonly'
  /** the operator's mode blocks this: read variables instead */
  | 'inspect-without-evaluating'
  /** list the processes this language could attach to (an attach with neither port nor process id) */
  | 'pick-process'
  /** learn how to start a target under a debugger (the language's attach instructions) */
  | 'start-attach-target'
  /** attach again to the session `session` lost in a gateway restart */
  | 'reattach-lost'
  /** launch the program again (a launched session does not come back after a restart) */
  | 'launch-again'
  /** list the sessions lost in a gateway restart */
  | 'list-lost-sessions'
  /** use the session `session`, or end it first */
  | 'stop-session'
  /** the session may answer again later: check its state; its pending requests show what it is busy with */
  | 'status-later'
  /** list the breakpoints set */
  | 'list-breakpoints'
  /** write the function as the language's description shows */
  | 'function-names'
  /** the adapter cannot set variables: evaluate an assignment where the language has one */
  | 'assign-by-evaluating'
  /** whether the session still lives, and what it has pending, are shown by its status and diagnosis */
  | 'status-and-pending'
  /** check the session's state; start a new one if it ended */
  | 'status-or-new-session';

export interface ErrorStep {
  code: ErrorCode;
  /** The next step, if there is one beyond `hint`. */
  next?: NextStep;
  /** policy-refused: what was refused (an EvalUse) and why, so a front end can name it its way. */
  use?: string;
  reason?: string;
  /** The session the next step is about (reattach-lost, stop-session). */
  session?: string;
}

/**
 * An error meant for the agent: what went wrong and what to do next. `hint` is plain advice that
 * needs no tool names; `step` says the rest as codes. Front ends turn both into their wording.
 */
export class GatewayError extends Error {
  readonly step?: ErrorStep;

  constructor(
    message: string,
    readonly hint?: string,
    step?: ErrorStep | ErrorCode,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'GatewayError';
    this.step = typeof step === 'string' ? { code: step } : step;
  }

  /** Why it failed, as a code (every error core and the front end throw carries one). */
  get code(): ErrorCode | undefined {
    return this.step?.code;
  }
}
