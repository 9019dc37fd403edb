import { z } from 'zod';
import type { Session } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { headline } from '../format/session.js';
import { outputs } from './output-schemas.js';

const config = {
  title: 'Stop',
  description: 'End a session: kill a launched program, detach an attached one (or terminate).',
  input: { sessionId: params.sessionId, terminate: z.boolean().optional() },
  output: outputs.stop,
  annotations: { destructiveHint: true },
};

export async function debugStop(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const terminate = a.terminate ?? s.kind === 'launch';
  const wasLive = s.live;
  const stateBefore = s.state;
  const target = await s.end(terminate, 'debug_stop');
  // a launched program ends with its session either way (dapgate would leave it running with nobody to end it)
  const ends = terminate || s.kind === 'launch';
  const why = !terminate && s.kind === 'launch' ? ' (terminate: false detaches only from an attached program; one dapgate launched ends with its session)' : '';
  let what: string;
  if (!wasLive) what = 'had already ended';
  else if (!ends) what = s.release ? detachWords(s.release) : `ended; detached while ${stateBefore} (whether the program runs was not checked)`;
  else if (!target) what = s.kind === 'launch' ? `ended; the debugger was told to end the program (not checked: dapgate knows no pid of it)${why}` : 'ended; the program was terminated';
  else if (target.gone) what = `ended; the program was terminated: ${target.detail}${why}`;
  else what = `ended, but the program was NOT terminated: ${target.detail}`;
  const terminated = ends && wasLive && (target?.gone ?? true);
  const detached = s.release && !ends ? { detached: { running: s.release.running, removed: s.release.removed, left: s.release.left } } : {};
  return ok(`${headline(s)} ${what}.`, { sessionId: s.id, state: s.state, terminated, ...detached, ...(target?.pid ? { pid: target.pid } : {}) });
}

export const debugStopTool = tool('debug_stop', config, debugStop);

/** What a detach did: what it took out of the target, and whether the program was seen running. */
function detachWords(d: NonNullable<Session['release']>): string {
  const removed = d.removed.length ? `; removed what this session set in the target: ${d.removed.join(', ')}` : '';
  const left = d.left.length ? `; still set in the target (could not be removed): ${d.left.join('; ')}` : '';
  if (d.running) return `ended; detached, the program keeps running (${d.afterDetach ? d.detail : 'seen running after the detach resumed it'}${removed})${left}`;
  return `ended; detached, but the program is NOT running: ${d.detail}${removed}${left}`;
}
