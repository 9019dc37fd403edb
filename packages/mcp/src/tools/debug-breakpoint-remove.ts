import { z } from 'zod';
import { ok, type ToolResult } from './result.js';
import { outputs } from './output-schemas.js';
import { tool, type ToolArgs, type ToolContext } from './register.js';

const config = {
  title: 'Remove breakpoints',
  description: 'Remove breakpoints by id, file (+line), or all.',
  input: {
    id: z.union([z.string(), z.array(z.string())]).optional(),
    file: z.string().optional(),
    line: z.number().int().optional(),
    all: z.boolean().optional(),
  },
  output: outputs.removed,
  annotations: { destructiveHint: true, idempotentHint: true },
};

export async function debugBreakpointRemove(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const { removed, remaining } = await manager.breakpoints.removeSelected(a);
  return ok(`Removed ${removed.length} breakpoint(s)${removed.length ? `: ${removed.map((b) => b.id).join(', ')}` : ''}. ${remaining} left.`, {
    removed: removed.map((b) => b.id),
    remaining,
  });
}

export const debugBreakpointRemoveTool = tool('debug_breakpoint_remove', config, debugBreakpointRemove);
