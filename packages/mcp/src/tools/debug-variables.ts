import { z } from 'zod';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { variableJson, variableTree, VALUE_MAX } from '../format/values.js';
import { outputs } from './output-schemas.js';

const config = {
  title: 'Variables',
  description: 'Locals of a frame, or with path (e.g. a.b[0]) that value to depth levels.',
  input: {
    sessionId: params.sessionId,
    threadId: params.threadId,
    frame: params.frame,
    scope: z.string().optional(),
    path: z.string().optional(),
    depth: z.number().int().min(0).max(5).optional().describe('default 1'),
    names: z.array(z.string()).optional().describe('only these'),
    maxItems: z.number().int().min(1).max(500).optional(),
  },
  output: outputs.variables,
  annotations: { readOnlyHint: true },
};

export async function debugVariables(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const frame = a.frame ?? 0;
  const read = await s.variables({ frame, threadId: a.threadId, path: a.path, scope: a.scope, depth: a.depth ?? 1, maxItems: a.maxItems ?? 25, names: a.names });
  if ('variable' in read) {
    const node = read.variable;
    node.name = a.path!;
    const lines = cap(variableTree([node], '', VALUE_MAX * 2));
    return ok(lines.join('\n'), { sessionId: s.id, state: s.state, frame, variable: variableJson(node) });
  }
  const { scopes, otherScopes: others } = read;
  const lines: string[] = [];
  for (const sc of scopes) {
    lines.push(`${sc.name}:`);
    lines.push(...variableTree(sc.variables ?? [], '  '));
    if (sc.moreChildren) lines.push(`  … ${sc.moreChildren} more (raise maxItems or pass names)`);
    for (const g of sc.groups ?? []) lines.push(`  ${g.label}: ${clipNames(g.names)}`);
    if (sc.noise?.length) lines.push(`  (hidden: ${clipNames(sc.noise)} — modules and dunder names; pass names: ["${sc.noise[0]}"] or path: "${sc.noise[0]}" to see one)`);
    if (a.names) {
      const missing = a.names.filter((n) => !(sc.variables ?? []).some((v) => v.name === n));
      if (missing.length && scopes.length === 1) lines.push(`  (not in this scope: ${missing.join(', ')})`);
    }
  }
  if (others.length) lines.push(`(other scopes: ${others.join(', ')} — pass scope to see them)`);
  return ok(cap(lines).join('\n'), {
    sessionId: s.id,
    state: s.state,
    frame,
    scopes: scopes.map((sc) => ({
      name: sc.name,
      variables: (sc.variables ?? []).map(variableJson),
      ...(sc.moreChildren ? { moreChildren: sc.moreChildren } : {}),
      ...(sc.groups ? { groups: Object.fromEntries(sc.groups.map((g) => [g.label, g.names])) } : {}),
      ...(sc.noise ? { hidden: sc.noise } : {}),
    })),
  });
}

export const debugVariablesTool = tool('debug_variables', config, debugVariables);

const MAX_TREE_LINES = 200;

function cap(lines: string[]): string[] {
  if (lines.length <= MAX_TREE_LINES) return lines;
  return [...lines.slice(0, MAX_TREE_LINES), `… ${lines.length - MAX_TREE_LINES} more lines (lower depth or maxItems, or name a path)`];
}

function clipNames(names: string[], max = 20): string {
  return names.length > max ? `${names.slice(0, max).join(', ')} (+${names.length - max} more)` : names.join(', ');
}
