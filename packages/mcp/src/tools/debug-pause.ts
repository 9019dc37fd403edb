import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { settle } from './waiting.js';
import { focusProgramThread, type Session } from '@dapgate/core';
import { describe, headline, type Description } from '../format/session.js';

const config = {
  title: 'Pause',
  description: 'Pause a running session and show where it is.',
  input: { sessionId: params.sessionId, threadId: params.threadId, timeoutMs: params.timeoutMs(5_000) },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
};

export async function debugPause(a: ToolArgs<typeof config.input>, { manager, signal, progress }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const thread = a.threadId === undefined ? undefined : s.thread(a.threadId);
  if (s.state === 'stopped' && (!thread || thread.state === 'stopped')) {
    const d = await describe(s, { threadId: thread?.id });
    return ok(`${d.text}\n(It was already stopped.)`, d.structured);
  }
  if (s.state === 'stopped' && thread) {
    // another thread is stopped already: wait for this one's own stop and show it
    await s.pause(thread.id);
    const outcome = await s.waitUntil(() => thread.state === 'stopped' || s.thread(thread.id) !== thread || !s.live, a.timeoutMs ?? 5_000, signal);
    if (thread.state !== 'stopped') return ok(`Thread ${thread.id} did not pause within ${a.timeoutMs ?? 5_000} ms (${outcome}); debug_threads shows its state.`, { sessionId: s.id, state: s.state });
    const d = await describe(s, { threadId: thread.id });
    return ok(d.text, d.structured);
  }
  const timeoutMs = a.timeoutMs ?? 5_000;
  const started = Date.now();
  if ((await s.pause(a.threadId, timeoutMs)) === 'unanswered' && s.state === 'running') {
    const text = `${headline(s)} was not paused: ${s.profile.adapter.name} did not answer 'pause' within ${timeoutMs} ms, and the program runs on. The session stays; a stop the adapter reports later is kept (debug_wait shows it); debug_stop ends the session.`;
    return ok(text, { sessionId: s.id, state: s.state, paused: false });
  }
  const d = await settle(s, Math.max(1, timeoutMs - (Date.now() - started)), signal, 3, progress);
  if (d.structured.stopBeingRead) return ok(d.text, { ...d.structured, paused: true });
  if (d.structured.waitTimedOut && s.state === 'running') {
    // answered, yet no stop: say why where the profile knows (Node: only when JavaScript runs), never guess
    const why = s.profile.stops.pauseWhenIdle ?? `${s.profile.adapter.name} may stop it later, or not at all.`;
    const text = `${headline(s)} was not paused yet: ${s.profile.adapter.name} answered 'pause' but reported no stop within ${timeoutMs} ms, and the program runs on. ${why} A stop reported later is kept (debug_wait shows it); debug_stop ends the session.`;
    return ok(text, { ...d.structured, paused: false });
  }
  if (a.threadId === undefined && s.state === 'stopped') return ok(...(await programThread(s, d)));
  return ok(d.text, d.structured);
}

/** The pause shown on a thread with the program's own code when the adapter's has none (see focusProgramThread). */
async function programThread(s: Session, d: Description): Promise<[string, Record<string, unknown>]> {
  const pick = await focusProgramThread(s).catch(() => undefined);
  if (!pick) return [d.text, d.structured];
  const adapter = s.profile.adapter.name;
  const reported = `${adapter} stopped thread ${pick.reported.id}, which ${pick.reportedFrames ? 'runs library code only in its top frames' : 'has no frames'}`;
  if (!pick.shown) {
    const unread = pick.stopped - pick.read;
    const note = `${reported}; none of the other ${pick.read} stopped threads read has the program's own code in its top frames${unread ? ` (${unread} more not read)` : ''}: debug_snapshot shows where each waits.`;
    return [insertAfterHead(d.text, note), d.structured];
  }
  const shown = await describe(s, { threadId: pick.shown.id, frames: 3 });
  const note = `${reported}; shown: thread ${pick.shown.id}, the first with the program's own code (later calls act on it; the others are paused too: debug_threads lists them, debug_snapshot shows where each waits).`;
  return [insertAfterHead(shown.text, note), { ...shown.structured, pickedThread: { reported: pick.reported.id, shown: pick.shown.id } }];
}

function insertAfterHead(text: string, line: string): string {
  const [head, ...rest] = text.split('\n');
  return [head, line, ...rest].join('\n');
}

export const debugPauseTool = tool('debug_pause', config, debugPause);
