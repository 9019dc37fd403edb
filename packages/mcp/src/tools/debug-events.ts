import { z } from 'zod';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { outputs } from './output-schemas.js';

const config = {
  title: 'Events',
  description: 'Events (stopped, exited, ...) after cursor since (the returned next).',
  input: {
    sessionId: params.sessionId,
    since: z.number().int().min(0).optional(),
    types: z.array(z.string()).optional(),
    waitMs: z.number().int().min(0).max(60_000).optional().describe('long-poll'),
    max: z.number().int().min(1).max(500).optional(),
  },
  output: outputs.events,
  annotations: { readOnlyHint: true },
};

export async function debugEvents(a: ToolArgs<typeof config.input>, { manager, signal }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const since = a.since ?? 0;
  const filter = (e: { type: string }) => !a.types || a.types.includes(e.type);
  const deadline = Date.now() + (a.waitMs ?? 0);
  let r = s.events.read(since, filter, a.max ?? 50);
  while (r.entries.length === 0 && Date.now() < deadline && !signal.aborted) {
    await s.events.waitForNewer(r.next, deadline - Date.now(), signal);
    r = s.events.read(since, filter, a.max ?? 50);
  }
  const t0 = s.startedAt;
  const lines = r.entries.map((e) => `#${e.seq} +${e.at - t0}ms ${e.type}: ${e.summary}`);
  if (r.dropped) lines.unshift(`(${r.dropped} older events were dropped: the log keeps the latest 1000)`);
  if (r.more) lines.push(`(more: call again with since: ${r.next})`);
  const text = `${lines.length ? lines.join('\n') : 'No new events.'}\nnext: ${r.next}`;
  return ok(text, {
    sessionId: s.id,
    state: s.state,
    events: r.entries.map((e) => ({ seq: e.seq, at: e.at, type: e.type, summary: e.summary })),
    next: r.next,
    dropped: r.dropped,
  });
}

export const debugEventsTool = tool('debug_events', config, debugEvents);
