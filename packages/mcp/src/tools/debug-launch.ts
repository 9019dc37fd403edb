import { z } from 'zod';
import { resolveLaunch, type ConfiguredLaunch, type Session, type Profile } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { describe } from '../format/session.js';
import { setDisplay } from '../format/display.js';
import { settle, DEFAULT_WAIT_MS } from './waiting.js';
import { bindingNotes } from '../format/breakpoints.js';
import { armedLine, armedStops, workspaceArmedLine, type ArmedStops } from '../format/armed.js';
import { tailText } from '../format/text.js';
import { fieldShape, languageChoices, takeFields } from './profile-fields.js';
import { outputs } from './output-schemas.js';

const config = (profiles: Profile[]) => ({
  title: 'Launch',
  description:
    'Run a program under the debugger; waits (unless wait: false) for the first stop or exit.',
  input: {
    program: z.string().optional(),
    configuration: z.string().optional().describe('from .vscode/launch.json'),
    ...fieldShape(profiles, 'launch'),
    language: z.string().optional().describe(languageChoices(profiles)),
    args: z.array(z.string()).optional(),
    cwd: z.string().optional(),
    env: params.env,
    stopOnEntry: z.boolean().optional(),
    breakpoints: z.array(params.breakpoint).optional().describe(params.breakpointsNote),
    display: params.display,
    wait: z.boolean().optional(),
    timeoutMs: params.timeoutMs(),
    adapterArgs: z.record(z.unknown()).optional(),
  },
  output: outputs.launch,
  annotations: { destructiveHint: false, openWorldHint: true },
});

export async function debugLaunch(a: ToolArgs<ReturnType<typeof config>['input']>, { manager, signal, progress }: ToolContext): Promise<ToolResult> {
  const { request: given, configured, breakpointCwd } = await resolveLaunch(manager.profiles, { ...a, fields: takeFields(manager.profiles.profiles, 'launch', a) });
  await manager.breakpoints.refuseUnsupportedKinds(given, a.breakpoints);
  // the breakpoints given are the session's own: they apply to it alone and end with it
  const sessionId = manager.reserveSessionId();
  const added = a.breakpoints?.length ? await manager.breakpoints.add(a.breakpoints.map((b) => ({ ...b, sessionId })), breakpointCwd) : [];
  const session = await manager.launch({ ...given, sessionId });
  try {
    if (a.display) setDisplay(session, a.display);
    const fromConfig = (configured ? configurationNote(a.configuration!, configured) : '') + workspaceArmedLine(session);
    const armed = armedStops(session, manager, given.stopOnEntry);
    const breakpoints = added.map((b) => b.id);
    if (a.wait === false) {
      const d = await describe(session);
      return ok(`${d.text.replace(/\.$/, '')}. ${armedLine(armed)}${fromConfig}`, { ...d.structured, breakpoints, armed: armed.parts });
    }
    // with or without anything armed: a program that ends or crashes at once is answered in this call
    const d = await settle(session, a.timeoutMs ?? DEFAULT_WAIT_MS, signal, 3, progress);
    const notes = [bindingNotes(session, breakpoints), d.structured.waitTimedOut ? `${armedLine(armed)}${unarmedAdvice(armed)}` : '', d.structured.waitTimedOut ? outputSoFar(session) : ''].filter(Boolean);
    return ok([d.text, ...notes].join('\n') + fromConfig, { ...d.structured, breakpoints, armed: armed.parts });
  } finally {
    // background work (a warm adapter for the next launch) waited for this answer's reads
    manager.launchAnswered(session.id);
  }
}

export const debugLaunchTool = tool('debug_launch', config, debugLaunch);

/** After a launch's wait ran out: what could still stop the program, when no breakpoint can. */
function unarmedAdvice(armed: ArmedStops): string {
  if (armed.waitFor) return '';
  if (armed.onlyExceptions) return ' No breakpoints and no stopOnEntry: only an exception stops it; debug_wait waits for one, debug_breakpoint_set adds a breakpoint.';
  return ' Nothing can stop it (no breakpoints, no exception filters, no stopOnEntry): set one with debug_breakpoint_set, or read debug_output.';
}

/** What a still-running program printed so far (the last lines), or that it printed nothing. */
function outputSoFar(s: Session): string {
  const out = s.output.tail(200).map((e) => e.text).join('').replace(/\r\n/g, '\n');
  return out.trim() ? `Output so far (last lines):\n${tailText(out, 10, 1_500)}` : 'Output so far: none.';
}

/** Where a configured launch came from, and what of the configuration VS Code would have done that dapgate did not. */
function configurationNote(name: string, c: ConfiguredLaunch): string {
  const ignored = c.ignored.length ? `; not carried out (VS Code only): ${c.ignored.join(', ')}` : '';
  return `\nFrom configuration '${name}' (${c.profile.id}) in ${c.launchJson}${ignored}.`;
}
