import { z } from 'zod';
import { AdapterRefusedError, type Session } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { failure, ok, type ToolResult } from './result.js';
import { variableJson, variableTree } from '../format/values.js';
import { clip } from '../format/text.js';
import { frameLocation } from '../format/frames.js';
import { outputs } from './output-schemas.js';

const config = {
  title: 'Evaluate',
  description: 'Evaluate an expression in a stopped frame; errors list names there.',
  input: {
    expression: z.string().min(1),
    frame: params.frame,
    context: z.enum(['watch', 'repl', 'hover', 'clipboard']).optional(),
    threadId: params.threadId,
    sessionId: params.sessionId,
  },
  output: outputs.evaluate,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
};

export async function debugEvaluate(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const frame = a.frame ?? 0;
  const frameId = s.state === 'stopped' ? await s.reads.frameId(frame, a.threadId) : undefined;
  try {
    const answer = await s.reads.evaluate(a.expression, frameId, a.context ?? s.profile.evaluation.context ?? 'repl', 'evaluate', a.threadId);
    const inspector = s.inspectorFor(a.threadId);
    const { node, items, more, moreAtLeast } = await inspector.evaluated(answer, 25);
    const r = { ...answer, result: node.value };
    const type = r.type ? ` (${r.type})` : '';
    // a statement (an assignment, a call for its effect) was run, not an expression's value to show as `x = v`
    const executed = r.result === '' || isAssignment(a.expression);
    let text = executed ? `executed: ${a.expression}${r.result === '' ? '' : `; its value: ${clip(r.result, 2_000)}${type}`}` : `${a.expression} = ${clip(r.result, 2_000)}${type}`;
    const structured: Record<string, unknown> = { sessionId: s.id, state: s.state, expression: a.expression, result: r.result, ...(r.type ? { type: r.type } : {}) };
    if (node.variablesReference > 0 && !inspector.opaque(node.type)) {
      if (items.length) text += `\n${variableTree(items, '  ').join('\n')}${more ? `\n  … ${moreAtLeast ? 'at least ' : ''}${more} more` : ''}`;
      structured.members = items.map(variableJson);
    }
    return ok(text, structured);
  } catch (e) {
    if (!(e instanceof AdapterRefusedError)) throw e;
    const here = s.state === 'stopped' ? await whereAndNames(s, frame, a.expression, a.threadId) : '';
    return failure(`${e.message.trim()}${here}`, { sessionId: s.id, state: s.state, expression: a.expression, error: e.message });
  }
}

export const debugEvaluateTool = tool('debug_evaluate', config, debugEvaluate);

async function whereAndNames(s: Session, frame: number, expression: string, threadId?: number): Promise<string> {
  try {
    const f = await s.reads.frameAt(frame, threadId);
    const names = [...(await s.inspectorFor(threadId).snapshot(frame)).keys()];
    const elsewhere = await callerWithName(s, frame, identifiers(expression).filter((n) => !names.includes(n)), threadId);
    return ` (in ${f.name} at ${frameLocation(f, s.cwd)}). Names here: ${names.slice(0, 30).join(', ') || '(none)'}.${elsewhere}`;
  } catch {
    return '';
  }
}

/** How many frames below the one evaluated a refusal looks in for a name it lacks. */
const CALLERS_SEARCHED = 8;

/** The nearest frame below `frame` where one of the missing names is a local, as a sentence (empty if none). */
async function callerWithName(s: Session, frame: number, missing: string[], threadId?: number): Promise<string> {
  if (!missing.length) return '';
  for (let i = frame + 1; i <= frame + CALLERS_SEARCHED; i++) {
    const f = await s.reads.frameAt(i, threadId).catch(() => undefined);
    if (!f) return '';
    const names = await s.inspectorFor(threadId).snapshot(i).catch(() => undefined);
    const name = names && missing.find((n) => names.has(n));
    if (name) return ` '${name}' is a local of frame ${i} (${f.name} at ${frameLocation(f, s.cwd)}): pass frame: ${i}.`;
  }
  return '';
}

/** The names an expression starts paths with (`a` in `a.b[c]`), outside quotes; not members after a dot. */
function identifiers(expression: string): string[] {
  const bare = expression.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
  return [...new Set([...bare.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g)].map((m) => m[0]))];
}

/** `a.b = 1`, `x += 2` (not `==`, `<=`, `=>`): an assignment outside quotes. */
function isAssignment(expression: string): boolean {
  const bare = expression.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
  return /(^|[^=!<>])(\*\*|[-+*/%&|^]|<<|>>>?|\?\?|&&|\|\|)?=(?![=>])/.test(bare);
}
