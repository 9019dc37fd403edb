import type { DebugProtocol } from '@vscode/debugprotocol';
import type { BookBreakpoint } from '../breakpoints/book.js';
import type { BreakpointRequest } from '../breakpoints/workspace-breakpoints.js';
import type { SessionManager } from '../session/manager.js';
import type { ScopeNode } from '../session/reads/variable-nodes.js';
import { identifiers } from '../session/reads/evaluate-at.js';
import { undeclaredIn, undeclaredText, undeclaredWords } from '../session/reads/undeclared.js';
import type { Session } from '../session/session.js';
import type { LaunchRequest, StopInfo } from '../session/types.js';

/** A probe: launch with these breakpoints, record each hit (locals and expressions), end. */
export interface ProbeRequest {
  launch: Pick<LaunchRequest, 'program' | 'args' | 'cwd' | 'env' | 'language' | 'fields'>;
  breakpoints: BreakpointRequest[];
  expressions: string[];
  maxHits: number;
  timeoutMs: number;
}

/** A stop at one of the probe's breakpoints: the frame-0 locals and each expression's value (or `<error: ...>`). */
export interface ProbeHit {
  stop: Pick<StopInfo, 'breakpointIds' | 'reason' | 'description'>;
  top: DebugProtocol.StackFrame | undefined;
  scopes: ScopeNode[];
  expressions: Record<string, string>;
}

/** A stop not at the probe's breakpoints (an exception, a workspace breakpoint): not counted, nothing evaluated. */
export interface ProbeOtherStop {
  stop: Pick<StopInfo, 'breakpointIds' | 'reason' | 'description' | 'text'>;
  top: DebugProtocol.StackFrame | undefined;
  /** The breakpoints it stopped at, with their owners. */
  owned: BookBreakpoint[];
}

/** What a probe saw, in the order it happened. */
export interface ProbeRun {
  session: Session;
  /** The folder relative paths were resolved against. */
  cwd: string;
  events: ({ hit: ProbeHit } | { other: ProbeOtherStop })[];
  hits: number;
  otherStops: number;
  /** Hits in frames nested on the breakpoint's line (a comprehension, a lambda), per function: not counted. */
  nested: Map<string, number>;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  /** After each recorded hit. */
  onHit?: (hits: number, maxHits: number) => void;
  /** Called once the probe is done, before its session ends (the session still shows how it stopped or exited). */
  beforeEnd?: (run: ProbeRun) => Promise<void>;
}

/**
 * Runs a probe to its end: the probe's breakpoints are its session's own (no other session stops
 * at them, and they go when it ends); stops at other breakpoints are said as such. The session is
 * ended (terminated) and the breakpoints removed whatever happens.
 */
export async function runProbe(manager: SessionManager, req: ProbeRequest, options: ProbeOptions = {}): Promise<ProbeRun> {
  const deadline = Date.now() + req.timeoutMs;
  const cwd = req.launch.cwd ?? manager.defaultCwd();
  await manager.breakpoints.refuseUnsupportedKinds({ program: req.launch.program, language: req.launch.language, cwd: req.launch.cwd, fields: req.launch.fields }, req.breakpoints);
  const sessionId = manager.reserveSessionId();
  const added = await manager.breakpoints.add(req.breakpoints.map((b) => ({ ...b, sessionId })), cwd);
  const mine = added.map((b) => b.id);
  let session: Session | undefined;
  try {
    session = await manager.launch({ ...req.launch, sessionId });
    const run: ProbeRun = { session, cwd, events: [], hits: 0, otherStops: 0, nested: new Map() };
    await record(run, mine, req, deadline, options);
    await options.beforeEnd?.(run);
    await session.end(true);
    return run;
  } finally {
    if (session) await session.end(true);
    if (mine.length) await manager.breakpoints.remove(mine);
  }
}

async function record(run: ProbeRun, mine: string[], req: ProbeRequest, deadline: number, options: ProbeOptions): Promise<void> {
  const { session } = run;
  while (run.hits < req.maxHits) {
    const outcome = await session.waitForSettled(Math.max(0, deadline - Date.now()), options.signal);
    if (outcome !== 'stopped') break;
    const stop = session.stop!;
    const top = stop.frames[0];
    if (!stop.breakpointIds.some((id) => mine.includes(id))) {
      const owned = stop.breakpointIds.flatMap((id) => session.breakpoints().find((b) => b.id === id) ?? []);
      run.events.push({ other: { stop: { breakpointIds: stop.breakpointIds, reason: stop.reason, description: stop.description, text: stop.text }, top, owned } });
      if (++run.otherStops >= req.maxHits || Date.now() >= deadline) break;
      await session.continue();
      continue;
    }
    const nestedIn = nestedOnSameLine(stop.frames);
    if (nestedIn) {
      // a comprehension or lambda on the breakpoint's line runs in a frame of its own: its hits are not the function's
      run.nested.set(nestedIn, (run.nested.get(nestedIn) ?? 0) + 1);
      if (Date.now() >= deadline) break;
      await session.continue();
      continue;
    }
    const scopes = await session.frameVariables(0, { depth: 0, maxItems: 25 });
    const expressions: Record<string, string> = {};
    const later = undeclaredIn(scopes);
    for (const e of req.expressions) {
      const unset = new Map(identifiers(e).flatMap((n) => (later.has(n) ? [[n, later.get(n)!] as const] : [])));
      if (unset.size) {
        // its declaration has not run at this hit: the adapter would read the slot's leftover
        const bare = unset.get(e.trim());
        expressions[e] = bare !== undefined ? undeclaredText(bare) : `<not evaluated: ${undeclaredWords(unset)}>`;
        continue;
      }
      try {
        expressions[e] = (await session.reads.evaluate(e, top?.id, 'watch', 'probe')).result;
      } catch (err) {
        expressions[e] = `<error: ${(err as Error).message.split('\n').pop()}>`;
      }
    }
    run.events.push({ hit: { stop: { breakpointIds: stop.breakpointIds, reason: stop.reason, description: stop.description }, top, scopes, expressions } });
    run.hits++;
    options.onHit?.(run.hits, req.maxHits);
    if (run.hits >= req.maxHits || Date.now() >= deadline) break;
    await session.continue();
  }
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
