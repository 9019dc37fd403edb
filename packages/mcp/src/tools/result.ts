import { adapterFailure, GatewayError } from '@dapgate/core';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { messageOf, nextOf } from './next-steps.js';

export type ToolResult = CallToolResult;

export function ok(text: string, structured: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function failure(text: string, structured?: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], isError: true, ...(structured ? { structuredContent: structured } : {}) };
}

/** Turns anything thrown by a tool into an error result that says what to do next (an adapter's failure as core maps it). */
export function errorResult(e: unknown): ToolResult {
  const error = e instanceof GatewayError ? e : adapterFailure(e);
  if (error) {
    const next = nextOf(error);
    return failure(next ? `${messageOf(error)}\nNext: ${next}` : messageOf(error));
  }
  return failure(`Internal error: ${(e as Error)?.stack ?? String(e)}`);
}
