import { z } from 'zod';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { stackView } from '../format/stack.js';
import { outputs } from './output-schemas.js';

const config = {
  title: 'Stack',
  description: 'Frames: index (other tools\' frame; 0 = top), function, file:line.',
  input: {
    sessionId: params.sessionId,
    threadId: params.threadId,
    startFrame: z.number().int().min(0).optional(),
    levels: z.number().int().min(1).max(200).optional(),
    library: z.boolean().optional(),
  },
  output: outputs.stack,
  annotations: { readOnlyHint: true },
};

export async function debugStack(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const start = a.startFrame ?? 0;
  const { frames, total, totalIsLowerBound } = await s.stackTrace(a.threadId, start, a.levels ?? 20);
  const view = await stackView(s, frames, start, a.library);
  const more = total !== undefined && total > start + frames.length ? `\n… ${totalIsLowerBound ? 'at least ' : ''}${total - start - frames.length} more frames (startFrame: ${start + frames.length})` : '';
  const collapsed = view.libraryFrames && !a.library ? `\n(${view.libraryFrames} library frame${view.libraryFrames === 1 ? '' : 's'} collapsed; library: true lists them)` : '';
  const text = view.lines.join('\n') + more + collapsed;
  return ok(frames.length ? text : NO_FRAMES, { sessionId: s.id, state: s.state, threadId: a.threadId ?? s.stop?.threadId, frames: view.rows, totalFrames: total, ...(totalIsLowerBound ? { totalIsLowerBound } : {}) });
}

export const debugStackTool = tool('debug_stack', config, debugStack);

const NO_FRAMES = 'No frames: this thread has none at this stop (its code has not started yet, or it runs native code only). Continue or step, then look again.';
