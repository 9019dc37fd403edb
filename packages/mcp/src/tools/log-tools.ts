import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { SessionManager } from '@dapgate/core';
import { defineTool, params } from './register.js';
import { ok } from './result.js';
import { tailText } from '../format/text.js';

const OUTPUT_MAX_CHARS = 8_000;

export function registerLogTools(server: McpServer, manager: SessionManager): void {
  defineTool(
    server,
    manager,
    'debug_events',
    {
      description:
        'Session events (stopped, continued, exited, breakpoint, thread, output, state changes, adapter failures) after a cursor. Pass the returned `next` as `since` to get only new ones; waitMs long-polls until something arrives.',
      input: {
        sessionId: params.sessionId,
        since: z.number().int().min(0).optional().describe('cursor from a previous call (default 0 = from the start)'),
        types: z.array(z.string()).optional().describe('only these event types, e.g. ["stopped","exited"]'),
        waitMs: z.number().int().min(0).max(60_000).optional().describe('wait up to this long for a new event (default 0)'),
        max: z.number().int().min(1).max(500).optional().describe('at most this many events (default 50)'),
      },
      annotations: { readOnlyHint: true },
    },
    async (a, { signal }) => {
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
    },
  );

  defineTool(
    server,
    manager,
    'debug_output',
    {
      description: 'What the program printed (stdout, stderr, console) after a cursor, or only the last lines (`tail`). Pass the returned `next` as `since` next time.',
      input: {
        sessionId: params.sessionId,
        since: z.number().int().min(0).optional().describe('cursor from a previous call (default 0)'),
        category: z.enum(['stdout', 'stderr', 'console', 'important']).optional().describe('only this stream'),
        tail: z.number().int().min(1).max(1_000).optional().describe('only the last N lines'),
      },
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      const r = s.output.read(a.since ?? 0, (e) => !a.category || e.category === a.category);
      let text = r.entries.map((e) => (e.category === 'stderr' && !a.category ? `[stderr] ${e.text}` : e.text)).join('');
      const total = text.length;
      if (a.tail) text = tailText(text, a.tail, OUTPUT_MAX_CHARS);
      else if (text.length > OUTPUT_MAX_CHARS) text = `${text.slice(0, OUTPUT_MAX_CHARS)}\n… ${total - OUTPUT_MAX_CHARS} more characters (call again with tail, or a later since)`;
      const head = r.dropped ? `(${r.dropped} older chunks were dropped: the log keeps about 1 MB)\n` : '';
      return ok(`${head}${text || '(no output)'}\nnext: ${r.next}`, { sessionId: s.id, state: s.state, output: text, next: r.next, dropped: r.dropped });
    },
  );
}
