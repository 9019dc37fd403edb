import type { ErrorStep, GatewayError, NextStep } from '@dapgate/core';

/** Core's next-step codes in this front end's words, naming its tools (a few name the step's session). */
const WORDING: Record<NextStep, string | ((step: ErrorStep) => string)> = {
  'new-session': 'start a new session with debug_launch or debug_attach',
  'new-session-after-failure': 'start a new session with debug_launch or debug_attach; debug_diagnose shows what the adapter said',
  'new-session-diagnose': 'start a new session; debug_diagnose shows the adapter traffic',
  'start-session': 'start one with debug_launch or debug_attach',
  'start-session-explained': 'start one with debug_launch (a program) or debug_attach (a running target)',
  'launch-instead': 'use debug_launch',
  'watch-while-stopped': 'use debug_breakpoint_set {watch, sessionId} while the program is stopped',
  'pause-or-wait': 'use debug_pause to stop it, or debug_wait for a breakpoint',
  'read-output-or-relaunch': 'see debug_output for what it printed, or launch it again',
  'list-frames': 'list frames with debug_stack',
  'list-threads': 'debug_threads lists the threads and their states',
  'check-status': 'it may have exited: check debug_status',
  'inspect-readonly': 'read state with debug_variables, or use expressions without calls and assignments; the operator chooses the mode (--eval-mode)',
  'inspect-without-evaluating': 'inspect state without it (debug_variables); the operator chooses the mode (--eval-mode)',
  'pick-process': 'debug_attach {language} with neither port nor processId lists the processes it can attach to',
  'start-attach-target': 'debug_languages shows how to start a target to attach to',
  'reattach-lost': (s) => `attach to it again with debug_attach {reattach: "${s.session}"}`,
  'launch-again': 'launch it again with debug_launch',
  'list-lost-sessions': 'debug_sessions lists the sessions lost in a gateway restart',
  'stop-session': (s) => `use session ${s.session}, or end it first with debug_stop {sessionId: "${s.session}"}`,
  'status-later': 'debug_status shows when the session answers again, debug_diagnose what is pending; debug_stop ends it if it never does',
  'list-breakpoints': 'list them with debug_breakpoints',
  'function-names': 'write the function as debug_languages shows',
  'status-and-pending': 'debug_status shows whether the session is still live; debug_diagnose shows what is pending',
  'status-or-new-session': 'check debug_status; start a new session if it ended',
  'assign-by-evaluating': 'use debug_evaluate with an assignment where the language allows it',
};

function worded(step: ErrorStep): string | undefined {
  const w = step.next ? WORDING[step.next] : undefined;
  return typeof w === 'function' ? w(step) : w;
}

/** What was refused, named as this front end's tools name it. */
const REFUSED_USE: Record<string, string> = { setVariable: 'debug_set_variable' };

/** The error's message, with what core says generically named as this front end's tool. */
export function messageOf(e: GatewayError): string {
  const { use, reason } = e.step ?? {};
  return use && reason && REFUSED_USE[use] ? `${REFUSED_USE[use]} ${reason}` : e.message;
}

/** What to do next: the step's wording, then core's plain advice. */
export function nextOf(e: GatewayError): string | undefined {
  const parts = [e.step ? worded(e.step) : undefined, e.hint].filter((x): x is string => !!x);
  return parts.length ? parts.join('. ') : undefined;
}
