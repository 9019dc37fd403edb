export { shortPath } from '@dapgate/core';

const ESCAPES: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\t': '\\t', '\b': '\\b', '\f': '\\f' };

/**
 * Cuts a value to `max` characters and says how much was cut; on one line, every control
 * character escaped (a CR kept apart from the newline it precedes, a tab or backspace visible).
 */
export function clip(text: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  const oneLine = text.replace(/[\u0000-\u001f\u007f]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max)}… (${oneLine.length} chars)`;
}

/**
 * Two values of one variable, each cut to `max`: where they are long and differ far in, both are
 * shown from a little before the first difference (`…` in front), so the change is within the cut.
 */
export function changedPair(from: string, to: string, fromMax: number, toMax = fromMax): [string, string] {
  let d = 0;
  while (d < from.length && from[d] === to[d]) d++;
  const context = Math.max(20, Math.floor(fromMax / 4));
  const skip = (from.length > fromMax || to.length > toMax) && d > context + 10 ? d - context : 0;
  return skip ? [clip(`…${from.slice(skip)}`, fromMax), clip(`…${to.slice(skip)}`, toMax)] : [clip(from, fromMax), clip(to, toMax)];
}

export function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

/** Keeps the last `maxLines` lines and `maxChars` characters of a text, saying what was cut. */
export function tailText(text: string, maxLines: number, maxChars: number): string {
  let lines = text.replace(/\n$/, '').split('\n');
  let cut = 0;
  if (lines.length > maxLines) {
    cut = lines.length - maxLines;
    lines = lines.slice(-maxLines);
  }
  let out = lines.join('\n');
  if (out.length > maxChars) out = `…${out.slice(out.length - maxChars)}`;
  return cut ? `(${cut} earlier lines not shown)\n${out}` : out;
}
