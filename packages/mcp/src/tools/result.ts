import { AdapterClosedError, AdapterRefusedError, AdapterTimeoutError, GatewayError } from '@dapgate/core';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { messageOf, nextOf } from './next-steps.js';

export type ToolResult = CallToolResult;

export function ok(text: string, structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function failure(text: string, structured?: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], isError: true, ...(structured ? { structuredContent: structured } : {}) };
}

/** Turns anything thrown by a tool into an error result that says what to do next. */
export function errorResult(e: unknown): ToolResult {
  if (e instanceof GatewayError) {
    const next = nextOf(e);
    return failure(next ? `${messageOf(e)}\nNext: ${next}` : messageOf(e));
  }
  if (e instanceof AdapterRefusedError) return failure(`The debugger refused '${e.command}': ${e.message}`);
  // a session's own requests say whether it failed (core's GatewayError); here nothing is known of the session
  if (e instanceof AdapterTimeoutError) return failure(`${e.message}. debug_status shows whether the session is still live; debug_diagnose shows what is pending.`);
  if (e instanceof AdapterClosedError) return failure(`${e.message}. Check debug_status; start a new session if it ended.`);
  return failure(`Internal error: ${(e as Error)?.stack ?? String(e)}`);
}
