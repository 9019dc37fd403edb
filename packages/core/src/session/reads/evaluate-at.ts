import type { DebugProtocol } from '@vscode/debugprotocol';
import { AdapterRefusedError } from '../../adapter-errors.js';
import { GatewayError } from '../../errors.js';
import type { Profile } from '../../profiles/schema.js';
import type { SessionState } from '../types.js';
import type { Inspector } from './inspect.js';
import type { VariableNode } from './variable-nodes.js';
import type { ProgramReads } from './program-reads.js';
import { undeclaredNames, undeclaredText, undeclaredWords } from './undeclared.js';

/** What evaluating and setting need from their session. */
export interface EvaluateHost {
  readonly state: SessionState;
  readonly profile: Profile;
  readonly reads: ProgramReads;
  readonly capabilities: DebugProtocol.Capabilities;
  inspectorFor(threadId?: number): Inspector;
}

/** Where an expression is evaluated: a frame (0 = top) of a stopped thread (the focused one unless given). */
export interface EvaluateAt {
  frame?: number;
  threadId?: number;
  /** DAP's evaluate context; default the profile's, else `repl`. */
  context?: string;
}

/** Where a refused expression was evaluated, the names there, and the nearest caller that has one it lacks. */
export interface RefusalPlace {
  frame: DebugProtocol.StackFrame;
  names: string[];
  caller?: { index: number; frame: DebugProtocol.StackFrame; name: string };
}

/** An expression's value with its first members, or the adapter's refusal (its own words) and where it was asked. */
export type Evaluation =
  | {
      refused?: undefined;
      answer: DebugProtocol.EvaluateResponse['body'];
      node: VariableNode;
      items: VariableNode[];
      more: number;
      moreAtLeast?: boolean;
      /** Its type's value is the whole story (the profile's opaque types): members are not listed. */
      opaque: boolean;
    }
  | { refused: string; where?: RefusalPlace };

/** How many members of a structured result are read. */
const MEMBERS = 25;
/** How many frames below the one evaluated a refusal looks in for a name it lacks. */
const CALLERS_SEARCHED = 8;

export async function evaluateAt(s: EvaluateHost, expression: string, at: EvaluateAt): Promise<Evaluation> {
  const frame = at.frame ?? 0;
  const frameId = s.state === 'stopped' ? await s.reads.frameId(frame, at.threadId) : undefined;
  if (frameId !== undefined) {
    const later = await undeclaredNames(s, identifiers(expression), frame, at.threadId).catch(() => new Map<string, number>());
    const bare = later.get(expression.trim());
    if (bare !== undefined) {
      // the name alone: said as a listing says it
      const value = undeclaredText(bare);
      return { answer: { result: value, variablesReference: 0 }, node: { name: expression.trim(), value, variablesReference: 0, unreadable: true }, items: [], more: 0, opaque: false };
    }
    if (later.size) return { refused: `not evaluated: ${undeclaredWords(later)}; step past the declaration first` };
  }
  try {
    const answer = await s.reads.evaluate(expression, frameId, at.context ?? s.profile.evaluation.context ?? 'repl', 'evaluate', at.threadId);
    const inspector = s.inspectorFor(at.threadId);
    const { node, items, more, moreAtLeast } = await inspector.evaluated(answer, MEMBERS);
    return { answer, node, items, more, ...(moreAtLeast ? { moreAtLeast } : {}), opaque: inspector.opaque(node.type) };
  } catch (e) {
    if (!(e instanceof AdapterRefusedError)) throw e;
    const where = s.state === 'stopped' ? await placeOf(s, frame, expression, at.threadId) : undefined;
    return { refused: e.message, ...(where ? { where } : {}) };
  }
}

/** The frame a refused expression was evaluated in and its names; undefined when they cannot be read. */
async function placeOf(s: EvaluateHost, frame: number, expression: string, threadId?: number): Promise<RefusalPlace | undefined> {
  try {
    const f = await s.reads.frameAt(frame, threadId);
    const names = [...(await s.inspectorFor(threadId).snapshot(frame)).keys()];
    const caller = await callerWithName(s, frame, identifiers(expression).filter((n) => !names.includes(n)), threadId);
    return { frame: f, names, ...(caller ? { caller } : {}) };
  } catch {
    return undefined;
  }
}

