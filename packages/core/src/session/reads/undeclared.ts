import type { DebugProtocol } from '@vscode/debugprotocol';
import { readFile } from 'node:fs/promises';
import type { Profile } from '../../profiles/schema.js';
import { Declarations } from '../../trace/declarations.js';
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
  const fn = scopes.find((s) => !s.secondary && s.presentationHint === 'locals');
  return new Declarations(pattern, source.split(/\r?\n/)).declaredLater(names, at.line, fn?.line, fn?.endLine);
}
