import { z } from 'zod';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { frameFile } from '../format/frames.js';
import { atBreakpoints } from '../format/breakpoint-owners.js';
import { outputs } from './output-schemas.js';
import { shortPath } from '../format/text.js';

const config = {
  title: 'Threads',
  description: 'Threads: the stopped one first, at most limit (default 100).',
  input: { sessionId: params.sessionId, limit: z.number().int().min(1).max(2_000).optional() },
  output: outputs.threads,
  annotations: { readOnlyHint: true },
};

export async function debugThreads(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const { unlistedWhileRunning, ordered, listed, stopped, focus, cappedAt } = await s.threadsOverview();
  if (unlistedWhileRunning) {
    const text = `${s.profile.adapter.name} cannot list the threads of a running program (session ${s.id} is running); debug_pause stops it, then debug_threads lists them all.`;
    return ok(text, { sessionId: s.id, state: s.state, threads: [], unlistedWhileRunning: true });
  }
  const limit = a.limit ?? 100;
  const rows = ordered.slice(0, limit).map((t) => {
    const top = t.stop?.frames[0];
    const why = t.state !== 'stopped' ? undefined : t.stop ? (t.stop.breakpointIds.length ? atBreakpoints(s, t.stop.breakpointIds) : t.stop.reason) : 'paused with the others';
    return { id: t.id, name: t.name, state: t.state, ...(why ? { reason: why } : {}), ...(top ? { file: frameFile(top), line: top.line, function: top.name } : {}), current: t === focus, target: s.targetName(t) };
  });
  const targets = new Set(rows.map((r) => r.target));
  const line = (r: (typeof rows)[number]) =>
    `${r.current ? '*' : ' '} ${r.id} ${r.name ?? ''} (${r.state}${r.reason ? `: ${r.reason}` : ''})${r.file ? ` ${shortPath(r.file, s.cwd)}:${r.line} in ${r.function}` : ''}${targets.size > 1 ? ` [${r.target}]` : ''}`;
  const count = cappedAt !== undefined ? `at least ${listed} (${s.profile.adapter.name} lists at most ${cappedAt})` : `${listed}`;
  const more = ordered.length > rows.length ? `… ${ordered.length - rows.length} more (pass limit to see more); ` : '';
  const text = rows.length ? `${rows.map(line).join('\n')}\n${more}${count} threads: ${stopped} stopped, ${listed - stopped} running.` : `No threads (session ${s.state}).`;
  return ok(text, { sessionId: s.id, state: s.state, total: listed, stopped, threads: rows, ...(cappedAt !== undefined ? { totalIsLowerBound: true } : {}) });
}

export const debugThreadsTool = tool('debug_threads', config, debugThreads);