/** The nearest frame below `frame` where one of the missing names is a local. */
async function callerWithName(s: EvaluateHost, frame: number, missing: string[], threadId?: number): Promise<RefusalPlace['caller']> {
  if (!missing.length) return undefined;
  for (let i = frame + 1; i <= frame + CALLERS_SEARCHED; i++) {
    const f = await s.reads.frameAt(i, threadId).catch(() => undefined);
    if (!f) return undefined;
    const names = await s.inspectorFor(threadId).snapshot(i).catch(() => undefined);
    const name = names && missing.find((n) => names.has(n));
    if (name) return { index: i, frame: f, name };
  }
  return undefined;
}

/** The names an expression starts paths with (`a` in `a.b[c]`), outside quotes; not members after a dot. */
export function identifiers(expression: string): string[] {
  const bare = expression.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
  return [...new Set([...bare.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g)].map((m) => m[0]))];
}

/** Each expression's value, or the last line of why it failed; `frameError` when frame 0 cannot be read. */
export interface EvaluatedEach {
  frameError?: string;
  values: { expression: string; value?: string; error?: string }[];
}

/** Display expressions: each evaluated in the stopped frame 0 under the evaluation mode; one that fails does not stop the others. */
export async function evaluateEach(s: EvaluateHost, expressions: string[]): Promise<EvaluatedEach> {
  let frameId: number;
  try {
    frameId = await s.reads.frameId(0);
  } catch (e) {
    return { frameError: (e as Error).message, values: [] };
  }
  const values: EvaluatedEach['values'] = [];
  for (const expression of expressions) {
    try {
      const later = await undeclaredNames(s, identifiers(expression), 0).catch(() => new Map<string, number>());
      const bare = later.get(expression.trim());
      if (later.size) {
        values.push(bare !== undefined ? { expression, value: undeclaredText(bare) } : { expression, error: `not evaluated: ${undeclaredWords(later)}` });
        continue;
      }
      values.push({ expression, value: (await s.reads.evaluate(expression, frameId, s.profile.evaluation.context ?? 'watch')).result });
    } catch (e) {
      values.push({ expression, error: (e as Error).message });
    }
  }
  return { values };
}

/** A variable set by path: its value before and after. */
export interface VariableSet {
  old: string;
  value: string;
  type?: string;
}

export async function setVariableAt(s: EvaluateHost, path: string, value: string, frame: number, threadId?: number): Promise<VariableSet> {
  if (!s.capabilities.supportsSetVariable) throw new GatewayError(`${s.profile.adapter.name} cannot set variables`, undefined, { code: 'not-supported', next: 'assign-by-evaluating' });
  await refuseUndeclared(s, path, value, frame, threadId);
  const { node, parentRef } = await s.inspectorFor(threadId).resolvePath(frame, path);
  const r = await s.reads.setVariable(parentRef, node.name, value, threadId);
  // an answer without the new value (lldb-dap 19 names it `result`): read the variable back
  const now = typeof r.value === 'string' ? r : (await s.inspectorFor(threadId).resolvePath(frame, path)).node;
  return { old: node.value, value: now.value, ...(now.type ? { type: now.type } : {}) };
}

/**
 * A local whose declaration has not run (the profile's `trace.declarations`) has no variable yet:
 * writing it writes a slot its declaration then overwrites (a `let` in its dead zone, a C stack
 * slot), and a value that reads one reads that slot's leftover. Either is refused, as an
 * evaluation says it, with the line after which it can be done.
 */
async function refuseUndeclared(s: EvaluateHost, path: string, value: string, frame: number, threadId?: number): Promise<void> {
  const head = /^[A-Za-z_$][\w$]*/.exec(path.trim())?.[0];
  const read = identifiers(value);
  const later = await undeclaredNames(s, [...new Set([...(head ? [head] : []), ...read])], frame, threadId).catch(() => new Map<string, number>());
  const own = head !== undefined ? later.get(head) : undefined;
  if (own !== undefined) {
    throw new GatewayError(
      `'${path}' is not set: '${head}' (line ${own}) is not declared yet at this stop (its declaration has not run, and would overwrite what is written now); it can be set after line ${own} runs`,
      `step past line ${own} first`,
      'not-found',
    );
  }
  const used = new Map([...later].filter(([name]) => read.includes(name)));
  if (used.size) {
    const last = Math.max(...used.values());
    throw new GatewayError(`'${path}' is not set: its value reads ${undeclaredWords(used)}`, `step past line ${last} first`, 'not-found');
  }
}
