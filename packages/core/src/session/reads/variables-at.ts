import type { Inspector } from './inspect.js';
import type { ScopeNode, VariableNode } from './variable-nodes.js';

/** What to read of a stopped frame: one variable by path, or its scopes (primary ones unless `scope` names one). */
export interface VariablesRequest {
  frame: number;
  threadId?: number;
  path?: string;
  scope?: string;
  /** Levels below each variable listed (a path's own children are level 1). */
  depth: number;
  maxItems: number;
  /** Only these names (of the scopes' variables). */
  names?: string[];
}

/** The variable a path names, expanded; or the scopes read with the names of the others. */
export type Variables = { variable: VariableNode } | { scopes: ScopeNode[]; otherScopes: string[] };

export async function variablesAt(inspector: Inspector, req: VariablesRequest): Promise<Variables> {
  const options = { depth: req.depth, maxItems: req.maxItems, names: req.names };
  if (req.path) {
    const { node } = await inspector.resolvePath(req.frame, req.path);
    return { variable: await inspector.expand(node, options) };
  }
  const scopes = await inspector.frameVariables(req.frame, { ...options, depth: options.depth + 1, scope: req.scope });
  const all = await inspector.scopes(req.frame);
  return { scopes, otherScopes: all.filter((x) => !scopes.some((y) => y.name === x.name)).map((x) => x.name) };
}
