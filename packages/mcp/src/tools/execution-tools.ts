import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';
import { canonicalPath, stepIntoUserCode, type SessionManager } from '@dapgate/core';
import { frameLabel, sameActivation } from '../format/frames.js';
import { defineTool, params } from './register.js';
import { ok } from './result.js';
import { settle, DEFAULT_WAIT_MS } from './waiting.js';
import { addBreakpoints } from './breakpoint-tools.js';
import { describe, headline } from '../format/session.js';
import { outputs } from './output-schemas.js';
import { clip, shortPath } from '../format/text.js';

export function registerExecutionTools(server: McpServer, manager: SessionManager): void {
  defineTool(
    server,
    manager,
    'debug_run_to',
    {
      title: 'Run to',
      description: 'Continue to file:line and wait; a breakpoint may stop first.',
      input: { file: z.string(), line: z.number().int().min(1), sessionId: params.sessionId, threadId: params.threadId, timeoutMs: params.timeoutMs() },
      output: outputs.runTo,
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async (a, { signal, progress }) => {
      const s = manager.get(a.sessionId);
      s.requireLive('run to a line');
      const file = canonicalPath(a.file, s.cwd);
      const existing = manager.book.forFile(file, s.id).find((b) => b.line === a.line);
      const [temp] = existing ? [undefined] : await addBreakpoints(manager, [{ file: a.file, line: a.line, temporary: true, sessionId: s.id }], s.cwd);
      try {
        await s.continue(a.threadId);
        const d = await settle(s, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 3, progress, a.threadId);
        const stop = a.threadId === undefined ? s.stop : s.threads.get(a.threadId)?.stop;
        const reached = s.state === 'stopped' && stop?.frames[0]?.line !== undefined && (temp ? stop.breakpointIds.includes(temp.id) : stop.frames[0]!.line === existing?.line);
        if (s.state === 'stopped' && !reached) d.text = `Did not reach ${shortPath(file, s.cwd)}:${a.line}: ${d.text}`;
        return ok(d.text, { ...d.structured, reached });
      } finally {
        if (temp && manager.book.get(temp.id)) {
          manager.book.remove([temp.id]);
          await manager.synced();
        }
      }
    },
  );

  defineTool(
    server,
    manager,
    'debug_continue',
    {
      title: 'Continue',
      description: 'Resume; waits (unless wait: false) for the next stop or exit.',
      input: { sessionId: params.sessionId, threadId: params.threadId, wait: z.boolean().optional(), timeoutMs: params.timeoutMs() },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async (a, { signal, progress }) => {
      const s = manager.get(a.sessionId);
      await s.continue(a.threadId);
      if (a.wait === false) return ok(`Session ${s.id} resumed.`, { sessionId: s.id, state: s.state });
      const d = await settle(s, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 0, progress);
      if (a.threadId !== undefined) d.text = `Thread ${a.threadId} resumed.\n${d.text}`;
      return ok(d.text, d.structured);
    },
  );

  defineTool(
    server,
    manager,
    'debug_step',
    {
      title: 'Step',
      description: 'Step over, into or out (count times); shows where, what changed.',
      input: {
        kind: z.enum(['over', 'into', 'out']),
        library: z.boolean().optional(),
        count: z.number().int().min(1).max(100).optional(),
        sessionId: params.sessionId,
        threadId: params.threadId,
        timeoutMs: params.timeoutMs(),
      },
      output: outputs.step,
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async (a, { signal }) => {
      const s = manager.get(a.sessionId);
      const stepped = s.reads.thread(a.threadId, 'step');
      const before = stepped.stop;
      const snapshotBefore = await s.inspectorFor(stepped.id).snapshot(0).catch(() => new Map<string, string>());
      const startBefore = await s.inspectorFor(stepped.id).functionStart(0).catch(() => undefined);
      const count = a.count ?? 1;
      let done = 0;
      let outcome = 'stopped';
      const skipped: string[] = [];
      let exhausted = false;
      const timeoutMs = a.timeoutMs ?? DEFAULT_WAIT_MS;
      while (done < count) {
        if (a.kind === 'into' && !a.library) {
          const r = await stepIntoUserCode(s, stepped.id, before?.frames[0], timeoutMs, signal);
          ({ outcome, exhausted } = r);
          skipped.push(...r.skipped);
        } else {
          outcome = await s.step(a.kind, stepped.id, timeoutMs, signal);
        }
        done++;
        if (outcome !== 'stopped' || s.stop?.threadId !== stepped.id || (s.stop?.breakpointIds.length ?? 0) > 0) break;
      }
      const d = await describe(s, { locals: true });
      if (outcome === 'timeout') d.text += `\nThe step did not finish within ${timeoutMs} ms (the code may be blocked or long-running); debug_pause stops it.`;
      const lines = [d.text];
      if (skipped.length) lines.push(`Stepped back out of library code it entered: ${[...new Set(skipped)].join(', ')}${exhausted ? `; back on the line it started from after ${skipped.length} library calls (debug_step over moves on)` : ''} (library: true stops there).`);
      const adapterFilter = s.profile.stops.adapterLibraryFilter;
      if (a.library && a.kind === 'into' && adapterFilter) lines.push(`Note: ${adapterFilter}`);
      if (count > 1) lines.unshift(`Stepped ${a.kind} ${done} of ${count} time(s)${done < count && s.state === 'stopped' ? ' (stopped early at a breakpoint)' : ''}.`);
      if (s.state === 'stopped' && s.stop?.threadId !== stepped.id) {
        lines.push(`The step of thread ${stepped.id} has not finished: thread ${s.stop?.threadId} stopped first.`);
      } else if (s.state === 'stopped') {
        const startAfter = await s.inspectorFor(stepped.id).functionStart(0).catch(() => undefined);
        if (before && s.stop && sameActivation(before, s.stop, [startBefore, startAfter])) {
          const snapshotAfter = await s.inspectorFor(stepped.id).snapshot(0).catch(() => new Map<string, string>());
          const changes = diffLocals(snapshotBefore, snapshotAfter);
          lines.push(changes.length ? `Changed: ${changes.map((c) => `${c.name}: ${c.change}`).join('; ')}` : 'Changed: nothing');
          d.structured.changed = Object.fromEntries(changes.map((c) => [c.name, c.change]));
        } else if (s.stop?.frames[0]) {
          lines.push(`Now in a different function (${frameLabel(s.stop.frames[0], s.cwd)}).`);
        }
      }
      return ok(lines.join('\n'), d.structured);
    },
  );

  defineTool(
    server,
    manager,
    'debug_pause',
    {
      title: 'Pause',
      description: 'Pause a running session and show where it is.',
      input: { sessionId: params.sessionId, threadId: params.threadId, timeoutMs: params.timeoutMs(5_000) },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    async (a, { signal, progress }) => {
      const s = manager.get(a.sessionId);
      const thread = a.threadId === undefined ? undefined : s.threads.get(a.threadId);
      if (s.state === 'stopped' && (!thread || thread.state === 'stopped')) {
        const d = await describe(s, { threadId: thread?.id });
        return ok(`${d.text}\n(It was already stopped.)`, d.structured);
      }
      if (s.state === 'stopped' && thread) {
        // another thread is stopped already: wait for this one's own stop and show it
        await s.pause(thread.id);
        const outcome = await s.waitUntil(() => thread.state === 'stopped' || s.threads.get(thread.id) !== thread || !s.live, a.timeoutMs ?? 5_000, signal);
        if (thread.state !== 'stopped') return ok(`Thread ${thread.id} did not pause within ${a.timeoutMs ?? 5_000} ms (${outcome}); debug_threads shows its state.`, { sessionId: s.id, state: s.state });
        const d = await describe(s, { threadId: thread.id });
        return ok(d.text, d.structured);
      }
      const timeoutMs = a.timeoutMs ?? 5_000;
      const started = Date.now();
      if ((await s.pause(a.threadId, timeoutMs)) === 'unanswered' && s.state === 'running') {
        const text = `${headline(s)} was not paused: ${s.profile.adapter.name} did not answer 'pause' within ${timeoutMs} ms, and the program runs on. The session stays; a stop the adapter reports later is kept (debug_wait shows it); debug_stop ends the session.`;
        return ok(text, { sessionId: s.id, state: s.state, paused: false });
      }
      const d = await settle(s, Math.max(1, timeoutMs - (Date.now() - started)), signal, 3, progress);
      return ok(d.text, d.structured);
    },
  );

  defineTool(
    server,
    manager,
    'debug_wait',
    {
      title: 'Wait',
      description: `Wait for the session to stop or exit. Waits end after timeoutMs (default ${DEFAULT_WAIT_MS}).`,
      input: { sessionId: params.sessionId, timeoutMs: params.timeoutMs() },
      annotations: { readOnlyHint: true },
    },
    async (a, { signal, progress }) => {
      const s = manager.get(a.sessionId);
      const d = await settle(s, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 3, progress);
      return ok(d.text, d.structured);
    },
  );
}


/** What changed between two snapshots of a frame's locals, one entry per variable. */
export function diffLocals(before: Map<string, string>, after: Map<string, string>): { name: string; change: string }[] {
  const out: { name: string; change: string }[] = [];
  for (const [name, value] of after) {
    const old = before.get(name);
    if (old === undefined) out.push({ name, change: `(new) ${clip(value, 60)}` });
    else if (old !== value) out.push({ name, change: `${clip(old, 40)} -> ${clip(value, 60)}` });
  }
  for (const name of before.keys()) if (!after.has(name)) out.push({ name, change: '(gone)' });
  return out;
}
