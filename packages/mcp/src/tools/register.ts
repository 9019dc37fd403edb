import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { SessionManager } from '@dapgate/core';
import { errorResult, type ToolResult } from './result.js';
import { maskLogMessage, maskStructured, maskText, maskValueLines, namesSecret } from '../format/secrets.js';

export interface ToolContext {
  manager: SessionManager;
  signal: AbortSignal;
  /** Reports progress of a long wait when the client asked for it (a progressToken); else a no-op. */
  progress: (message: string, elapsedMs: number, totalMs: number) => void;
}

interface RequestExtra {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification?: (n: { method: string; params: Record<string, unknown> }) => Promise<void>;
}

function progressReporter(extra: RequestExtra): ToolContext['progress'] {
  const token = extra._meta?.progressToken;
  if (token === undefined || !extra.sendNotification) return () => undefined;
  return (message, elapsedMs, totalMs) => {
    void extra.sendNotification!({ method: 'notifications/progress', params: { progressToken: token, progress: elapsedMs, total: totalMs, message } }).catch(() => undefined);
  };
}

/** Every result about a session carries its id and state; other fields vary per tool. */
export const sessionOutput = {
  sessionId: z.string().optional().describe('the session the result is about'),
  state: z.string().optional().describe('initializing | configuring | running | stopped | exited | terminated | failed | reconnecting'),
};

export function defineTool<Shape extends z.ZodRawShape>(
  server: McpServer,
  manager: SessionManager,
  name: string,
  config: { description: string; input: Shape; annotations?: ToolAnnotations },
  handler: (args: z.objectOutputType<Shape, z.ZodTypeAny>, ctx: ToolContext) => Promise<ToolResult>,
): void {
  server.registerTool(
    name,
    {
      description: config.description,
      inputSchema: config.input,
      outputSchema: z.object(sessionOutput).passthrough(),
      annotations: config.annotations,
    },
    (async (args: z.objectOutputType<Shape, z.ZodTypeAny>, extra: RequestExtra) => {
      try {
        const raw = args as Record<string, unknown>;
        maskLogpoints(raw);
        return withinBudget(await handler(args, { manager, signal: extra.signal, progress: progressReporter(extra) }), selectsSecret(raw));
      } catch (e) {
        return errorResult(e);
      }
    }) as never,
  );
}

/** Shared parameter definitions, described for the model. */
export const params = {
  sessionId: z.string().optional().describe('session id such as "s1"; default: the most recent live session'),
  timeoutMs: (def: number) => z.number().int().min(0).max(600_000).optional().describe(`how long to wait, in ms (default ${def})`),
  threadId: z.number().int().optional().describe('thread id (default: the thread that stopped)'),
  frame: z.number().int().min(0).optional().describe('0-based frame index in the stopped thread (0 = where it stopped; default 0)'),
  display: z.array(z.string()).optional().describe('display expressions: evaluated at every stop, shown with it'),
  breakpoint: z
    .object({
      file: z.string().optional().describe('source file, absolute or relative to the session cwd'),
      line: z.number().int().min(1).optional().describe('1-based line'),
      function: z.string().optional().describe('function name, instead of file+line'),
      condition: z.string().optional().describe('stop only when this expression is true'),
      hitCondition: z.string().optional().describe('which hits (where the condition holds) stop: "N" or "== N" only the Nth, ">= N", "> N", "% N" every Nth; counted by dapgate, same in every language'),
      logMessage: z.string().optional().describe('log this instead of stopping (logpoint); {expr} interpolates'),
      temporary: z.boolean().optional().describe('remove after the first hit'),
    })
    .strict(),
};

/** No answer may flood the model's context: text and structured content are capped. */
export const TEXT_BUDGET = 24_000;
const STRUCTURED_BUDGET = 100_000;

/** Arguments whose text selects what an answer shows: when one names a credential, every value shown is masked. */
const SELECTING_ARGS = ['expression', 'path', 'expressions', 'names', 'watch'];

function selectsSecret(args: Record<string, unknown>): boolean {
  return SELECTING_ARGS.some((k) => {
    const v = args[k];
    return (typeof v === 'string' && namesSecret(v)) || (Array.isArray(v) && v.some((x) => typeof x === 'string' && namesSecret(x)));
  });
}

/** Logpoints that interpolate a credential log «masked» in its place (wherever a breakpoint is accepted). */
function maskLogpoints(args: Record<string, unknown>): void {
  const fix = (o: unknown) => {
    if (o && typeof o === 'object' && typeof (o as { logMessage?: unknown }).logMessage === 'string') {
      (o as { logMessage: string }).logMessage = maskLogMessage((o as { logMessage: string }).logMessage);
    }
  };
  fix(args);
  if (Array.isArray(args.breakpoints)) args.breakpoints.forEach(fix);
}

function maskSecretValues(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskSecretValues);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'result' || k === 'value' || k === 'values' ? '«masked»' : maskSecretValues(v)]));
  }
  return value;
}

function withinBudget(result: ToolResult, aboutSecret = false): ToolResult {
  if (aboutSecret) {
    for (const c of result.content ?? []) if (c.type === 'text') c.text = maskValueLines(c.text);
    if (result.structuredContent) result.structuredContent = maskSecretValues(result.structuredContent) as Record<string, unknown>;
  }
  // structured first: names seen there teach the text pass which values are credentials
  if (result.structuredContent) result.structuredContent = maskStructured(result.structuredContent) as Record<string, unknown>;
  for (const c of result.content ?? []) if (c.type === 'text') c.text = maskText(c.text);
  for (const c of result.content ?? []) {
    if (c.type === 'text' && c.text.length > TEXT_BUDGET) {
      c.text = `${c.text.slice(0, TEXT_BUDGET)}\n… ${c.text.length - TEXT_BUDGET} more characters cut (dapgate's ${TEXT_BUDGET}-character budget per answer); narrow the request (maxItems, depth, names, path, tail).`;
    }
  }
  if (result.structuredContent && JSON.stringify(result.structuredContent).length > STRUCTURED_BUDGET) {
    const { sessionId, state } = result.structuredContent as { sessionId?: string; state?: string };
    result.structuredContent = { sessionId, state, truncated: true, note: 'structured content over budget; see the text, or narrow the request' };
  }
  return result;
}
