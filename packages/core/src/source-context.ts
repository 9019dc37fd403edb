/** Numbered lines around `line` with a `>` marker on it. */
export function contextBlock(lines: string[], line: number, before = 2, after = 2): string {
  const from = Math.max(1, line - before);
  const to = Math.min(lines.length, line + after);
  const width = String(to).length;
  const out: string[] = [];
  for (let n = from; n <= to; n++) {
    const text = lines[n - 1] ?? '';
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`);
  }
  return out.join('\n');
}
