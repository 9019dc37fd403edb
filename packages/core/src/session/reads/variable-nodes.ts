import type { DebugProtocol } from '@vscode/debugprotocol';

// What the Inspector hands out (variables and scopes as nodes) and how a DAP variable becomes one.

/** A variable and, when expanded, its children. */
export interface VariableNode {
  name: string;
  value: string;
  type?: string;
  variablesReference: number;
  evaluateName?: string;
  children?: VariableNode[];
  /** Children not fetched or not shown because of `maxItems`. */
  moreChildren?: number;
  /** The collection's size, when the adapter tells it. */
  length?: number;
  /** How many indexed children the adapter says it has (DAP `indexedVariables`). */
  indexed?: number;
  /** The adapter could not read it (a pointer into unmapped memory): its value says why. */
  unreadable?: boolean;
  /** An accessor (DAP `presentationHint.lazy`, js-debug's getters): its value runs code, so it is read only when a path names it. */
  getter?: boolean;
}

export interface ScopeNode {
  name: string;
  /** Where the scope starts, when the adapter says (js-debug: a function's `locals` scope starts where the function does). */
  line?: number;
  /** Where it ends, when the adapter says. */
  endLine?: number;
  presentationHint?: string;
  variablesReference: number;
  expensive: boolean;
  secondary: boolean;
  /** The frame's function is optimized (the profile's `optimizedScope`): values read there may be stale. */
  optimized?: boolean;
  variables?: VariableNode[];
  moreChildren?: number;
  /** Names the adapter groups (functions, classes), by the profile's label. */
  groups?: { label: string; names: string[] }[];
  /** Noise left out of the listing (modules, dunders): their names, to ask for by name. */
  noise?: string[];
}

export interface ExpandOptions {
  depth: number;
  maxItems: number;
  names?: string[];
}

/** Replaces whole-word type names (`unsigned long` before `long`), or leaves types as they are when there are none. */
export function typeRenamer(names: Record<string, string>): (type: string | undefined) => string | undefined {
  const keys = Object.keys(names).sort((a, b) => b.length - a.length);
  if (!keys.length) return (t) => t;
  const escape = (k: string) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  const re = new RegExp(`(?<![\\w:])(?:${keys.map(escape).join('|')})(?![\\w:])`, 'g');
  return (t) => t?.replace(re, (m) => names[m.replace(/\s+/g, ' ')] ?? m);
}

export function toNode(v: DebugProtocol.Variable): VariableNode {
  return {
    name: v.name,
    value: v.value,
    type: v.type,
    variablesReference: v.variablesReference,
    evaluateName: v.evaluateName,
    ...(v.indexedVariables !== undefined ? { indexed: v.indexedVariables } : {}),
    ...(v.presentationHint?.lazy ? { getter: true } : {}),
  };
}

/** In listings a getter is not run: it says so and how to read it. */
export function asGetter(n: VariableNode): VariableNode {
  if (!n.getter) return n;
  return { name: n.name, value: `(getter: name it in a path or evaluate ${n.evaluateName ?? n.name} to run it)`, variablesReference: 0, evaluateName: n.evaluateName, getter: true };
}
