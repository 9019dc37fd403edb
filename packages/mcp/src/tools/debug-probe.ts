import type { DebugProtocol } from '@vscode/debugprotocol';
import { z } from 'zod';
import { canonicalPath, ownerWords, type BookBreakpoint, type Session, type Profile } from '@dapgate/core';
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
  const deadline = Date.now() + (a.timeoutMs ?? 30_000);
  const cwd = a.cwd ?? manager.defaultCwd();
  manager.breakpoints.refuseUnsupportedKinds({ program: a.program, language: a.language, cwd: a.cwd, fields: takeFields(manager.profiles.profiles, 'launch', a) }, a.breakpoints);
  // the probe's breakpoints are its session's own: no other session stops at them, and they end with it
  const sessionId = manager.reserveSessionId();
  const added: BookBreakpoint[] = await manager.breakpoints.add(a.breakpoints.map((b) => ({ ...b, sessionId })), cwd);
  const mine = added.map((b) => b.id);
  const hits: Record<string, unknown>[] = [];
  const otherStops: Record<string, unknown>[] = [];
  const lines: string[] = [];
  const nested = new Map<string, number>();
  let session;
  try {
    session = await manager.launch({ program: a.program, args: a.args, cwd: a.cwd, env: a.env, language: a.language, fields: takeFields(manager.profiles.profiles, 'launch', a), sessionId });
    const maxHits = a.maxHits ?? 10;
    while (hits.length < maxHits) {
      const outcome = await session.waitForSettled(Math.max(0, deadline - Date.now()), signal);
      if (outcome !== 'stopped') break;
      const top = session.stop!.frames[0];
      if (!session.stop!.breakpointIds.some((id) => mine.includes(id))) {
        // not one of the probe's breakpoints (an exception, a workspace breakpoint): said as such, not counted, nothing evaluated
        const other = otherStop(session, top);
        otherStops.push(other.structured);
        lines.push(other.text);
        if (otherStops.length >= maxHits || Date.now() >= deadline) break;
        await session.continue();
        continue;
      }
      const nestedIn = nestedOnSameLine(session.stop!.frames);
      if (nestedIn) {
        // a comprehension or lambda on the breakpoint's line runs in a frame of its own: its hits are not the function's
        nested.set(nestedIn, (nested.get(nestedIn) ?? 0) + 1);
        if (Date.now() >= deadline) break;
        await session.continue();
        continue;
      }
      const scopes = await session.inspector.frameVariables(0, { depth: 0, maxItems: 25 });
      // an expression that is a local's name is shown once, as the expression
      const shown = scopes.map((sc) => ({ ...sc, variables: sc.variables?.filter((v) => !(a.expressions ?? []).includes(v.name)) }));
      const { text: localsText, values } = localsLine(shown, 300, session.profile.variables);
      const exprs: Record<string, string> = {};
      for (const e of a.expressions ?? []) {
        try {
          exprs[e] = (await session.reads.evaluate(e, top?.id, 'watch', 'probe')).result;
        } catch (err) {
          exprs[e] = `<error: ${(err as Error).message.split('\n').pop()}>`;
        }
      }
      const where = top ? frameLabel(top, session.cwd) : '?';
      hits.push({ breakpointIds: session.stop!.breakpointIds, reason: session.stop!.reason, file: top && frameFile(top), line: top?.line, function: top?.name, locals: values, expressions: exprs });
      lines.push(`#${hits.length} ${where}${session.stop!.reason === 'exception' ? ` (exception: ${clip(session.stop!.description ?? '', 100)})` : ''}`);
      const exprText = Object.entries(exprs).map(([k, v]) => `${k} = ${clip(v, 80)}`).join('  ');
      lines.push(`   ${exprText && localsText === '(none)' ? exprText : `${exprText ? `${exprText}  |  ` : ''}${localsText}`}`);
      progress(`probe: ${hits.length} of at most ${maxHits} hit(s) recorded`, hits.length, maxHits);
      if (hits.length >= maxHits || Date.now() >= deadline) break;
      await session.continue();
    }
    const end =
      session.state === 'stopped'
        ? `ended after ${hits.length} hit(s) (maxHits ${maxHits})`
        : session.state === 'running'
          ? `ended while still running at the ${a.timeoutMs ?? 30_000} ms bound`
          : (await describe(session, { outputTail: 5 })).text.replace(/^Session \S+ \([^)]*\) /, '');
    await session.end(true);
    const others = otherStops.length ? ` (and ${otherStops.length} stop(s) not at its breakpoints, marked -)` : '';
    const head = `Probe of ${a.program ? shortPath(canonicalPath(a.program, cwd), cwd) : session.target}: ${hits.length} hit(s)${others}; ${end}`;
    const skipped = [...nested].map(([fn, n]) => `${n} in ${fn}`).join(', ');
    const note = skipped ? [`Not counted: hits in frames nested on the breakpoint's line (${skipped}): a comprehension or lambda there runs in its own frame.`] : [];
    return ok([head, ...lines, ...note].join('\n'), {
      sessionId: session.id,
      state: session.state,
      hits,
      ...(otherStops.length ? { otherStops } : {}),
      ...(nested.size ? { nestedHitsSkipped: Object.fromEntries(nested) } : {}),
      ...(session.exitCode !== undefined ? { exitCode: session.exitCode } : {}),
      ...(session.exit.signal ? { exitSignal: session.exit.signal } : {}),
    });
  } finally {
    if (session) await session.end(true);
    if (mine.length) {
      await manager.breakpoints.remove(mine);
    }
  }
}

export const debugProbeTool = tool('debug_probe', config, debugProbe);

/** A stop that is not at one of the probe's breakpoints: what stopped it, and where. */
function otherStop(session: Session, top: DebugProtocol.StackFrame | undefined): { text: string; structured: Record<string, unknown> } {
  const stop = session.stop!;
  const where = top ? frameLabel(top, session.cwd) : '?';
  const owned = stop.breakpointIds.flatMap((id) => session.breakpoints().find((b) => b.id === id) ?? []);
  const why = owned.length
    ? `at ${owned.map((b) => `${b.id}, ${ownerWords(b)}${b.sessionId ? '' : ' set earlier'}`).join('; ')}`
    : stop.reason === 'exception'
      ? `by an exception (${clip([stop.text, stop.description].filter(Boolean).join(': '), 100)})`
      : `by ${stop.reason}`;
  return {
    text: `-  stopped ${why}, ${where}: not one of the probe's breakpoints; not counted, expressions not evaluated`,
    structured: { reason: stop.reason, breakpointIds: stop.breakpointIds, owners: owned.map((b) => b.sessionId ?? 'workspace'), file: top && frameFile(top), line: top?.line, function: top?.name },
  };
}

/**
 * The function of a frame entered on its caller's own line (a comprehension, generator expression
 * or lambda written on the breakpoint's line), else undefined. Recursion (same function) is not.
 */
function nestedOnSameLine(frames: DebugProtocol.StackFrame[]): string | undefined {
  const [top, caller] = frames;
  if (!top || !caller || top.line !== caller.line || top.name === caller.name) return undefined;
  const file = (f: DebugProtocol.StackFrame) => f.source?.path ?? f.source?.name;
  return file(top) && file(top) === file(caller) ? top.name : undefined;
}
