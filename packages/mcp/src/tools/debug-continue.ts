import { z } from 'zod';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { settle, DEFAULT_WAIT_MS } from './waiting.js';

const config = {
  title: 'Continue',
  description: 'Resume; waits (unless wait: false) for the next stop or exit.',
  input: { sessionId: params.sessionId, threadId: params.threadId, wait: z.boolean().optional(), timeoutMs: params.timeoutMs() },
  annotations: { readOnlyHint: false, destructiveHint: false },
};

export async function debugContinue(a: ToolArgs<typeof config.input>, { manager, signal, progress }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  await s.continue(a.threadId);
  if (a.wait === false) return ok(`Session ${s.id} resumed.`, { sessionId: s.id, state: s.state });
  const d = await settle(s, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 0, progress);
  if (a.threadId !== undefined) d.text = `Thread ${a.threadId} resumed.\n${d.text}`;
  return ok(d.text, d.structured);
}

export const debugContinueTool = tool('debug_continue', config, debugContinue);
