import { z } from 'zod';
import { stepIntoUserCode } from '@dapgate/core';
import { frameLabel, sameActivation } from '../format/frames.js';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { DEFAULT_WAIT_MS } from './waiting.js';
import { describe } from '../format/session.js';
import { outputs } from './output-schemas.js';
import { clip } from '../format/text.js';

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
  const stepped = s.stoppedThread(a.threadId, 'step');
  const before = stepped.stop;
  const snapshotBefore = await s.inspectorFor(stepped.id).snapshot(0).catch(() => new Map<string, string>());
  const startBefore = await s.inspectorFor(stepped.id).functionStart(0).catch(() => undefined);
  const count = a.count ?? 1;
  let done = 0;
  let outcome = 'stopped';
  const skipped: string[] = [];
  let exhausted = false;
  const timeoutMs = a.timeoutMs ?? DEFAULT_WAIT_MS;
  while (done < count) {
    if (a.kind === 'into' && !a.library) {
      const r = await stepIntoUserCode(s, stepped.id, before?.frames[0], timeoutMs, signal);
      ({ outcome, exhausted } = r);
      skipped.push(...r.skipped);
    } else {
      outcome = await s.step(a.kind, stepped.id, timeoutMs, signal);
    }
    done++;
    if (outcome !== 'stopped' || s.stop?.threadId !== stepped.id || (s.stop?.breakpointIds.length ?? 0) > 0) break;
  }
  const d = await describe(s, { locals: true });
  if (outcome === 'timeout') d.text += `\nThe step did not finish within ${timeoutMs} ms (the code may be blocked or long-running); debug_pause stops it.`;
  const lines = [d.text];
  if (skipped.length) lines.push(`Stepped back out of library code it entered: ${[...new Set(skipped)].join(', ')}${exhausted ? `; back on the line it started from after ${skipped.length} library calls (debug_step over moves on)` : ''} (library: true stops there).`);
  const adapterFilter = s.profile.stops.adapterLibraryFilter;
  if (a.library && a.kind === 'into' && adapterFilter) lines.push(`Note: ${adapterFilter}`);
  if (count > 1) lines.unshift(`Stepped ${a.kind} ${done} of ${count} time(s)${done < count && s.state === 'stopped' ? ' (stopped early at a breakpoint)' : ''}.`);
  if (s.state === 'stopped' && s.stop?.threadId !== stepped.id) {
    lines.push(`The step of thread ${stepped.id} has not finished: thread ${s.stop?.threadId} stopped first.`);
  } else if (s.state === 'stopped') {
    const startAfter = await s.inspectorFor(stepped.id).functionStart(0).catch(() => undefined);
    if (before && s.stop && sameActivation(before, s.stop, [startBefore, startAfter])) {
      const snapshotAfter = await s.inspectorFor(stepped.id).snapshot(0).catch(() => new Map<string, string>());
      const changes = diffLocals(snapshotBefore, snapshotAfter);
      lines.push(changes.length ? `Changed: ${changes.map((c) => `${c.name}: ${c.change}`).join('; ')}` : 'Changed: nothing');
      d.structured.changed = Object.fromEntries(changes.map((c) => [c.name, c.change]));
    } else if (s.stop?.frames[0]) {
      lines.push(`Now in a different function (${frameLabel(s.stop.frames[0], s.cwd)}).`);
    }
  }
  return ok(lines.join('\n'), d.structured);
}

export const debugStepTool = tool('debug_step', config, debugStep);

/** What changed between two snapshots of a frame's locals, one entry per variable. */
export function diffLocals(before: Map<string, string>, after: Map<string, string>): { name: string; change: string }[] {
  const out: { name: string; change: string }[] = [];
  for (const [name, value] of after) {
    const old = before.get(name);
    if (old === undefined) out.push({ name, change: `(new) ${clip(value, 60)}` });
    else if (old !== value) out.push({ name, change: `${clip(old, 40)} -> ${clip(value, 60)}` });
  }
  for (const name of before.keys()) if (!after.has(name)) out.push({ name, change: '(gone)' });
  return out;
}
