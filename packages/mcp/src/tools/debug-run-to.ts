import { z } from 'zod';
import { canonicalPath } from '@dapgate/core';
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
  s.requireLive('run to a line');
  const file = canonicalPath(a.file, s.cwd);
  const existing = manager.breakpoints.at(file, a.line, s.id);
  const [temp] = existing ? [undefined] : await manager.breakpoints.add([{ file: a.file, line: a.line, temporary: true, sessionId: s.id }], s.cwd);
  try {
    await s.continue(a.threadId);
    const d = await settle(s, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 3, progress, a.threadId);
    const stop = a.threadId === undefined ? s.stop : s.threads.get(a.threadId)?.stop;
    const reached = s.state === 'stopped' && stop?.frames[0]?.line !== undefined && (temp ? stop.breakpointIds.includes(temp.id) : stop.frames[0]!.line === existing?.line);
    if (s.state === 'stopped' && !reached) d.text = `Did not reach ${shortPath(file, s.cwd)}:${a.line}: ${d.text}`;
    return ok(d.text, { ...d.structured, reached });
  } finally {
    if (temp && manager.breakpoints.has(temp.id)) await manager.breakpoints.remove([temp.id]);
  }
}

export const debugRunToTool = tool('debug_run_to', config, debugRunTo);
