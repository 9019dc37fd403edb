import { z } from 'zod';
import { GatewayError } from '@dapgate/core';
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
  if (!s.capabilities.supportsSetVariable) throw new GatewayError(`${s.profile.adapter.name} cannot set variables`, 'use debug_evaluate with an assignment where the language allows it', 'not-supported');
  const inspector = s.inspectorFor(a.threadId);
  const { node, parentRef } = await inspector.resolvePath(a.frame ?? 0, a.path);
  const old = node.value;
  const r = await s.reads.setVariable(parentRef, node.name, a.value, a.threadId);
  return ok(`${a.path}: ${clip(old, 60)} -> ${clip(r.value, 120)}`, { sessionId: s.id, state: s.state, path: a.path, old, value: r.value, ...(r.type ? { type: r.type } : {}) });
}

export const debugSetVariableTool = tool('debug_set_variable', config, debugSetVariable);
