import { z } from 'zod';
import { runTo } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { settle, DEFAULT_WAIT_MS } from './waiting.js';
import { outputs } from './output-schemas.js';
import { shortPath } from '../format/text.js';

const config = {
  title: 'Run to',
  description: 'Continue to file:line and wait; a breakpoint may stop first.',
  input: { file: z.string(), line: z.number().int().min(1), sessionId: params.sessionId, threadId: params.threadId, timeoutMs: params.timeoutMs() },
  output: outputs.runTo,
  annotations: { readOnlyHint: false, destructiveHint: false },
};

export async function debugRunTo(a: ToolArgs<typeof config.input>, { manager, signal, progress }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const { file, reached, waited: d, breakpointId } = await runTo(manager, s, a, () => settle(s, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 3, progress, a.threadId));
  if (s.state === 'stopped' && !reached) d.text = `Did not reach ${shortPath(file, s.cwd)}:${a.line}: ${d.text}`;
  // the breakpoint run_to set for itself (gone now) is none the agent knows of
  if (reached && breakpointId) d.text = d.text.replace(` stopped at breakpoint ${breakpointId} (removed since),`, ' stopped at the line it ran to,');
  return ok(d.text, { ...d.structured, reached });
}

export const debugRunToTool = tool('debug_run_to', config, debugRunTo);
