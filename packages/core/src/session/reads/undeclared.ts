import type { DebugProtocol } from '@vscode/debugprotocol';
import { readFile } from 'node:fs/promises';
import type { Profile } from '../../profiles/schema.js';
import { Declarations } from '../../trace/declarations.js';
import type { Inspector } from './inspect.js';
import type { ScopeNode } from './variable-nodes.js';

/**
 * Locals of a stopped frame whose declaration has not run yet (the profile's
 * `trace.declarations`: a JavaScript `let`/`const` below the stop, a C local declared further
 * down its block) hold no value: the adapter shows what their slot holds (the last loop pass's
 * value, a stack leftover). Each is marked so instead, with the line that declares it.
 */
export async function markUndeclared(profile: Profile, frame: DebugProtocol.StackFrame, scopes: ScopeNode[]): Promise<void> {
  const own = scopes.filter((s) => !s.secondary);
  const names = new Set(own.flatMap((s) => (s.variables ?? []).map((v) => v.name)));
  const later = await undeclaredLocals(profile, { path: frame.source?.path, line: frame.line }, names, own);
  for (const v of own.flatMap((s) => s.variables ?? [])) {
    const line = later.get(v.name);
    if (line === undefined) continue;
    Object.assign(v, { value: undeclaredText(line), variablesReference: 0, unreadable: true, children: undefined, moreChildren: undefined });
  }
}

/** What a local whose declaration (at `line`) has not run shows instead of its slot's value. */
export function undeclaredText(line: number): string {
  return `<not declared yet: line ${line}>`;
}

/**
 * Of `names` (a frame's locals), those declared below where the frame stopped, with their
 * declaring line (none for a profile without `trace.declarations`); `scopes`: the frame's own
 * scopes (the function's range, where the adapter gives it).
 */
export async function undeclaredLocals(profile: Profile, at: { path?: string; line: number }, names: Set<string>, scopes: ScopeNode[]): Promise<Map<string, number>> {
  const pattern = profile.trace?.declarations;
  if (!pattern || !at.path || at.line <= 0 || !names.size) return new Map();
  const source = await readFile(at.path, 'utf8').catch(() => undefined);
  if (source === undefined) return new Map();
  // the function's own locals scope: the outermost (js-debug puts a block's, with its own range, in front)
  const fn = scopes.filter((s) => !s.secondary && s.presentationHint === 'locals').pop();
  return new Declarations(pattern, source.split(/\r?\n/), profile.trace).declaredLater(names, at.line, fn?.line, fn?.endLine);
}

/** What finding a frame's undeclared names needs from its session. */
export interface UndeclaredHost {
  readonly profile: Profile;
  readonly reads: { frameAt(index: number, threadId?: number): Promise<DebugProtocol.StackFrame> };
  inspectorFor(threadId?: number): Inspector;
}

/**
 * Of `names` (those an expression or path reads), the stopped frame's locals whose declaration has
 * not run yet, with their declaring lines: what the adapter would give for them is their slot's
 * leftover (an earlier loop pass's value, stack garbage), not theirs.
 */
export async function undeclaredNames(host: UndeclaredHost, names: string[], frame: number, threadId?: number): Promise<Map<string, number>> {
  if (!host.profile.trace?.declarations || !names.length) return new Map();
  const inspector = host.inspectorFor(threadId);
  const locals = await inspector.snapshot(frame);
  const asked = new Set(names.filter((n) => locals.has(n)));
  if (!asked.size) return new Map();
  const f = await host.reads.frameAt(frame, threadId);
  return undeclaredLocals(host.profile, { path: f.source?.path, line: f.line }, asked, await inspector.scopes(frame));
}

/** Why an expression reading such names is not evaluated. */
export function undeclaredWords(later: Map<string, number>): string {
  const each = [...later].map(([name, line]) => `'${name}' (line ${line})`);
  return `${each.join(', ')} ${later.size === 1 ? 'is' : 'are'} not declared yet at this stop (the declaration has not run): what the adapter reads there is the slot's leftover, not ${later.size === 1 ? 'its' : 'their'} value`;
}

/** The locals markUndeclared marked in scopes already read, with their declaring lines. */
export function undeclaredIn(scopes: ScopeNode[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const v of scopes.filter((s) => !s.secondary).flatMap((s) => s.variables ?? [])) {
    const line = v.unreadable ? /^<not declared yet: line (\d+)>$/.exec(v.value)?.[1] : undefined;
    if (line) out.set(v.name, Number(line));
  }
  return out;
}
