import type { VariableNode } from '@dapgate/core';
import { clip } from './text.js';

export const VALUE_MAX = 120;

/** An indented tree of variables. */
export function variableTree(nodes: VariableNode[], indent = '', maxValue = VALUE_MAX): string[] {
  const out: string[] = [];
  for (const n of nodes) {
    const size = n.length !== undefined ? `${n.length} item${n.length === 1 ? '' : 's'}` : '';
    const kind = n.type && !n.value.startsWith(n.type) ? n.type : '';
    const type = kind || size ? ` (${[kind, size].filter(Boolean).join(', ')})` : '';
    out.push(`${indent}${n.name} = ${clip(n.value, maxValue)}${type}`);
    if (n.children) out.push(...variableTree(n.children, `${indent}  `, maxValue));
    if (n.moreChildren) out.push(`${indent}  … ${n.moreChildren} more (${moreHint(n)})`);
  }
  return out;
}

/**
 * How to see the children not shown: by index when the shown ones are indexed (the next index is
 * then a path that exists); members by name are not guessed, so raise maxItems then.
 */
function moreHint(n: VariableNode): string {
  const kids = n.children ?? [];
  const index = (name: string) => /^\[?(\d+)\]?$/.exec(name)?.[1];
  const last = kids.length > 0 && kids.every((c) => index(c.name) !== undefined) ? Number(index(kids[kids.length - 1]!.name)) : undefined;
  return last !== undefined ? `raise maxItems, or name a path such as ${n.evaluateName ?? n.name}[${last + 1}]` : 'raise maxItems to list them';
}

/** A JSON-friendly copy of a tree for structuredContent. */
export function variableJson(n: VariableNode): Record<string, unknown> {
  return {
    name: n.name,
    value: n.value,
    ...(n.type ? { type: n.type } : {}),
    ...(n.children ? { children: n.children.map(variableJson) } : {}),
    ...(n.moreChildren ? { moreChildren: n.moreChildren } : {}),
    ...(n.length !== undefined ? { length: n.length } : {}),
  };
}
