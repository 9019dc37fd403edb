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
    if (n.moreChildren) out.push(`${indent}  … ${n.moreChildren} more (raise maxItems, or name a path such as ${n.evaluateName ?? n.name}[${(n.children?.length ?? 0)}])`);
  }
  return out;
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
