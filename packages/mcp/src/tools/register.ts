import { z } from 'zod';
import type { McpServer, ServerContext, ToolAnnotations } from '@modelcontextprotocol/server';
import { installProgress, type Profile, type SessionManager } from '@dapgate/core';
import { errorResult, type ToolResult } from './result.js';
import { outputs } from './output-schemas.js';
import { listedAs, listingMemo, standardSchema } from './tool-list.js';
import { maskLogMessage, maskStructured, maskText, maskValueLines, namesSecret } from '../format/secrets.js';

export interface ToolContext {
  manager: SessionManager;
  signal: AbortSignal;
  /** Reports progress of a long wait when the client asked for it (a progressToken); else a no-op. */
  progress: (message: string, elapsedMs: number, totalMs?: number) => void;
}

function progressReporter(ctx: ServerContext): ToolContext['progress'] {
  const token = ctx.mcpReq._meta?.progressToken;
  if (token === undefined) return () => undefined;
  return (message, elapsedMs, totalMs) => {
    void ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: elapsedMs, total: totalMs, message } }).catch(() => undefined);
  };
}

export { sessionOutput } from './output-schemas.js';

export interface ToolConfig<Shape extends z.ZodRawShape> {
  /** A few words, shown by clients; counted in the tools/list budget like everything else the model reads. */
  title: string;
  description: string;
  input: Shape;
  /** What structuredContent carries (default: a session and where it is stopped). */
  output?: z.ZodRawShape;
  annotations?: ToolAnnotations;
}

/** What a tool's handler is given: its arguments as its input schema parses them. */
export type ToolArgs<Shape extends z.ZodRawShape> = z.objectOutputType<Shape, z.ZodTypeAny>;

export type ToolHandler<Shape extends z.ZodRawShape> = (args: ToolArgs<Shape>, ctx: ToolContext) => Promise<ToolResult>;

/** One tool: its name, its schema (built from the loaded profiles where it lists their fields), and its handler. */
export interface Tool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  config: ToolConfig<Shape> | ((profiles: Profile[]) => ToolConfig<Shape>);
  /** A method, so that a list of tools of different shapes is one type. */
  handler(args: ToolArgs<Shape>, ctx: ToolContext): Promise<ToolResult>;
}

export function tool<Shape extends z.ZodRawShape>(name: string, config: Tool<Shape>['config'], handler: ToolHandler<Shape>): Tool<Shape> {
  return { name, config, handler };
}

/** Lists `t` on `server`, its handler run over `manager`'s sessions. */
export function registerTool<Shape extends z.ZodRawShape>(server: McpServer, manager: SessionManager, t: Tool<Shape>): void {
  defineTool(server, manager, t.name, typeof t.config === 'function' ? t.config(manager.profiles.profiles) : t.config, t.handler);
}

export function defineTool<Shape extends z.ZodRawShape>(
  server: McpServer,
  manager: SessionManager,
  name: string,
  config: ToolConfig<Shape>,
  handler: ToolHandler<Shape>,
): void {
  const memo = listingMemo(manager.profiles);
  const output = standardSchema(z.object(config.output ?? outputs.session).passthrough(), false, memo, `${name} output`);
  // strict: an argument the tool does not take is refused by name (stripped, it was ignored without a word: a
  // sessionId given to debug_probe, a misspelt maxLines); tools/list shows no additionalProperties either way
  const input = standardSchema(z.object(config.input).strict(), true, memo, `${name} input`, name);
  server.registerTool(
    name,
    { title: config.title, description: config.description, inputSchema: input, outputSchema: output, annotations: config.annotations },
    (async (args: ToolArgs<Shape>, ctx: ServerContext) => {
      try {
        const raw = args as Record<string, unknown>;
        maskLogpoints(raw);
        const progress = progressReporter(ctx);
        const started = Date.now();
        const installLine = (line: string) => progress(line, Date.now() - started);
        return withinBudget(await installProgress.run(installLine, () => handler(args, { manager, signal: ctx.mcpReq.signal, progress })), selectsSecret(raw));
      } catch (e) {
        return errorResult(e);
      }
    }) as never,
  );
}

const breakpointTypes = {
  file: z.string(),
  line: z.number().int().min(1),
  function: z.string(),
  condition: z.string(),
  hitCondition: z.string(),
  logMessage: z.string(),
  temporary: z.boolean(),
  expectContent: z.string(),
};

/** Described once, in debug_breakpoint_set (elsewhere the same shape points there), and only where the name does not say it all. */
const breakpointText: Partial<Record<keyof typeof breakpointTypes, string>> = {
  hitCondition: 'N, >= N, > N, % N (every Nth)',
  logMessage: 'print, do not stop; {expr} interpolates',
  expectContent: 'line must contain it, else refused',
};

type OptionalShape<T extends z.ZodRawShape> = { [K in keyof T]: z.ZodOptional<T[K]> };

function optionalShape<T extends z.ZodRawShape>(types: T, text?: Partial<Record<keyof T, string>>): OptionalShape<T> {
  return Object.fromEntries(Object.entries(types).map(([k, t]) => [k, text?.[k] ? t.optional().describe(text[k]!) : t.optional()])) as OptionalShape<T>;
}

const timeout = z.number().int().min(0).max(600_000).optional();

/** Shared parameter definitions, described for the model (once: a default said in debug_sessions is not repeated per tool). */
export const params = {
  sessionId: z.string().optional(),
  /** Said once, in debug_wait, for the common default; a tool with another default says it. */
  timeoutMs: (def?: number) => (def === undefined ? timeout : timeout.describe(`default ${def}`)),
  threadId: z.number().int().optional(),
  /** An index from debug_stack (whose description says so); 0, the default, is where it stopped. */
  frame: z.number().int().min(0).optional(),
  /** The breakpoint fields with their descriptions (debug_breakpoint_set). */
  breakpointFields: optionalShape(breakpointTypes, breakpointText),
  /** One breakpoint wherever a list of them is accepted: the same fields as debug_breakpoint_set, listed there. */
  breakpoint: listedAs(z.object(optionalShape(breakpointTypes)).strict(), { type: 'object' }),
  /** Display expressions: evaluated at every stop and shown with it. */
  display: z.array(z.string()).optional().describe('shown at every stop'),
  breakpointsNote: 'as in debug_breakpoint_set',
  /** Environment variables (strings; the zod schema checks): listed as an object. */
  env: listedAs(z.record(z.string()), { type: 'object' }).optional(),
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
