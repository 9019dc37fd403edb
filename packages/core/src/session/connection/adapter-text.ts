/** Adapter messages made short: the stack traces some adapters append say nothing to an agent. */
import { AdapterTimeoutError } from '../../adapter-errors.js';
import { GatewayError } from '../../errors.js';

/** An adapter's error message without the stack trace some append (java-debug: 8 lines of `at ...`). */
export function withoutStackTrace(message: string): string {
  const lines = message.split('\n');
  const firstFrame = lines.findIndex((l, i) => i > 0 && /^\s*(at\s|Caused by:|\.\.\. \d+ more)/.test(l));
  return (firstFrame < 0 ? lines : lines.slice(0, firstFrame)).join('\n').trimEnd();
}

/** Output without stack frame lines (`at ...`, `... 9 more`): the lines around them say what happened. */
function withoutStackFrames(text: string): string {
  return text
    .split('\n')
    .filter((l) => !/^\s*(at\s|\.\.\. \d+ more)/.test(l))
    .join('\n')
    .trim();
}

/** The last lines of an adapter's stderr, without stack frames, as a hint for an error; undefined if empty. */
export function stderrHint(stderrTail: string): string | undefined {
  const tail = withoutStackFrames(stderrTail).split('\n').slice(-8).join('\n');
  return tail ? `Adapter stderr (last lines):\n${tail}` : undefined;
}

/** Why a session could not start; an attach whose `initialize` went unanswered most likely reached a port that is not the debugger's. */
export function startFailure(e: unknown, kind: 'launch' | 'attach', at: { host: string; port: number } | undefined): string {
  if (!(e instanceof AdapterTimeoutError)) return withoutStackTrace((e as Error)?.message ?? String(e));
  const silent =
    e.command === 'initialize' && kind === 'attach' && at
      ? ` (something on ${at.host}:${at.port} accepted the connection but did not answer as a debugger: check that this port is the debugger's, not the program's own)`
      : '';
  return `the adapter did not answer '${e.command}' within ${e.timeoutMs} ms${silent}`;
}

/**
 * A request the adapter did not answer in time, said as it is: most make the session failed (an
 * adapter that stops answering is not trusted with the next request); an evaluation does not (the
 * expression may still be running in the program), and the answer must not send the agent away
 * from a live session.
 */
export function unansweredRequest(e: AdapterTimeoutError, failed: boolean, state: string, stderrTail: string): GatewayError {
  if (failed) return new GatewayError(`${e.message}; the session is marked failed (an adapter that stops answering is not trusted with another request)`, stderrHint(stderrTail), { code: 'session-failed', next: 'new-session-diagnose' });
  const running = e.command === 'evaluate' ? ': the expression may still be running in the program, and the adapter may answer nothing else until it ends' : '';
  return new GatewayError(`${e.message}; the session is not failed (it is ${state})${running}`, undefined, { code: 'request-timeout', next: 'status-later' });
}
