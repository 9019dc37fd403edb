import type { z } from 'zod';
import { ignoreOverride, zodToJsonSchema } from 'zod-to-json-schema';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type Tool, type ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/**
 * dapgate answers tools/list itself: the SDK's listing adds `$schema`, `additionalProperties`
 * and `execution` to every tool, characters every agent pays for on every conversation without
 * learning anything. Input validation stays with the SDK (the same zod schemas).
 */
export interface ListedTool {
  name: string;
  title: string;
  description: string;
  input: z.ZodTypeAny;
  output: z.ZodTypeAny;
  annotations?: ToolAnnotations;
}

const registries = new WeakMap<McpServer, ListedTool[]>();
const briefly = new WeakMap<z.ZodTypeDef, Record<string, unknown>>();

/**
 * Lists `schema` in tools/list as `json` instead of its full expansion, for a shape the model
 * already reads in full elsewhere (a breakpoint in debug_launch: the fields are described in
 * debug_breakpoint_set). Validation still uses the whole schema.
 */
export function listedAs<T extends z.ZodTypeAny>(schema: T, json: Record<string, unknown>): T {
  briefly.set(schema._def, json);
  return schema;
}

export function listTool(server: McpServer, tool: ListedTool): void {
  const list = registries.get(server) ?? [];
  list.push(tool);
  registries.set(server, list);
}

/** Replaces the SDK's tools/list handler; the listing is built on first request (not at start-up) and kept. */
export function serveToolList(server: McpServer): void {
  let cached: { count: number; tools: Tool[] } | undefined;
  server.server.setRequestHandler(ListToolsRequestSchema, () => {
    const list = registries.get(server) ?? [];
    if (cached?.count !== list.length) cached = { count: list.length, tools: list.map(toolDefinition) };
    return { tools: cached.tools };
  });
}

function toolDefinition(t: ListedTool): Tool {
  return {
    name: t.name,
    title: t.title,
    description: t.description,
    inputSchema: compactSchema(t.input, true) as Tool['inputSchema'],
    outputSchema: compactSchema(t.output) as Tool['outputSchema'],
    ...(t.annotations ? { annotations: t.annotations } : {}),
  };
}

/**
 * JSON Schema of a zod schema without `$schema` and without `additionalProperties` that says
 * nothing (false, true or {}). For inputs (`bounds` false) numeric bounds are left out too: they
 * are still enforced, and an argument out of range gets an error naming the bound; a bound an
 * agent needs to know is in the parameter's description.
 */
export function compactSchema(schema: z.ZodTypeAny, dropBounds = false): Record<string, unknown> {
  const json = zodToJsonSchema(schema, { $refStrategy: 'none', strictUnions: true, override: (def) => briefly.get(def) ?? ignoreOverride }) as Record<string, unknown>;
  delete json.$schema;
  return prune(json, dropBounds) as Record<string, unknown>;
}

function prune(node: unknown, dropBounds: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => prune(n, dropBounds));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'additionalProperties' && (typeof v === 'boolean' || (typeof v === 'object' && v && !Object.keys(v).length))) continue;
    if (dropBounds && (k === 'minimum' || k === 'maximum')) continue;
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, prune(s, dropBounds)])) : prune(v, dropBounds);
  }
  return out;
}
