import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/server';
import { standardSchema } from './tools/tool-list.js';

/** The workflow, as in packages/mcp/skills/debug-a-bug/SKILL.md (a test keeps the two the same). */
export const DEBUG_A_BUG_STEPS = `1. Reproduce. Run the failing program under the debugger: \`debug_launch {program, args}\` (no
   breakpoints yet) and read the outcome and \`debug_output\`. Know the wrong value or the exception
   before you go on.
2. Breakpoint at the suspect. Pick the line that computes the wrong value or raises the exception:
   \`debug_breakpoint_set {file, line, expectContent}\` (\`condition\` to skip the good iterations), or
   \`debug_exception_breakpoints {filters: ["uncaught"]}\`. Then \`debug_launch\` again (or pass
   \`breakpoints\` to it); it stops there.
3. Inspect. The stop shows source and locals. \`debug_variables {path}\` opens a value,
   \`debug_evaluate\` tests a guess, \`debug_stack\` shows who called.
4. Narrow. \`debug_step\` (over, into, out) shows what changed; move the breakpoint earlier until you
   find the first line where a value goes wrong: that is the cause, not where it shows.
   \`debug_probe\` records values at many hits in one call.
5. Fix the cause in the source.
6. Re-run the same reproduction and check the result is now right; \`debug_stop\` what is left.`;

/** MCP prompts: `debug-a-bug` walks an agent through a debugging session with dapgate's tools. */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'debug-a-bug',
    {
      title: 'Debug a bug',
      description: 'Reproduce, break at the suspect, inspect, narrow, fix, re-run: a bug hunt with dapgate',
      argsSchema: standardSchema(
        z.object({
          symptom: z.string().describe('what goes wrong: the wrong output, the exception, the failing test'),
          program: z.string().optional().describe('the program or test that shows it'),
        }),
      ),
    },
    ({ symptom, program }) => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text: `Find and fix this bug with the dapgate debugging tools.\nSymptom: ${symptom}${program ? `\nProgram: ${program}` : ''}\n\n${DEBUG_A_BUG_STEPS}`,
          },
        },
      ],
    }),
  );
}
