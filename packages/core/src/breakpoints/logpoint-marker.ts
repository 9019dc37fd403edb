/**
 * Adapters print logpoint messages themselves, mixed with the program's output and mostly without
 * saying which logpoint printed (debugpy: an empty source; js-debug: plain stdout). dapgate sends
 * each logMessage between two invisible markers, the first naming its breakpoint, counts the
 * markers in the output and strips them, so logpoint hits are counted at no cost per hit and a
 * message that spans lines (its template, or a value holding a newline) is taken whole.
 */
const MARK = '\u2060';
const START = new RegExp(`${MARK}dapgate:(bp\\d+)${MARK}`, 'g');
const END = `${MARK}dapgate:end${MARK}`;

export function markLogMessage(id: string, message: string): string {
  return `${MARK}dapgate:${id}${MARK}${message}${END}`;
}

/**
 * Output split where logpoint messages are: each piece is either program output (`ids` empty)
 * or one message the adapter printed for a logpoint (markers removed; `ids` names its breakpoint),
 * with the rest of the line it ends. Adapters may deliver both in one output event; each prints a
 * message in one event. A message whose end marker is not in the event (cut by the adapter) is
 * taken to its line's end, the old way.
 */
export function splitLogpointOutput(text: string): { text: string; ids: string[] }[] {
  if (!text.includes(MARK)) return [{ text, ids: [] }];
  const pieces: { text: string; ids: string[] }[] = [];
  const add = (piece: { text: string; ids: string[] }) => {
    if (!piece.text && !piece.ids.length) return;
    const last = pieces[pieces.length - 1];
    if (last && last.ids.length === 0 && piece.ids.length === 0) last.text += piece.text;
    else pieces.push(piece);
  };
  let at = 0;
  while (at < text.length) {
    START.lastIndex = at;
    const start = START.exec(text);
    if (!start) {
      add(takeLogpointMarkers(text.slice(at)));
      break;
    }
    const lineStart = text.lastIndexOf('\n', start.index - 1) + 1; // what the adapter printed before the message on its line goes with it
    if (lineStart > at) add({ text: text.slice(at, lineStart), ids: [] });
    const end = text.indexOf(END, START.lastIndex);
    const stop = end >= 0 ? lineEnd(text, end + END.length) : lineEnd(text, START.lastIndex);
    add(takeLogpointMarkers(text.slice(Math.max(at, lineStart), stop)));
    at = stop;
  }
  return pieces;
}

/** The index just past the newline that ends the line `from` is in (the text's end without one). */
function lineEnd(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl < 0 ? text.length : nl + 1;
}

/** The output without markers, and the breakpoint ids it named (one per printed message). */
export function takeLogpointMarkers(text: string): { text: string; ids: string[] } {
  if (!text.includes(MARK)) return { text, ids: [] };
  const ids: string[] = [];
  const clean = text
    .replace(START, (_, id: string) => {
      ids.push(id);
      return '';
    })
    .split(END)
    .join('');
  return { text: clean, ids };
}
