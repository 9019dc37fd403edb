import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { canonicalPath, GatewayError, type BookBreakpoint, type SessionManager } from '@dapgate/core';
import { defineTool, params } from './register.js';
import { ok } from './result.js';
import { settle, DEFAULT_WAIT_MS } from './waiting.js';
import { addBreakpoints } from './breakpoint-tools.js';
import { contextBlock, sourceLines } from '../format/source.js';
import { describe } from '../format/session.js';
import { localsLine } from '../format/values.js';
import { clip, shortPath } from '../format/text.js';

export function registerExtraTools(server: McpServer, manager: SessionManager): void {
  defineTool(
    server,
    manager,
    'debug_run_to',
    {
      description: 'Run to file:line (a temporary breakpoint, then continue and wait). Stops earlier if another breakpoint hits.',
      input: { file: z.string().describe('source file, absolute or relative to the session cwd'), line: z.number().int().min(1), sessionId: params.sessionId, timeoutMs: params.timeoutMs(DEFAULT_WAIT_MS) },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    async (a, { signal, progress }) => {
      const s = manager.get(a.sessionId);
      s.requireLive('run to a line');
      const file = canonicalPath(a.file, s.cwd);
      const existing = manager.book.forFile(file).find((b) => b.line === a.line);
      const [temp] = existing ? [undefined] : await addBreakpoints(manager, [{ file: a.file, line: a.line, temporary: true }], s.cwd);
      try {
        await s.continue();
        const d = await settle(s, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 3, progress);
        const reached = s.state === 'stopped' && s.stop?.frames[0]?.line !== undefined && (temp ? s.stop.breakpointIds.includes(temp.id) : s.stop.frames[0]!.line === existing?.line);
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
    'debug_set_variable',
    {
      description: 'Set a variable or member in a stopped frame, e.g. {path: "total", value: "0"} or {path: "order.items[0].qty", value: "3"}. The value is an expression in the program\'s language.',
      input: { path: z.string().describe('variable path'), value: z.string().describe('new value, as an expression'), frame: params.frame, sessionId: params.sessionId },
      annotations: { destructiveHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      if (!s.capabilities.supportsSetVariable) throw new GatewayError(`${s.profile.adapter.name} cannot set variables`, 'use debug_evaluate with an assignment where the language allows it');
      const inspector = s.inspector;
      const { node, parentRef } = await inspector.resolvePath(a.frame ?? 0, a.path);
      const old = node.value;
      const r = await s.reads.setVariable(parentRef, node.name, a.value);
      return ok(`${a.path}: ${clip(old, 60)} -> ${clip(r.value, 120)}`, { sessionId: s.id, state: s.state, path: a.path, old, value: r.value, ...(r.type ? { type: r.type } : {}) });
    },
  );

  defineTool(
    server,
    manager,
    'debug_source',
    {
      description: 'Source lines around a location (default: where the session is stopped), from disk or, for code only the debugger has, by sourceReference.',
      input: {
        file: z.string().optional().describe('file path (default: the current frame\'s file)'),
        line: z.number().int().min(1).optional().describe('center line (default: the current line, or 1)'),
        context: z.number().int().min(0).max(200).optional().describe('lines before and after (default 10)'),
        sourceReference: z.number().int().optional().describe('a sourceReference from debug_stack'),
        sessionId: params.sessionId,
      },
      annotations: { readOnlyHint: true },
    },
    async (a) => {
      const ctx = a.context ?? 10;
      let lines: string[] | undefined;
      let label: string;
      let line = a.line;
      if (a.sourceReference !== undefined) {
        const s = manager.get(a.sessionId);
        lines = (await s.reads.source(a.sourceReference)).split(/\r?\n/);
        label = `sourceReference ${a.sourceReference}`;
      } else if (a.file) {
        const cwd = a.sessionId ? manager.get(a.sessionId).cwd : manager.defaultCwd();
        const path = canonicalPath(a.file, cwd);
        try {
          lines = readFileSync(path, 'utf8').split(/\r?\n/);
        } catch {
          throw new GatewayError(`cannot read '${a.file}' (looked at ${path})`, 'pass an absolute path, or a sourceReference from debug_stack');
        }
        label = shortPath(path, cwd);
      } else {
        const s = manager.get(a.sessionId);
        const top = s.state === 'stopped' ? s.stop?.frames[0] : undefined;
        if (!top) throw new GatewayError(`session ${s.id} is ${s.state}, so there is no current location`, 'pass file (and line)');
        lines = await sourceLines(top.source, s);
        label = shortPath(top.source?.path ?? top.source?.name, s.cwd);
        line ??= top.line;
      }
      if (!lines) throw new GatewayError('no source available for that location', 'the adapter has no text for it');
      line = Math.min(Math.max(1, line ?? 1), lines.length);
      return ok(`${label} (${lines.length} lines)\n${contextBlock(lines, line, ctx, ctx)}`, { file: label, line, totalLines: lines.length });
    },
  );

  defineTool(
    server,
    manager,
    'debug_probe',
    {
      description:
        'One shot: launch a program, and at each breakpoint hit record the location, locals and the given expressions, up to maxHits; then end the session and return one compact report. One call instead of ten. The breakpoints are used only for this probe.',
      input: {
        program: z.string().describe('the program file'),
        breakpoints: z.array(params.breakpoint).min(1).describe('where to look'),
        expressions: z.array(z.string()).optional().describe('expressions to evaluate at each hit'),
        maxHits: z.number().int().min(1).max(100).optional().describe('stop after this many hits (default 10)'),
        args: z.array(z.string()).optional(),
        cwd: z.string().optional(),
        env: z.record(z.string()).optional(),
        language: z.string().optional(),
        timeoutMs: params.timeoutMs(30_000).describe('overall bound for the probe (default 30000)'),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    },
    async (a, { signal, progress }) => {
      const deadline = Date.now() + (a.timeoutMs ?? 30_000);
      const cwd = a.cwd ?? manager.defaultCwd();
      const before = new Set(manager.book.list().map((b) => b.id));
      const added: BookBreakpoint[] = await addBreakpoints(manager, a.breakpoints, cwd);
      const mine = added.filter((b) => !before.has(b.id)).map((b) => b.id);
      const hits: Record<string, unknown>[] = [];
      const lines: string[] = [];
      let session;
      try {
        session = await manager.launch({ program: a.program, args: a.args, cwd: a.cwd, env: a.env, language: a.language });
        const maxHits = a.maxHits ?? 10;
        while (hits.length < maxHits) {
          const outcome = await session.waitForSettled(Math.max(0, deadline - Date.now()), signal);
          if (outcome !== 'stopped') break;
          const top = session.stop!.frames[0];
          const scopes = await session.inspector.frameVariables(0, { depth: 0, maxItems: 25 });
          const { text: localsText, values } = localsLine(scopes, 300, session.profile.variables.summaryHideTypes);
          const exprs: Record<string, string> = {};
          for (const e of a.expressions ?? []) {
            try {
              exprs[e] = (await session.reads.evaluate(e, top?.id, 'watch', 'probe')).result;
            } catch (err) {
              exprs[e] = `<error: ${(err as Error).message.split('\n').pop()}>`;
            }
          }
          const where = top ? `${shortPath(top.source?.path, session.cwd)}:${top.line} in ${top.name}` : '?';
          hits.push({ breakpointIds: session.stop!.breakpointIds, reason: session.stop!.reason, file: top?.source?.path, line: top?.line, function: top?.name, locals: values, expressions: exprs });
          lines.push(`#${hits.length} ${where}${session.stop!.reason === 'exception' ? ` (exception: ${clip(session.stop!.description ?? '', 100)})` : ''}`);
          lines.push(`   ${Object.keys(exprs).length ? `${Object.entries(exprs).map(([k, v]) => `${k} = ${clip(v, 80)}`).join('  ')}  |  ` : ''}${localsText}`);
          progress(`probe: ${hits.length} of at most ${maxHits} hit(s) recorded`, hits.length, maxHits);
          if (hits.length >= maxHits || Date.now() >= deadline) break;
          await session.continue();
        }
        const end =
          session.state === 'stopped'
            ? `ended after ${hits.length} hit(s) (maxHits ${maxHits})`
            : session.state === 'running'
              ? `ended while still running at the ${a.timeoutMs ?? 30_000} ms bound`
              : (await describe(session, { outputTail: 5 })).text.replace(/^Session \S+ \([^)]*\) /, '');
        await session.end(true);
        const head = `Probe of ${shortPath(canonicalPath(a.program, cwd), cwd)}: ${hits.length} hit(s); ${end}`;
        return ok([head, ...lines].join('\n'), { sessionId: session.id, state: session.state, hits, ...(session.exitCode !== undefined ? { exitCode: session.exitCode } : {}) });
      } finally {
        if (session) await session.end(true);
        if (mine.length) {
          manager.book.remove(mine);
          await manager.synced();
        }
      }
    },
  );
}
