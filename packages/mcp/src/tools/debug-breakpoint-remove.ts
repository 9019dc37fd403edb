import { z } from 'zod';
import { GatewayError } from '@dapgate/core';
import { ok, type ToolResult } from './result.js';
import { shortPath } from '../format/text.js';
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
  const book = manager.book;
  let ids: string[];
  if (a.all) ids = book.list().map((b) => b.id);
  else if (a.id) {
    ids = Array.isArray(a.id) ? a.id : [a.id];
    const unknown = ids.filter((id) => !book.get(id));
    if (unknown.length) throw new GatewayError(`no breakpoint ${unknown.join(', ')}`, `breakpoints: ${book.list().map((b) => b.id).join(', ') || 'none'}`);
  } else if (a.file) {
    const cwd = manager.defaultCwd();
    ids = book
      .list()
      .filter((b) => b.file && (b.file === a.file || shortPath(b.file, cwd) === a.file || b.file.endsWith(`/${a.file}`) || b.file.endsWith(`\\${a.file}`)))
      .filter((b) => a.line === undefined || b.line === a.line)
      .map((b) => b.id);
    if (!ids.length) throw new GatewayError(`no breakpoint in ${a.file}${a.line ? `:${a.line}` : ''}`, 'list them with debug_breakpoints');
  } else throw new GatewayError('say which breakpoints to remove', 'pass id, file (+line), or all: true');
  const removed = book.remove(ids);
  await manager.synced();
  return ok(`Removed ${removed.length} breakpoint(s)${removed.length ? `: ${removed.map((b) => b.id).join(', ')}` : ''}. ${book.list().length} left.`, {
    removed: removed.map((b) => b.id),
    remaining: book.list().length,
  });
}

export const debugBreakpointRemoveTool = tool('debug_breakpoint_remove', config, debugBreakpointRemove);
