import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { GatewayError, traceInSession, traceLaunch, type FrameTrace, type Session, type TraceRequest, type TraceResult } from '@dapgate/core';
import { tool } from './register.js';
import { fieldShape, takeFields } from './profile-fields.js';
import { ok } from './result.js';
import { formatComparison, formatTrace, type SourceOf } from '../format/trace.js';
import { seconds } from '../format/text.js';
import { stopPlace } from '../format/stop-place.js';
import { outputs } from './output-schemas.js';

const DEFAULT_TIMEOUT_MS = 60_000;
const DEFAULT_MAX_LINES = 200;

/** debug_trace: one call's whole life (or several calls compared) in one answer. */
export const debugTraceTool = tool(
    'debug_trace',
    (profiles) => ({
      title: 'Trace',
      description:
        'One call traced to its end: lines, changed locals, calls, folded loops, return or exception; launches program or uses the session; calls: compare N; depth: into callees.',
      input: {
        function: z.string().optional(),
        file: z.string().optional(),
        line: z.number().int().optional(),
        condition: z.string().optional().describe('at entry'),
        call: z.number().int().optional().describe('Nth call'),
        calls: z.number().int().max(10).optional(),
        maxLines: z.number().int().optional(),
        depth: z.number().int().max(3).optional(),
        program: z.string().optional(),
        args: z.array(z.string()).optional(),
        cwd: z.string().optional(),
        language: z.string().optional(),
        ...fieldShape(profiles, 'launch', true),
        sessionId: z.string().optional(),
        timeoutMs: z.number().int().optional(),
      },
      output: outputs.trace,
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
    }),
    async (a, { manager, signal }) => {
      const target = a.function || a.file || a.line ? { function: a.function, file: a.file, line: a.line, condition: a.condition } : undefined;
      if (!target && a.condition) throw new GatewayError('condition needs the function (or file and line) it applies to', 'pass function (and file), or file and line', 'bad-arguments');
      const req: TraceRequest = { target, nth: a.call ?? 1, calls: a.calls ?? 1, maxLines: a.maxLines ?? DEFAULT_MAX_LINES, depth: a.depth ?? 0, timeoutMs: a.timeoutMs ?? DEFAULT_TIMEOUT_MS, signal };
      if ((a.call ?? 1) < 1 || (a.calls ?? 1) < 1 || (a.maxLines ?? 1) < 1) throw new GatewayError('call, calls and maxLines count from 1', 'e.g. call: 3 traces the third matching call', 'bad-arguments');
      const fields = takeFields(manager.profiles.profiles, 'launch', a);
      if (!a.program && !fields && (a.args || a.cwd || a.language)) throw new GatewayError('args, cwd and language are for a new launch, and no program was given', 'pass program (or a language field such as module or mainClass) to launch one; without them debug_trace traces in the current session', 'bad-arguments');
      const result = a.program || fields
        ? await traceLaunch(manager, { program: a.program, args: a.args, cwd: a.cwd, language: a.language, fields }, req)
        : await traceInSession(manager, manager.get(a.sessionId), req);
      return answer(result, req, await readSources(result.traces));
    },
);

/** The lines of the traced files, the files of traced callees too (a source only the adapter has is shown without its text). */
async function readSources(traces: FrameTrace[]): Promise<SourceOf> {
  const files = [...new Set(traces.flatMap(tracedFiles))];
  const texts = new Map(await Promise.all(files.map(async (f) => [f, await readFile(f, 'utf8').then((t) => t.split(/\r?\n/), () => [])] as const)));
  return (file) => (file ? (texts.get(file) ?? []) : []);
}

function tracedFiles(t: FrameTrace): string[] {
  return [...(t.file ? [t.file] : []), ...t.lines.flatMap((e) => e.calls.flatMap((c) => (c.trace ? tracedFiles(c.trace) : [])))];
}

async function answer(r: TraceResult, req: TraceRequest, source: SourceOf) {
  const s = r.session;
  const lines: string[] = [];
  if (r.traces.length === 0) {
    lines.push(`No call traced in session ${s.id}: ${r.shortBy ?? 'the call was not reached'}.`);
  } else if (r.traces.length === 1) {
    lines.push(...formatTrace(r.traces[0]!, source, s.cwd, req.nth > 1 ? ` (call #${req.nth})` : ''));
  } else {
    lines.push(...formatComparison(r.traces, source, s.cwd));
  }
  if (r.sharedEntry) lines.push(`Breakpoint ${r.sharedEntry}.`);
  if (r.skipped) lines.push(`The trace ${r.skipped}.`);
  if (r.traces.length && r.shortBy && req.calls > 1) lines.push(`Only ${r.traces.length} of ${req.calls} call(s) traced: ${r.shortBy}.`);
  const last = r.traces[r.traces.length - 1];
  const top = s.state === 'stopped' ? s.stop?.frames[0] : undefined;
  const place = top ? await stopPlace(s, s.stop!) : undefined;
  lines.push(
    s.state === 'stopped' && top && place
      ? `Session ${s.id} is stopped ${place.at}${stoppedWhere(last, panicStart(s, top.name))}${place.nearest}; debug_continue / debug_stop.`
      : `Session ${s.id} is ${s.state}.`,
  );
  const totalLines = r.traces.reduce((n, t) => n + t.lines.length, 0);
  const totalMs = r.traces.reduce((n, t) => n + t.ms, 0);
  return ok(lines.join('\n'), {
    sessionId: s.id,
    state: s.state,
    traces: r.traces.map(structured),
    ...(r.shortBy ? { shortBy: r.shortBy } : {}),
    ...(r.skipped ? { skipped: r.skipped } : {}),
    linesPerSecond: totalMs ? Math.round((totalLines * 1000) / totalMs) : undefined,
    elapsed: seconds(totalMs),
  });
}

function structured(t: FrameTrace) {
  return { function: t.function, file: t.file, startLine: t.startLine, entry: t.entry, events: t.lines, end: t.end, steps: t.steps, ms: t.ms, ...(t.optimized ? { optimized: true } : {}) };
}

/** Whether the session is stopped where a panic starts (the profile's `trace.raise.function`). */
function panicStart(s: Session, name: string): boolean {
  const fn = s.profile.trace?.raise?.function;
  return !!fn && new RegExp(fn).test(name);
}

/** Where the session stopped, relative to the last call traced. */
function stoppedWhere(last: FrameTrace | undefined, atPanicStart: boolean): string {
  if (!last || last.end.kind === 'cut') return '';
  // the panic has not unwound the call yet: its deferred calls have not run, the frame is still on the stack
  if (last.end.kind === 'raised' && last.end.atFault) return ' (at the fault: the call has not ended; debug_stack and debug_variables read it, debug_continue delivers the signal)';
  if (last.end.kind === 'raised' && atPanicStart) return ' (where the panic starts: the call has not ended yet; debug_continue lets it unwind)';
  if (last.end.kind === 'returned' && last.end.nextCallStarted) return ' (the next call of it has started)';
  if (last.end.kind === 'returned' && last.end.stoppedPastCaller) return ' (not where the call returned to: the next line of the program\'s own code that ran, which may be in a later call)';
  return ' (after the call)';
}
