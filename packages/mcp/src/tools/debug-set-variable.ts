import { z } from 'zod';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { clip } from '../format/text.js';
import { outputs } from './output-schemas.js';

const config = {
  title: 'Set variable',
  description: 'Set a variable or member by path (e.g. a.b[0]); value is an expression.',
  input: { path: z.string(), value: z.string(), frame: params.frame, threadId: params.threadId, sessionId: params.sessionId },
  output: outputs.setVariable,
  annotations: { destructiveHint: true },
};

export async function debugSetVariable(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const r = await s.setVariable(a.path, a.value, a.frame ?? 0, a.threadId);
  return ok(`${a.path}: ${clip(r.old, 60)} -> ${clip(r.value, 120)}`, { sessionId: s.id, state: s.state, path: a.path, old: r.old, value: r.value, ...(r.type ? { type: r.type } : {}) });
}

export const debugSetVariableTool = tool('debug_set_variable', config, debugSetVariable);
