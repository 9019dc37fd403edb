import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';
import { readFile } from 'node:fs/promises';
import { canonicalPath, collectLogpoint, GatewayError, type BookBreakpoint, type BreakpointSpec, type SessionManager } from '@dapgate/core';
import { contextBlock } from '../format/source.js';
import { defineTool, params } from './register.js';
import { ok, type ToolResult } from './result.js';
import { shortPath } from '../format/text.js';
import { breakpointJson, describeBreakpoint } from '../format/breakpoints.js';
import { outputs } from './output-schemas.js';

/** A breakpoint as tools accept it: `expectContent` is checked here, before the book sees it. */
export type BreakpointRequest = BreakpointSpec & { expectContent?: string };

/** Adds breakpoints to the gateway book (none if one's expectContent does not match) and waits until live sessions have bound them. */
export async function addBreakpoints(manager: SessionManager, requests: BreakpointRequest[], cwd: string): Promise<BookBreakpoint[]> {
  const specs: BreakpointSpec[] = [];
  for (const { expectContent, ...spec } of requests) {
    if (expectContent && spec.file && spec.line) await checkExpectedContent(canonicalPath(spec.file, cwd), spec.line, expectContent);
    specs.push(spec);
  }
  const added = manager.addBreakpoints(specs, cwd);
  await manager.synced();
  return added;
}

/**
 * Refuses, before anything starts, breakpoint kinds the program's adapter is known not to do
 * (the profile's `breakpointKinds`), instead of launching and reporting it afterwards.
 */
export function refuseUnsupportedKinds(manager: SessionManager, target: { program?: string; language?: string; cwd?: string; fields?: Record<string, unknown> }, specs: BreakpointSpec[] | undefined): void {
  if (!specs?.some((b) => b.function)) return;
  const program = target.program ? canonicalPath(target.program, target.cwd ?? process.cwd()) : undefined;
  const profile = manager.profiles.pickFor('launch', target.language, program, target.fields ?? {});
  if (profile.breakpointKinds.function) {
    const form = profile.breakpointKinds.functionPattern;
    const unnamed = form ? specs.filter((b) => b.function && !new RegExp(form).test(b.function)).map((b) => b.function) : [];
    if (unnamed.length) throw new GatewayError(`'${unnamed.join("', '")}' does not name a ${profile.displayName} function as its function breakpoints need`, `write ${profile.breakpointKinds.functionNames ?? 'the function as debug_languages shows'}`);
    return;
  }
  const names = specs.filter((b) => b.function).map((b) => b.function).join(', ');
  throw new GatewayError(`${profile.adapter.name} (${profile.displayName}) has no function breakpoints, so '${names}' cannot be set`, 'set a line breakpoint on the function\'s first line instead ({file, line})');
}

/** A logpoint set for one answer: its messages from a live session (it keeps running), then the logpoint is removed. */
async function collectFromLogpoint(manager: SessionManager, a: BreakpointRequest & { collect?: number; collectMs?: number; sessionId?: string; watch?: string; frame?: number; accessType?: string }, signal: AbortSignal): Promise<ToolResult> {
  if (!a.logMessage || !a.file || !a.line) throw new GatewayError('collect needs a logpoint: file, line and logMessage', 'e.g. {file: "app.py", line: 12, logMessage: "amount={amount}", collect: 20}');
  const s = manager.get(a.sessionId);
  s.requireLive('collect logpoint messages');
  const since = s.output.cursor;
  const { collect, collectMs, watch: _w, frame: _f, accessType: _a, ...spec } = a;
  const [b] = await addBreakpoints(manager, [{ ...spec, sessionId: s.id }], s.cwd);
  const want = collect!;
  const bound = collectMs ?? 10_000;
  try {
    const got = await collectLogpoint(s, b!.id, since, want, bound, signal);
    const why = got.complete ? '' : got.endedAs ? ` before the session ended (${got.endedAs})` : ` within ${bound / 1000} s`;
    const lines = got.messages.map((m) => `  ${m.text}`);
    const head = `Logpoint ${b!.id} at ${shortPath(b!.file!, s.cwd)}:${b!.line} (session ${s.id}, never stopped): ${got.messages.length} of ${want} message(s) in ${(got.elapsedMs / 1000).toFixed(1)} s${why}; then removed.`;
    return ok([head, ...lines].join('\n'), { sessionId: s.id, state: s.state, breakpoint: breakpointJson(b!), messages: got.messages.map((m) => m.text), complete: got.complete });
  } finally {
    manager.book.remove([b!.id]);
    await manager.synced();
  }
}

