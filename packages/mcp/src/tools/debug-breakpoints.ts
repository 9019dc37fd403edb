import { ok, type ToolResult } from './result.js';
import { breakpointJson, describeBreakpoint } from '../format/breakpoints.js';
import { outputs } from './output-schemas.js';
import { tool, type ToolContext } from './register.js';

const config = {
  title: 'Breakpoints',
  description: 'Breakpoints: owner, binding per session, hits.',
  input: {},
  output: outputs.breakpoints,
  annotations: { readOnlyHint: true },
};

export async function debugBreakpoints(_args: unknown, { manager }: ToolContext): Promise<ToolResult> {
  const list = manager.breakpoints.list();
  const cwd = manager.defaultCwd();
  const { problem } = manager.lost();
  const note = problem ? `\nNote: ${problem}` : '';
  if (!list.length) return ok(`No breakpoints. Set one with debug_breakpoint_set.${note}`, { breakpoints: [] });
  return ok(list.map((b) => describeBreakpoint(b, cwd)).join('\n') + note, { breakpoints: list.map(breakpointJson) });
}

export const debugBreakpointsTool = tool('debug_breakpoints', config, debugBreakpoints);
