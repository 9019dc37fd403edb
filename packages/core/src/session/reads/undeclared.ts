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
  const pattern = profile.trace?.declarations;
  const path = frame.source?.path;
  if (!pattern || !path || frame.line <= 0) return;
  const source = await readFile(path, 'utf8').catch(() => undefined);
  if (source === undefined) return;
  const own = scopes.filter((s) => !s.secondary);
  const names = new Set(own.flatMap((s) => (s.variables ?? []).map((v) => v.name)));
  const fn = own.find((s) => s.presentationHint === 'locals');
  const later = new Declarations(pattern, source.split(/\r?\n/)).declaredLater(names, frame.line, fn?.line, fn?.endLine);
  for (const v of own.flatMap((s) => s.variables ?? [])) {
    const line = later.get(v.name);
    if (line === undefined) continue;
    Object.assign(v, { value: `<not declared yet: line ${line}>`, variablesReference: 0, unreadable: true, children: undefined, moreChildren: undefined });
  }
}
