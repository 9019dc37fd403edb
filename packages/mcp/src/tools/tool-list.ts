import type { z } from 'zod';
import { ignoreOverride, zodToJsonSchema } from 'zod-to-json-schema';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';

/**
 * How dapgate's tools are listed: the MCP SDK (v2) takes Standard Schemas and lists what their
 * JSON converter gives, so dapgate's zod schemas are wrapped here with a converter that leaves out
 * `$schema` and `additionalProperties` (characters every agent pays for on every conversation
 * without learning anything). Validation is zod's, as it always was.
 */

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

/**
 * The JSON forms of one gateway's tool schemas, by tool and direction, shared by all its MCP
 * servers (an HTTP session's, MCP 2026-07-28's one per request), so each is converted once per
 * gateway, not once per server; `pending` converts those not listed yet (see `warmListing`).
 */
export interface ListingMemo {
  json: Map<string, Record<string, unknown>>;
  pending: Map<string, () => unknown>;
}

/** Tool schemas depend on dapgate's code and the profiles' fields only: one memo per profile set. */
const memos = new WeakMap<object, ListingMemo>();

export function listingMemo(profiles: object): ListingMemo {
  let memo = memos.get(profiles);
  if (!memo) memos.set(profiles, (memo = { json: new Map(), pending: new Map() }));
  return memo;
}

/**
 * Converts every schema of `memo` not listed yet, one per macrotask so a request that arrives
 * meanwhile is not held up by more than one conversion; resolves when all are done.
 */
export async function warmListing(memo: ListingMemo): Promise<void> {
  for (const [key, listed] of [...memo.pending]) {
    await new Promise((resolve) => setImmediate(resolve));
    if (memo.pending.has(key)) listed();
  }
}

/**
 * `schema` as a Standard Schema whose JSON form is built on first listing (not at start-up) and
 * kept: in `memo` under `key` when given (the same tool's schema in every server of a gateway).
 */
export function standardSchema<T extends z.ZodTypeAny>(schema: T, dropBounds = false, memo?: ListingMemo, key?: string, tool?: string): StandardSchemaWithJSON<z.input<T>, z.output<T>> {
  let json: Record<string, unknown> | undefined;
  const build = () => compactSchema(schema, dropBounds);
  const listed = () => {
    if (json) return json;
    if (!memo || !key) return (json = build());
    json = memo.json.get(key) ?? build();
    memo.json.set(key, json);
    memo.pending.delete(key);
    return json;
  };
  if (memo && key && !memo.json.has(key)) memo.pending.set(key, listed);
  return {
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value: unknown) => {
        const r = schema.safeParse(value);
        return r.success ? { value: r.data } : { issues: r.error.issues.map((i) => ({ message: issueText(i, schema, tool), path: i.path })) };
      },
      jsonSchema: { input: listed, output: listed },
    },
  };
}

/** An argument the tool does not take, named with the ones it does (zod says only "Unrecognized key(s) in object"). */
function issueText(issue: z.ZodIssue, schema: z.ZodTypeAny, tool: string | undefined): string {
  if (issue.code !== 'unrecognized_keys' || issue.path.length || !tool || !('shape' in schema)) return issue.message;
  const names = issue.keys.map((k) => `'${k}'`).join(', ');
  const takes = Object.keys((schema as unknown as z.AnyZodObject).shape).join(', ');
  const why = issue.keys.includes('sessionId') ? LAUNCHES_ONLY[tool] : undefined;
  return `${tool} takes no ${names}${why ? ` (${why})` : ''}; its parameters: ${takes}`;
}

/** What a tool that starts its own program does instead for a live session (a sessionId given to it). */
const LAUNCHES_ONLY: Record<string, string> = {
  debug_probe: 'it launches a program of its own; in a live session, debug_breakpoint_set with logMessage and collect records what it hits',
};

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
