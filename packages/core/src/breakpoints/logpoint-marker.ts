/**
 * Adapters print logpoint messages themselves, mixed with the program's output and mostly without
 * saying which logpoint printed (debugpy: an empty source; js-debug: plain stdout). dapgate sends
 * each logMessage with an invisible marker naming its breakpoint, counts the markers in the
 * output and strips them, so logpoint hits are counted at no cost per hit.
 */
const MARK = '\u2060';
const MARKER = new RegExp(`${MARK}dapgate:(bp\\d+)${MARK}`, 'g');

export function markLogMessage(id: string, message: string): string {
  return `${MARK}dapgate:${id}${MARK}${message}`;
}

/**
 * Output split where logpoint messages are: each piece is either program output (`ids` empty)
 * or one line the adapter printed for a logpoint (marker removed; `ids` names its breakpoint).
 * Adapters may deliver both in one output event.
 */
export function splitLogpointOutput(text: string): { text: string; ids: string[] }[] {
  if (!text.includes(MARK)) return [{ text, ids: [] }];
  const pieces: { text: string; ids: string[] }[] = [];
  for (const line of text.match(/[^\n]*(?:\n|$)/g) ?? []) {
    if (!line) continue;
    const taken = takeLogpointMarkers(line);
    const last = pieces[pieces.length - 1];
    if (last && last.ids.length === 0 && taken.ids.length === 0) last.text += taken.text;
    else pieces.push(taken);
  }
  return pieces;
}

/** The output without markers, and the breakpoint ids it named (one per printed message). */
export function takeLogpointMarkers(text: string): { text: string; ids: string[] } {
  if (!text.includes(MARK)) return { text, ids: [] };
  const ids: string[] = [];
  const clean = text.replace(MARKER, (_, id: string) => {
    ids.push(id);
    return '';
  });
  return { text: clean, ids };
}
