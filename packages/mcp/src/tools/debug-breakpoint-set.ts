import { z } from 'zod';
import { collectLogpoint, GatewayError, type BreakpointRequest, type SessionManager } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { shortPath } from '../format/text.js';
import { breakpointJson, describeBreakpoint } from '../format/breakpoints.js';
import { outputs } from './output-schemas.js';

const config = {
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
};

export async function debugBreakpointSet(a: ToolArgs<typeof config.input>, { manager, signal }: ToolContext): Promise<ToolResult> {
  if (a.collect !== undefined) return collectFromLogpoint(manager, a, signal);
  if (a.watch) {
    const b = await manager.addWatch({ watch: a.watch, accessType: a.accessType, condition: a.condition, hitCondition: a.hitCondition }, a.sessionId, a.frame);
    await manager.synced();
    return ok(`Breakpoint ${describeBreakpoint(b, manager.defaultCwd())}`, { breakpoint: breakpointJson(b) });
  }
  if (!a.function && (!a.file || !a.line)) throw new GatewayError('give file and line, or function, or watch', 'e.g. {file: "app.py", line: 12}', 'bad-arguments');
  const owner = a.sessionId ? manager.get(a.sessionId) : undefined;
  owner?.requireLive('set a breakpoint of its own');
  const cwd = owner ? owner.cwd : manager.defaultCwd();
  const { frame: __, accessType: ___, ...spec } = a;
  const [b] = await manager.breakpoints.add([spec], cwd);
  const text = `Breakpoint ${describeBreakpoint(b!, cwd)}${b!.replaced ? `\nIt replaced the breakpoint on that line (${b!.replaced}); one breakpoint per line.` : ''}`;
  return ok(text, { breakpoint: breakpointJson(b!) });
}

export const debugBreakpointSetTool = tool('debug_breakpoint_set', config, debugBreakpointSet);

/** A logpoint set for one answer: its messages from a live session (it keeps running), then the logpoint is removed. */
async function collectFromLogpoint(manager: SessionManager, a: BreakpointRequest & { collect?: number; collectMs?: number; sessionId?: string; watch?: string; frame?: number; accessType?: string }, signal: AbortSignal): Promise<ToolResult> {
  if (!a.logMessage || !a.file || !a.line) throw new GatewayError('collect needs a logpoint: file, line and logMessage', 'e.g. {file: "app.py", line: 12, logMessage: "amount={amount}", collect: 20}', 'bad-arguments');
  const s = manager.get(a.sessionId);
  s.requireLive('collect logpoint messages');
  const since = s.output.cursor;
  const { collect, collectMs, watch: _w, frame: _f, accessType: _a, ...spec } = a;
  const [b] = await manager.breakpoints.add([{ ...spec, sessionId: s.id }], s.cwd);
  const want = collect!;
  const bound = collectMs ?? 10_000;
  try {
    const got = await collectLogpoint(s, b!.id, since, want, bound, signal);
    const why = got.complete ? '' : got.endedAs ? ` before the session ended (${got.endedAs})` : ` within ${bound / 1000} s`;
    const lines = got.messages.map((m) => `  ${m.text}`);
    const head = `Logpoint ${b!.id} at ${shortPath(b!.file!, s.cwd)}:${b!.line} (session ${s.id}, never stopped): ${got.messages.length} of ${want} message(s) in ${(got.elapsedMs / 1000).toFixed(1)} s${why}; then removed.`;
    return ok([head, ...lines].join('\n'), { sessionId: s.id, state: s.state, breakpoint: breakpointJson(b!), messages: got.messages.map((m) => m.text), complete: got.complete });
  } finally {
    await manager.breakpoints.remove([b!.id]);
  }
}
