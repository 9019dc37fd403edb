import { z } from 'zod';
import { calleeName, callerGuard, LAST_CALL_NOTE, stepCounted } from '@dapgate/core';
import { stopLabel } from '../format/frames.js';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { DEFAULT_WAIT_MS } from './waiting.js';
import { describe } from '../format/session.js';
import { outputs } from './output-schemas.js';
import { changedPair, clip } from '../format/text.js';
import { notComparedText, UNSURE, unreadableChange } from '../format/trace.js';

const config = {
  title: 'Step',
  description: 'Step over, into or out (count times); shows where, what changed.',
  input: {
    kind: z.enum(['over', 'into', 'out']),
    library: z.boolean().optional(),
    count: z.number().int().min(1).max(100).optional(),
    sessionId: params.sessionId,
    threadId: params.threadId,
    timeoutMs: params.timeoutMs(),
  },
  output: outputs.step,
  annotations: { readOnlyHint: false, destructiveHint: false },
};

export async function debugStep(a: ToolArgs<typeof config.input>, { manager, signal }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const count = a.count ?? 1;
  const timeoutMs = a.timeoutMs ?? DEFAULT_WAIT_MS;
  const r = await stepCounted(s, { kind: a.kind, count, threadId: a.threadId, library: a.library, timeoutMs, signal, guardCaller: callerGuard(manager, s) });
  const { done, skipped, exhausted } = r;
  const d = await describe(s, { locals: true });
  if (r.outcome === 'timeout') d.text += `\nThe step did not finish within ${timeoutMs} ms (the code may be blocked or long-running); debug_pause stops it.`;
  const lines = [d.text];
  if (skipped.length) lines.push(`Stepped back out of library code it entered: ${[...new Set(skipped)].join(', ')}${exhausted ? `; back on the line it started from after ${skipped.length} library calls (debug_step over moves on)` : ''} (library: true stops there).`);
  const adapterFilter = s.profile.stops.adapterLibraryFilter;
  if (a.library && a.kind === 'into' && adapterFilter) lines.push(`Note: ${adapterFilter}`);
  if (count > 1) lines.unshift(`Stepped ${a.kind} ${done} of ${count} time(s)${done < count && s.state === 'stopped' ? ' (stopped early at a breakpoint)' : ''}.`);
  const compared = await r.compare();
  if (compared.kind === 'other-thread') {
    lines.push(`The step of thread ${r.threadId} has not finished: thread ${compared.stoppedThreadId} stopped first.`);
  } else if (compared.kind === 'same') {
    const last = done > 1 ? ` (the last call's value; it may have been called more than once in these ${done} steps)` : ` (${LAST_CALL_NOTE})`;
    // a value that could not be read here is no change: said apart
    const unread = compared.changes.filter((c) => c.unreadable === 'here');
    const changes = compared.changes
      .filter((c) => c.unreadable !== 'here')
      .map((c) => ({ name: c.name, change: unreadableChange(c) ?? `${describeChange(c.from, c.to)}${c.unsure ? UNSURE : ''}${c.lastCall ? last : ''}` }));
    // the step's own frame is compared; where the answer shows another frame's locals (the program's, under library code), it says whose
    const shownFrame = (d.structured.raisedAt as { frame?: number } | undefined)?.frame;
    const stepped = s.stop?.frames[0];
    const whose = shownFrame && stepped ? ` in ${calleeName(stepped.name, s.profile.trace?.calleeNoise)} (frame 0; the locals above are frame ${shownFrame}'s)` : '';
    lines.push(changes.length ? `Changed${whose}: ${changes.map((c) => `${c.name}: ${c.change}`).join('; ')}` : compared.notCompared || unread.length ? `Changed${whose}: nothing else` : `Changed${whose}: nothing`);
    if (unread.length) lines.push(`Could not be read here (no change known): ${unread.map((c) => `${c.name} ${c.reason ?? ''}`.trim()).join('; ')}`);
    d.structured.changed = Object.fromEntries(changes.map((c) => [c.name, c.change]));
    if (compared.notCompared) {
      lines.push(notComparedText(compared.notCompared));
      d.structured.notCompared = compared.notCompared;
    }
  } else if (compared.kind === 'elsewhere') {
    if (compared.nextCall) {
      const value = compared.nextCall.returned !== undefined ? ` ${clip(compared.nextCall.returned, 60)}` : ' (its value is not known here)';
      lines.push(`Now in another call of ${compared.pastCaller}: the call stepped from returned${value}, and the step went on through code it does not stop in (library code calling it again) into this call; the locals are this call's.`);
      d.structured.pastCaller = compared.pastCaller;
      return ok(lines.join('\n'), d.structured);
    }
    lines.push(`Now in a different function (${await stopLabel(s, s.stop!.frames[0]!)}).`);
    if (compared.pastCaller) {
      lines.push(`Not where ${compared.pastCaller} returned to: ${s.profile.adapter.name} shows no return value of it here, so its step ran on past the caller to the next line of the program's own code that ran, which may be in a later call (compare the locals).`);
      d.structured.pastCaller = compared.pastCaller;
    }
  }
  return ok(lines.join('\n'), d.structured);
}

export const debugStepTool = tool('debug_step', config, debugStep);

/** One local's change as a step shows it. */
function describeChange(from: string | undefined, to: string | undefined): string {
  if (to === undefined) return '(gone)';
  if (from === undefined) return `(new) ${clip(to, 60)}`;
  const [shownFrom, shownTo] = changedPair(from, to, 40, 60);
  return `${shownFrom} -> ${shownTo}`;
}
