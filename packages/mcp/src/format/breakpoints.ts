import type { BookBreakpoint, Session } from '@dapgate/core';
import { shortPath } from './text.js';
import { hitWords } from './hit-counts.js';

/** One line about a breakpoint: where, how it bound in each session, hits, options. */
export function describeBreakpoint(b: BookBreakpoint, cwd: string): string {
  const where = b.kind === 'function' ? `function ${b.function}` : b.kind === 'data' ? `watch ${b.watch} (${b.accessType})` : `${shortPath(b.file, cwd)}:${b.line}`;
  const bindings = [...b.bindings.entries()].map(([sid, x]) => {
    if (!x.verified) return `${sid}: pending${x.message ? ` (${x.message})` : ''}`;
    return b.line && x.line && x.line !== b.line ? `${sid}: MOVED — requested line ${b.line}, bound line ${x.line}` : `${sid}: verified`;
  });
  const opts = [
    b.condition ? `if ${b.condition}` : '',
    b.hitCondition ? `hit ${b.hitCondition}` : '',
    b.logMessage ? `logs "${b.logMessage}"` : '',
    b.temporary ? 'temporary' : '',
  ].filter(Boolean);
  return `${b.id} ${where} (${b.sessionId ? `${b.sessionId}'s own` : 'workspace'})${opts.length ? ` [${opts.join(', ')}]` : ''} — ${bindings.length ? bindings.join('; ') : (b.sessionId ? 'pending' : 'pending (no session yet; applies when one starts)')}; ${hitWords(b)}`;
}

export function breakpointJson(b: BookBreakpoint) {
  return {
    id: b.id,
    kind: b.kind,
    ...(b.file ? { file: b.file, line: b.line } : {}),
    ...(b.function ? { function: b.function } : {}),
    ...(b.watch ? { watch: b.watch, accessType: b.accessType, sessionId: b.sessionId } : {}),
    owner: b.sessionId ?? 'workspace',
    ...(b.condition ? { condition: b.condition } : {}),
    ...(b.hitCondition ? { hitCondition: b.hitCondition } : {}),
    ...(b.logMessage ? { logMessage: b.logMessage } : {}),
    ...(b.temporary ? { temporary: true } : {}),
    hits: b.hits,
    stops: b.stops,
    ...(b.condition ? { hitsCounted: 'condition held' } : { hitsCounted: 'every pass' }),
    verified: [...b.bindings.values()].some((x) => x.verified),
    bindings: Object.fromEntries([...b.bindings.entries()].map(([sid, x]) => [sid, { verified: x.verified, line: x.line, message: x.message }])),
  };
}

/** An adapter's binding message in plain words, where the profile knows what its key means. */
export function plainBindingMessage(s: Session, message: string | undefined): string | undefined {
  if (!message) return message;
  const known = s.profile.breakpointMessages[message.trim()];
  return known ?? message;
}

/**
 * Loud notes about breakpoints that did not bind where asked. In a run that ended, those the
 * ended session's answer lists as never bound (neverBound) are not said again as "not bound yet".
 */
export function bindingNotes(s: Session, ids: string[]): string {
  const notes: string[] = [];
  const ended = s.state === 'exited' || s.state === 'terminated' ? new Set(neverBound(s).map((x) => x.split(' ')[0])) : new Set<string>();
  for (const id of ids) {
    const b = s.breakpoints().find((x) => x.id === id); // its own ones too, after they ended with it
    const bound = b?.bindings.get(s.id);
    if (!b || !bound) continue;
    const why = plainBindingMessage(s, bound.message);
    if (!bound.verified) {
      if (!ended.has(id)) notes.push(`${id} is not bound yet${why ? `: ${why}` : ''}`);
    } else if (b.line && bound.line && bound.line !== b.line) notes.push(`${id}: requested line ${b.line}, bound to line ${bound.line}`);
  }
  return notes.length ? `Note: ${notes.join('; ')}` : '';
}

/** Breakpoints this session was given that never verified and never hit: likely a wrong line or file. */
export function neverBound(s: Session): string[] {
  return s
    .breakpoints()
    .filter((b) => b.hits === 0 && b.bindings.get(s.id)?.verified === false && (b.kind === 'function' || b.file!.startsWith(s.cwd)))
    .map((b) => {
      const why = plainBindingMessage(s, b.bindings.get(s.id)?.message);
      return `${b.id} ${b.kind === 'function' ? b.function : `${shortPath(b.file, s.cwd)}:${b.line}`}${why ? ` (${why})` : ''}`;
    });
}
