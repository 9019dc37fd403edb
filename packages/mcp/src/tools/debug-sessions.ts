import type { Session } from '@dapgate/core';
import { ok, type ToolResult } from './result.js';
import { frameLabel } from '../format/frames.js';
import { outputs } from './output-schemas.js';
import { tool, type ToolContext } from './register.js';

const config = {
  title: 'Sessions',
  description: 'Sessions: id, language, target, state, where. sessionId defaults to the latest live one.',
  input: {},
  output: outputs.sessions,
  annotations: { readOnlyHint: true },
};

export async function debugSessions(_args: unknown, { manager }: ToolContext): Promise<ToolResult> {
  const all = manager.list();
  const kept = manager.lost();
  const note = kept.problem ? `\nNote: ${kept.problem}` : '';
  const lost = kept.sessions.map((s) => ({ sessionId: s.id, language: s.language, target: s.target, kind: s.kind, state: 'lost', was: s.state }));
  const lostText = lost.map((r) => `${r.sessionId} lost in a gateway restart (was ${r.was}) — ${r.target} (${r.kind})${r.kind === 'attach' ? `; debug_attach {reattach: "${r.sessionId}"} attaches again` : ''}`);
  if (!all.length && !lost.length) return ok(`No sessions. Start one with debug_launch or debug_attach.${note}`, { sessions: [] });
  const rows = all.map((s) => ({ sessionId: s.id, language: s.profile.id, target: s.target, kind: s.kind, state: s.state, ...(s.detached ? { detached: true } : {}), where: where(s) }));
  const dropped = manager.droppedEnded ? `\n(${manager.droppedEnded} older ended session(s) dropped; the last few ended ones are kept)` : '';
  const text = [...rows.map((r) => `${r.sessionId} ${r.detached ? 'detached (its program was left running)' : r.state}${r.where ? ` at ${r.where}` : ''} — ${r.target} (${r.kind})`), ...lostText].join('\n');
  return ok(text + dropped + note, { sessions: [...rows, ...lost], droppedEnded: manager.droppedEnded });
}

export const debugSessionsTool = tool('debug_sessions', config, debugSessions);

function where(s: Session): string | undefined {
  const top = s.state === 'stopped' ? s.stop?.frames[0] : undefined;
  return top ? frameLabel(top, s.cwd) : undefined;
}