export function registerBreakpointTools(server: McpServer, manager: SessionManager): void {
  defineTool(
    server,
    manager,
    'debug_breakpoint_set',
    {
      title: 'Set breakpoint',
      description:
        'File+line or function: all sessions, or with sessionId its own; or a watch (stopped session).',
      input: {
        ...params.breakpointFields,
        watch: z.string().optional().describe('stop when it changes'),
        accessType: z.enum(['write', 'read', 'readWrite']).optional(),
        frame: params.frame.describe('with watch'),
        collect: z.number().int().min(1).max(1000).optional().describe('logpoint: answer with its first N messages, then remove it'),
        collectMs: z.number().int().min(100).max(600_000).optional().describe('collect at most so long (10000)'),
        sessionId: params.sessionId,
      },
      output: outputs.breakpoint,
      annotations: { destructiveHint: false, idempotentHint: true },
    },
    async (a, { signal }) => {
      if (a.collect !== undefined) return collectFromLogpoint(manager, a, signal);
      if (a.watch) {
        const b = await manager.addWatch({ watch: a.watch, accessType: a.accessType, condition: a.condition, hitCondition: a.hitCondition }, a.sessionId, a.frame);
        await manager.synced();
        return ok(`Breakpoint ${describeBreakpoint(b, manager.defaultCwd())}`, { breakpoint: breakpointJson(b) });
      }
      if (!a.function && (!a.file || !a.line)) throw new GatewayError('give file and line, or function, or watch', 'e.g. {file: "app.py", line: 12}');
      const owner = a.sessionId ? manager.get(a.sessionId) : undefined;
      owner?.requireLive('set a breakpoint of its own');
      const cwd = owner ? owner.cwd : manager.defaultCwd();
      const { frame: __, accessType: ___, ...spec } = a;
      const [b] = await addBreakpoints(manager, [spec], cwd);
      const text = `Breakpoint ${describeBreakpoint(b!, cwd)}${b!.replaced ? `\nIt replaced the breakpoint on that line (${b!.replaced}); one breakpoint per line.` : ''}`;
      return ok(text, { breakpoint: breakpointJson(b!) });
    },
  );

  defineTool(
    server,
    manager,
    'debug_breakpoint_remove',
    {
      title: 'Remove breakpoints',
      description: 'Remove breakpoints by id, file (+line), or all.',
      input: {
        id: z.union([z.string(), z.array(z.string())]).optional(),
        file: z.string().optional(),
        line: z.number().int().optional(),
        all: z.boolean().optional(),
      },
      output: outputs.removed,
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    async (a) => {
      const book = manager.book;
      let ids: string[];
      if (a.all) ids = book.list().map((b) => b.id);
      else if (a.id) {
        ids = Array.isArray(a.id) ? a.id : [a.id];
        const unknown = ids.filter((id) => !book.get(id));
        if (unknown.length) throw new GatewayError(`no breakpoint ${unknown.join(', ')}`, `breakpoints: ${book.list().map((b) => b.id).join(', ') || 'none'}`);
      } else if (a.file) {
        const cwd = manager.defaultCwd();
        ids = book
          .list()
          .filter((b) => b.file && (b.file === a.file || shortPath(b.file, cwd) === a.file || b.file.endsWith(`/${a.file}`) || b.file.endsWith(`\\${a.file}`)))
          .filter((b) => a.line === undefined || b.line === a.line)
          .map((b) => b.id);
        if (!ids.length) throw new GatewayError(`no breakpoint in ${a.file}${a.line ? `:${a.line}` : ''}`, 'list them with debug_breakpoints');
      } else throw new GatewayError('say which breakpoints to remove', 'pass id, file (+line), or all: true');
      const removed = book.remove(ids);
      await manager.synced();
      return ok(`Removed ${removed.length} breakpoint(s)${removed.length ? `: ${removed.map((b) => b.id).join(', ')}` : ''}. ${book.list().length} left.`, {
        removed: removed.map((b) => b.id),
        remaining: book.list().length,
      });
    },
  );

  defineTool(
    server,
    manager,
    'debug_breakpoints',
    {
      title: 'Breakpoints',
      description: 'Breakpoints: owner, binding per session, hits.',
      input: {},
      output: outputs.breakpoints,
      annotations: { readOnlyHint: true },
    },
    async () => {
      const list = manager.book.list();
      const cwd = manager.defaultCwd();
      const note = manager.kept.problem ? `\nNote: ${manager.kept.problem}` : '';
      if (!list.length) return ok(`No breakpoints. Set one with debug_breakpoint_set.${note}`, { breakpoints: [] });
      return ok(list.map((b) => describeBreakpoint(b, cwd)).join('\n') + note, { breakpoints: list.map(breakpointJson) });
    },
  );

  defineTool(
    server,
    manager,
    'debug_exception_breakpoints',
    {
      title: 'Exception stops',
      description: 'Which exceptions stop the session (e.g. uncaught); none given: lists those offered.',
      input: { filters: z.array(z.string()).optional().describe('replaces the active set; [] = none'), sessionId: params.sessionId },
      output: outputs.exceptionFilters,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    },
    async (a) => {
      const s = manager.get(a.sessionId);
      const offered = s.capabilities.exceptionBreakpointFilters ?? [];
      if (a.filters) {
        const unknown = a.filters.filter((f) => !offered.some((o) => o.filter === f));
        if (unknown.length) throw new GatewayError(`${s.profile.adapter.name} has no exception filter ${unknown.join(', ')}`, `offered: ${offered.map((o) => `${o.filter} (${o.label})`).join(', ') || 'none'}`);
        s.requireLive('set exception breakpoints');
        await manager.chooseExceptionFilters(s, a.filters);
      }
      const text = `Session ${s.id} exception filters: ${offered.map((o) => `${s.sync.exceptionFilters.includes(o.filter) ? '[x]' : '[ ]'} ${o.filter} (${o.label})`).join(', ') || 'the adapter offers none'}`;
      return ok(text, { sessionId: s.id, state: s.state, active: s.sync.exceptionFilters, offered: offered.map((o) => ({ filter: o.filter, label: o.label })) });
    },
  );
}

/** Refuses a breakpoint whose line does not contain the text the agent expects there. */
async function checkExpectedContent(file: string, line: number, expected: string): Promise<void> {
  let lines: string[];
  try {
    lines = (await readFile(file, 'utf8')).split(/\r?\n/);
  } catch {
    return; // a missing file is reported by the breakpoint itself
  }
  const want = expected.trim();
  if ((lines[line - 1] ?? '').includes(want)) return;
  const near = [];
  for (let d = 1; d <= 10; d++) for (const n of [line - d, line + d]) if (n >= 1 && n <= lines.length && lines[n - 1]!.includes(want)) near.push(n);
  const hint = near.length ? `it is on line ${near[0]}${near.length > 1 ? ` (also ${near.slice(1, 4).join(', ')})` : ''}: set that line` : 'check the file; nothing within 10 lines contains it';
  throw new GatewayError(`line ${line} of ${file} does not contain "${want}"\n${contextBlock(lines, line, 3, 3)}`, hint);
}
