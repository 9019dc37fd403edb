import { z } from 'zod';
import { GatewayError, canonicalPath, ownerWords, runProbe, type Profile, type ProbeOtherStop, type ProbeRun } from '@dapgate/core';
import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { fieldShape, takeFields } from './profile-fields.js';
import { describe } from '../format/session.js';
import { frameFile, frameLabel, localsLine } from '../format/frames.js';
import { clip, shortPath } from '../format/text.js';
import { outputs } from './output-schemas.js';

const config = (profiles: Profile[]) => ({
  title: 'Probe',
  description:
    'As debug_launch; record locals and expressions at each hit (maxHits, default 10); end; report.',
  input: {
    program: z.string().optional(),
    breakpoints: z.array(params.breakpoint).min(1),
    expressions: z.array(z.string()).optional(),
    maxHits: z.number().int().min(1).max(100).optional(),
    args: z.array(z.string()).optional(),
    cwd: z.string().optional(),
    env: params.env,
    language: z.string().optional(),
    ...fieldShape(profiles, 'launch', true),
    timeoutMs: params.timeoutMs(30_000),
  },
  output: outputs.probe,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
});

/** debug_probe: launch, record every breakpoint hit, end; one compact report. */
export async function debugProbe(a: ToolArgs<ReturnType<typeof config>['input']>, { manager, signal, progress }: ToolContext): Promise<ToolResult> {
  const maxHits = a.maxHits ?? 10;
  const timeoutMs = a.timeoutMs ?? 30_000;
  const fields = takeFields(manager.profiles.profiles, 'launch', a);
  const live = manager.list().filter((s) => s.live);
  if (!a.program && !a.language && !fields && live.length) {
    const where = live.map((s) => s.id).join(', ');
    throw new GatewayError(
      `debug_probe launches a program of its own and ends it; no program given (live session${live.length > 1 ? 's' : ''} ${where} cannot be probed)`,
      `pass program to probe a new run; in a live session, debug_breakpoint_set with logMessage records values at each pass (debug_output shows them), or debug_trace follows a call`,
      'bad-arguments',
    );
  }
  let end = '';
  const run = await runProbe(
    manager,
    { launch: { program: a.program, args: a.args, cwd: a.cwd, env: a.env, language: a.language, fields }, breakpoints: a.breakpoints, expressions: a.expressions ?? [], maxHits, timeoutMs },
    {
      signal,
      onHit: (n) => progress(`probe: ${n} of at most ${maxHits} hit(s) recorded`, n, maxHits),
      beforeEnd: async ({ session, hits }) => {
        end =
          session.state === 'stopped'
            ? `ended after ${hits} hit(s) (maxHits ${maxHits})`
            : session.state === 'running'
              ? `ended while still running at the ${timeoutMs} ms bound`
              : (await describe(session, { outputTail: 5 })).text.replace(/^Session \S+ \([^)]*\) /, '');
      },
    },
  );
  return report(run, end, a.program, a.expressions ?? []);
}

export const debugProbeTool = tool('debug_probe', config, debugProbe);

/** The probe's answer: a head line, one or two lines per stop, the nested hits not counted. */
function report(run: ProbeRun, end: string, program: string | undefined, expressions: string[]): ToolResult {
  const { session, cwd } = run;
  const hits: Record<string, unknown>[] = [];
  const otherStops: Record<string, unknown>[] = [];
  const lines: string[] = [];
  for (const event of run.events) {
    if ('other' in event) {
      const other = otherStop(event.other, session.cwd, session.profile.trace?.raise?.function);
      otherStops.push(other.structured);
      lines.push(other.text);
      continue;
    }
    const { stop, top, scopes, expressions: exprs } = event.hit;
    // an expression that is a local's name is shown once, as the expression
    const shown = scopes.map((sc) => ({ ...sc, variables: sc.variables?.filter((v) => !expressions.includes(v.name)) }));
    const { text: localsText, values } = localsLine(shown, 300, session.profile.variables);
    const where = top ? frameLabel(top, session.cwd) : '?';
    hits.push({ breakpointIds: stop.breakpointIds, reason: stop.reason, file: top && frameFile(top), line: top?.line, function: top?.name, locals: values, expressions: exprs });
    lines.push(`#${hits.length} ${where}${stop.reason === 'exception' ? ` (exception: ${clip(stop.description ?? '', 100)})` : ''}`);
    const exprText = Object.entries(exprs).map(([k, v]) => `${k} = ${clip(v, 80)}`).join('  ');
    lines.push(`   ${exprText && localsText === '(none)' ? exprText : `${exprText ? `${exprText}  |  ` : ''}${localsText}`}`);
  }
  const exitSignal = session.exitReport().signal;
  const others = otherStops.length ? ` (and ${otherStops.length} stop(s) not at its breakpoints, marked -)` : '';
  const head = `Probe of ${program ? shortPath(canonicalPath(program, cwd), cwd) : session.target}: ${hits.length} hit(s)${others}; ${end}`;
  const skipped = [...run.nested].map(([fn, n]) => `${n} in ${fn}`).join(', ');
  const note = skipped ? [`Not counted: hits in frames nested on the breakpoint's line (${skipped}): a comprehension or lambda there runs in its own frame.`] : [];
  return ok([head, ...lines, ...note].join('\n'), {
    sessionId: session.id,
    state: session.state,
    hits,
    ...(otherStops.length ? { otherStops } : {}),
    ...(run.nested.size ? { nestedHitsSkipped: Object.fromEntries(run.nested) } : {}),
    ...(session.exitCode !== undefined ? { exitCode: session.exitCode } : {}),
    ...(exitSignal ? { exitSignal } : {}),
  });
}

/** A stop that is not at one of the probe's breakpoints: what stopped it, and where. */
function otherStop({ stop, top, owned }: ProbeOtherStop, cwd: string, raise: string | undefined): { text: string; structured: Record<string, unknown> } {
  const where = top ? frameLabel(top, cwd) : '?';
  // the profile's own breakpoint where a panic starts (Rust's rust_panic) is a panic, not "breakpoint"
  const panic = !owned.length && !!top && !!raise && new RegExp(raise).test(top.name);
  const why = owned.length
    ? `at ${owned.map((b) => `${b.id}, ${ownerWords(b)}${b.sessionId ? '' : ' set earlier'}`).join('; ')}`
    : stop.reason === 'exception'
      ? `by an exception (${clip([stop.text, stop.description].filter(Boolean).join(': '), 100)})`
      : panic
        ? 'by a panic'
        : `by ${stop.reason}`;
  return {
    text: `-  stopped ${why}, ${where}: not one of the probe's breakpoints; not counted, expressions not evaluated`,
    structured: { reason: stop.reason, breakpointIds: stop.breakpointIds, owners: owned.map((b) => b.sessionId ?? 'workspace'), file: top && frameFile(top), line: top?.line, function: top?.name },
  };
}
