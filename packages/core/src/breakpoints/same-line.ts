import { GatewayError } from '../errors.js';
import { ownerWords, type BookBreakpoint, type BreakpointSpec } from './book.js';

/**
 * What setting `spec` does where the book already has a line breakpoint at its file:line.
 * Adapters keep one breakpoint per line (debugpy, java-debug), so the book does too, and says so:
 * the same breakpoint again is `same`; the same sort with other options (a new condition, another
 * message) `replaces` it, naming what it had; another sort (a logpoint where a stopping breakpoint
 * is, a temporary one where a permanent one is) is refused, since one of them would be lost.
 */
export type SameLineOutcome = { action: 'new' } | { action: 'same'; existing: BookBreakpoint } | { action: 'replace'; existing: BookBreakpoint; had: string };

export function sameLine(existing: BookBreakpoint | undefined, spec: BreakpointSpec): SameLineOutcome {
  if (!existing) return { action: 'new' };
  if (OPTIONS.every((k) => (existing[k] || undefined) === (spec[k] || undefined))) return { action: 'same', existing };
  if (sortOf(existing) !== sortOf(spec)) {
    throw new GatewayError(
      `line ${spec.line} already has ${existing.id} (${options(existing)}); a ${sortOf(spec)} there would replace it, and adapters keep one breakpoint per line`,
      `remove ${existing.id} first to replace it, or keep one breakpoint: a logpoint with a condition logs only when it holds; a breakpoint with a condition stops only when it holds`,
      'conflict',
    );
  }
  return { action: 'replace', existing, had: options(existing) };
}

/**
 * Another owner's breakpoints on the line that a session would get together with `spec` (the
 * workspace's and a session's own): the adapter takes one breakpoint per line, so they must be
 * the same breakpoint (then the session gets one, attributed to its own); otherwise refused.
 */
export function sharedLine(others: BookBreakpoint[], spec: BreakpointSpec): void {
  for (const other of others) {
    if (OPTIONS.every((k) => (other[k] || undefined) === (spec[k] || undefined))) continue;
    throw new GatewayError(
      `line ${spec.line} already has ${other.id} (${ownerWords(other)}: ${options(other)}); a session would get both, and adapters keep one breakpoint per line`,
      `remove ${other.id} first, or give the same options (${options(other)})`,
      'conflict',
    );
  }
}

const OPTIONS = ['condition', 'hitCondition', 'logMessage', 'temporary'] as const;

function sortOf(b: BreakpointSpec): string {
  return b.logMessage ? 'logpoint' : b.temporary ? 'temporary breakpoint' : 'breakpoint';
}

export function options(b: BreakpointSpec): string {
  const parts = [
    sortOf(b),
    b.condition ? `if ${b.condition}` : '',
    b.hitCondition ? `hit ${b.hitCondition}` : '',
    b.logMessage ? `logs "${b.logMessage}"` : '',
  ].filter(Boolean);
  return parts.join(', ');
}
