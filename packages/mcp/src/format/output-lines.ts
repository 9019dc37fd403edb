/** One output record as debug_output lists it. */
export interface OutputPiece {
  category: string;
  text: string;
}

/** Output categories marked in a mixed listing. */
const TAGGED = new Set(['stderr', 'logpoint']);

/**
 * Joins output records into text. Programs write a line in pieces (Python's print writes each
 * argument), and a logpoint or stderr line can arrive between two pieces; each category's pieces
 * are therefore joined into lines of their own, listed in the order the lines were completed, so
 * a logpoint never lands inside a program line. A category's unfinished line comes last. A
 * logpoint record is one message, however many lines it spans: its further lines are indented
 * under its first, so they read as one message, not as several.
 */
export function joinOutput(pieces: readonly OutputPiece[], tagged = true): string {
  const open = new Map<string, string>();
  let text = '';
  const label = (category: string, line: string) => (tagged && TAGGED.has(category) ? `[${category}] ${line}` : line);
  for (const p of pieces) {
    if (p.category === 'logpoint') {
      const [first, ...more] = p.text.replace(/\r?\n$/, '').split(/\r?\n/);
      const indent = ' '.repeat(tagged ? '[logpoint] '.length : 2);
      text += `${[label(p.category, first!), ...more.map((l) => indent + l)].join('\n')}\n`;
      continue;
    }
    const pending = (open.get(p.category) ?? '') + p.text;
    const end = pending.lastIndexOf('\n');
    if (end < 0) {
      open.set(p.category, pending);
      continue;
    }
    for (const line of pending.slice(0, end).split('\n')) text += `${label(p.category, line)}\n`;
    open.set(p.category, pending.slice(end + 1));
  }
  for (const [category, rest] of open) if (rest) text += label(category, rest);
  return text;
}
