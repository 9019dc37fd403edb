import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { settle, DEFAULT_WAIT_MS } from './waiting.js';

const config = {
  title: 'Wait',
  description: `Wait for the session to stop or exit. Waits end after timeoutMs (default ${DEFAULT_WAIT_MS}).`,
  input: { sessionId: params.sessionId, timeoutMs: params.timeoutMs() },
  annotations: { readOnlyHint: true },
};

export async function debugWait(a: ToolArgs<typeof config.input>, { manager, signal, progress }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const d = await settle(s, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 3, progress);
  return ok(d.text, d.structured);
}

export const debugWaitTool = tool('debug_wait', config, debugWait);
