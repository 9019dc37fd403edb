import { z } from 'zod';
import { GatewayError } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { outputs } from './output-schemas.js';

const config = {
  title: 'Exception stops',
  description: 'Which exceptions stop the session (e.g. uncaught); none given: lists those offered.',
  input: { filters: z.array(z.string()).optional().describe('replaces the active set; [] = none'), sessionId: params.sessionId },
  output: outputs.exceptionFilters,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
};

export async function debugExceptionBreakpoints(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const offered = s.capabilities.exceptionBreakpointFilters ?? [];
  if (a.filters) {
    const unknown = a.filters.filter((f) => !offered.some((o) => o.filter === f));
    if (unknown.length) throw new GatewayError(`${s.profile.adapter.name} has no exception filter ${unknown.join(', ')}`, `offered: ${offered.map((o) => `${o.filter} (${o.label})`).join(', ') || 'none'}`, 'not-found');
    s.requireLive('set exception breakpoints');
    await manager.chooseExceptionFilters(s, a.filters);
  }
  const text = `Session ${s.id} exception filters: ${offered.map((o) => `${s.exceptionFilters.includes(o.filter) ? '[x]' : '[ ]'} ${o.filter} (${o.label})`).join(', ') || 'the adapter offers none'}`;
  return ok(text, { sessionId: s.id, state: s.state, active: s.exceptionFilters, offered: offered.map((o) => ({ filter: o.filter, label: o.label })) });
}

export const debugExceptionBreakpointsTool = tool('debug_exception_breakpoints', config, debugExceptionBreakpoints);
