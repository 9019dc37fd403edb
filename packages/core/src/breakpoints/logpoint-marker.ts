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
