import { z } from 'zod';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { outputs } from './output-schemas.js';
import { joinOutput } from '../format/output-lines.js';

const config = {
  title: 'Output',
  description: 'Output and logpoint messages after cursor since (the returned next), or the last tail lines.',
  input: {
    sessionId: params.sessionId,
    since: z.number().int().min(0).optional(),
    category: z.enum(['stdout', 'stderr', 'console', 'important', 'logpoint']).optional(),
    tail: z.number().int().min(1).max(1_000).optional(),
  },
  output: outputs.output,
  annotations: { readOnlyHint: true },
};

export async function debugOutput(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const since = a.since ?? 0;
  const r = s.output.read(since, (e) => !a.category || e.category === a.category);
  let entries = r.entries;
  const notes: string[] = [];
  if (a.tail) {
    // whole records from the end until `tail` lines are covered, so what is skipped is counted in records, like the cursors
    let lines = 0;
    let from = entries.length;
    while (from > 0 && lines < a.tail) lines += lineCount(entries[--from]!.text);
    entries = entries.slice(from);
    const cut = lines - a.tail; // the first record kept may hold more lines than asked for
    if (cut > 0 && entries[0]) entries[0] = { ...entries[0], text: entries[0].text.split('\n').slice(cut).join('\n') };
    const parts = [from > 0 ? `${from} earlier record${from === 1 ? '' : 's'}` : '', cut > 0 ? `the first ${cut} line${cut === 1 ? '' : 's'} of the record after them` : ''].filter(Boolean);
    if (parts.length) notes.push(`(${parts.join(' and ')} not shown: call with since: ${since} and no tail to read them)`);
  }
  let shown = 0;
  let used = 0;
  while (shown < entries.length && (shown === 0 || used + entries[shown]!.text.length <= OUTPUT_MAX_CHARS)) used += entries[shown++]!.text.length;
  const next = shown < entries.length ? entries[shown - 1]!.seq : r.next;
  let text = joinOutput(entries.slice(0, shown), !a.category);
  if (text.length > OUTPUT_MAX_CHARS) text = `${text.slice(0, OUTPUT_MAX_CHARS)}… (the rest of this record is cut)`;
  if (shown < entries.length) notes.push(`… ${entries.length - shown} more record${entries.length - shown === 1 ? '' : 's'}: call again with since: ${next}`);
  const head = r.dropped ? `(${r.dropped} older records were dropped: the log keeps about 1 MB)\n` : '';
  const body = `${head}${notes[0]?.startsWith('(') ? `${notes.shift()}\n` : ''}${text || '(no output)'}`;
  return ok(`${body}${notes.length ? `\n${notes.join('\n')}` : ''}\nnext: ${next} (records)`, { sessionId: s.id, state: s.state, output: text, next, dropped: r.dropped });
}

export const debugOutputTool = tool('debug_output', config, debugOutput);

const OUTPUT_MAX_CHARS = 8_000;

function lineCount(text: string): number {
  return Math.max(1, text.replace(/\n$/, '').split('\n').length);
}
