/** Adapter messages made short: the stack traces some adapters append say nothing to an agent. */

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
