export { shortPath } from '@dapgate/core';

/** Cuts a value to `max` characters and says how much was cut. */
export function clip(text: string, max: number): string {
  const oneLine = text.replace(/\r?\n/g, '\\n');
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, max)}… (${oneLine.length} chars)`;
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
