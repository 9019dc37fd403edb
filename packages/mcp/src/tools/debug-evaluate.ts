import { z } from 'zod';
import type { RefusalPlace } from '@dapgate/core';
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
  const r = await s.evaluateAt(a.expression, { frame: a.frame, threadId: a.threadId, context: a.context });
  if (r.refused !== undefined) return failure(`${r.refused.trim()}${r.where ? place(r.where, s.cwd) : ''}`, { sessionId: s.id, state: s.state, expression: a.expression, error: r.refused });
  const { node, items, more, moreAtLeast } = r;
  const result = node.value;
  // the type in the language's words (the profile's typeNames), as variables name it
  const typeName = node.type ?? r.answer.type;
  const type = typeName ? ` (${typeName})` : '';
  // a statement (an assignment, a call for its effect) was run, not an expression's value to show as `x = v`
  const executed = result === '' || isAssignment(a.expression);
  let text = executed ? `executed: ${a.expression}${result === '' ? '' : `; its value: ${clip(result, 2_000)}${type}`}` : `${a.expression} = ${clip(result, 2_000)}${type}`;
  const structured: Record<string, unknown> = { sessionId: s.id, state: s.state, expression: a.expression, result, ...(typeName ? { type: typeName } : {}) };
  if (node.variablesReference > 0 && !r.opaque) {
    if (items.length) text += `\n${variableTree(items, '  ').join('\n')}${more ? `\n  … ${moreAtLeast ? 'at least ' : ''}${more} more` : ''}`;
    structured.members = items.map(variableJson);
  }
  return ok(text, structured);
}

export const debugEvaluateTool = tool('debug_evaluate', config, debugEvaluate);

/** ` (in f at file:line). Names here: ...` and the caller that has a name the expression lacks. */
function place(where: RefusalPlace, cwd: string): string {
  const { frame: f, names, caller } = where;
  const elsewhere = caller ? ` '${caller.name}' is a local of frame ${caller.index} (${caller.frame.name} at ${frameLocation(caller.frame, cwd)}): pass frame: ${caller.index}.` : '';
  return ` (in ${f.name} at ${frameLocation(f, cwd)}). Names here: ${names.slice(0, 30).join(', ') || '(none)'}.${elsewhere}`;
}

/** `a.b = 1`, `x += 2` (not `==`, `<=`, `=>`): an assignment outside quotes. */
function isAssignment(expression: string): boolean {
  const bare = expression.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
  return /(^|[^=!<>])(\*\*|[-+*/%&|^]|<<|>>>?|\?\?|&&|\|\|)?=(?![=>])/.test(bare);
}
