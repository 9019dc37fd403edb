import { z } from 'zod';
import { reattach, type Profile } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { describe } from '../format/session.js';
import { setDisplay } from '../format/display.js';
import { workspaceArmedLine } from '../format/armed.js';
import { allAttachByPid, fieldShape, pidAttachers, takeFields } from './profile-fields.js';
import { formatCandidates } from '../format/attach-candidates.js';

const config = (profiles: Profile[]) => ({
  title: 'Attach',
  description: `Attach to a running program by port (how to start one: debug_languages)${pidAttachers(profiles) ? ` or processId${allAttachByPid(profiles) ? '' : ` (${pidAttachers(profiles)})`}; neither: lists processes` : ''}.`,
  input: {
    language: z.string().optional(),
    ...fieldShape(profiles, 'attach'),
    host: z.string().optional(),
    port: z.number().int().min(1).max(65535).optional(),
    processId: z.number().int().optional(),
    waitForTargetMs: z.number().int().min(0).max(600_000).optional().describe('retry until listening'),
    reconnect: z.boolean().optional().describe('re-attach on restart'),
    cwd: z.string().optional(),
    adapterArgs: z.record(z.unknown()).optional(),
    breakpoints: z.array(params.breakpoint).optional(),
    exceptionFilters: z.array(z.string()).optional(),
    display: z.array(z.string()).optional(),
    reattach: z.string().optional().describe('session lost in a restart'),
  },
  annotations: { destructiveHint: false, openWorldHint: true },
});

export async function debugAttach(a: ToolArgs<ReturnType<typeof config>['input']>, { manager }: ToolContext): Promise<ToolResult> {
  const profiles = manager.profiles.profiles;
  const { language, host, port, processId, waitForTargetMs, reconnect, cwd, adapterArgs, exceptionFilters } = a;
  const fields = takeFields(profiles, 'attach', a);
  // waitForTargetMs waits for a target on the default port that is still starting: not a request to list the running ones
  if (port === undefined && processId === undefined && !a.reattach && !waitForTargetMs && (language !== undefined || Object.keys(fields ?? {}).length > 0)) {
    const pick = await manager.attachCandidates({ language, fields });
    if (pick) return ok(formatCandidates(pick), { candidates: pick.processes, more: pick.more });
  }
  const sessionId = manager.reserveSessionId();
  const added = a.breakpoints?.length ? await manager.breakpoints.add(a.breakpoints.map((b) => ({ ...b, sessionId })), cwd ?? process.cwd()) : [];
  const attaching = a.reattach ? reattach(manager, a.reattach, sessionId) : manager.attach({ language, host, port, processId, waitForTargetMs, reconnect, cwd, adapterArgs, fields, exceptionFilters, sessionId });
  const session = await attaching.catch((e: unknown) => {
    manager.endOwned(sessionId); // the breakpoints given to an attach that failed end with it
    throw e;
  });
  if (a.display) setDisplay(session, a.display);
  if (session.state === 'stopped') await session.waitForSettled(2_000); // its frames are being fetched
  const d = await describe(session);
  const applied = added.length ? `\nBreakpoints ${added.map((b) => b.id).join(', ')} (its own) were applied before configurationDone, so a target that waits for the debugger had them before it resumed.` : '';
  return ok(`${d.text}${applied}${workspaceArmedLine(session)}`, { ...d.structured, breakpoints: added.map((b) => b.id) });
}

export const debugAttachTool = tool('debug_attach', config, debugAttach);
