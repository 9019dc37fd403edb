import type { Session } from '../session.js';

export interface CollectedMessages {
  messages: { text: string; at: number }[];
  /** All `want` messages arrived within the time bound. */
  complete: boolean;
  elapsedMs: number;
  /** The session's state when it ended before the bound (nothing more can arrive). */
  endedAs?: string;
}

/**
 * Waits for a logpoint's messages in a running session without stopping it: the first `want`
 * messages the breakpoint prints after output cursor `since`, bounded by `timeoutMs`, the session's
 * end and `signal`. The caller sets the logpoint after taking `since` and removes it afterwards.
 */
export async function collectLogpoint(s: Session, id: string, since: number, want: number, timeoutMs: number, signal?: AbortSignal): Promise<CollectedMessages> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  const messages: CollectedMessages['messages'] = [];
  let cursor = since;
  for (;;) {
    const r = s.output.read(cursor, (e) => e.breakpointIds?.includes(id) ?? false);
    cursor = r.next;
    for (const e of r.entries) if (messages.length < want) messages.push({ text: e.text.replace(/\n$/, ''), at: e.at });
    const elapsedMs = Date.now() - started;
    if (messages.length >= want) return { messages, complete: true, elapsedMs };
    if (!s.live) return { messages, complete: false, elapsedMs, endedAs: s.state };
    if (signal?.aborted || Date.now() >= deadline) return { messages, complete: false, elapsedMs };
    await s.output.waitForNewer(cursor, deadline - Date.now(), signal);
  }
}
