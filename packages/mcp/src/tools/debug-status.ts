import { z } from 'zod';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { describe } from '../format/session.js';
import { setDisplay } from '../format/display.js';

const config = {
  title: 'Status',
  description: 'A session: state, where and why stopped, source, frames (default 5), locals.',
  input: {
    sessionId: params.sessionId,
    source: z.boolean().optional(),
    locals: z.boolean().optional(),
    frames: z.number().int().min(0).max(50).optional(),
    display: params.display.describe('[] = none'),
    threadId: params.threadId,
  },
  annotations: { readOnlyHint: true },
};

export async function debugStatus(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  if (a.display) setDisplay(s, a.display);
  const d = await describe(s, { source: a.source, locals: a.locals, frames: a.frames ?? 5, threadId: a.threadId });
  return ok(d.text, d.structured);
}

export const debugStatusTool = tool('debug_status', config, debugStatus);
