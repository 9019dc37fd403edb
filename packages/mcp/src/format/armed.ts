import { extname } from 'node:path';
import { armedStops as coreArmedStops, type Session, type SessionManager } from '@dapgate/core';
import { shortPath } from './text.js';

export interface ArmedStops {
  /** One phrase per kind: "2 breakpoints", "exception filter 'uncaught'", "a crash (signal ...)". */
  parts: string[];
  /** True when anything at all can stop the program. */
  any: boolean;
  /**
   * Whether a breakpoint-like stop is armed: breakpoints, stopOnEntry or the profile's always-armed
   * stops (a crash). Without one, a launch still waits for an exception or the end, and when the
   * wait runs out its answer says that only an exception (or nothing) can stop the program.
   */
  waitFor: boolean;
  /** Only exception filters are armed. */
  onlyExceptions: boolean;
}

/** What can stop a just-launched program (core's armedStops), one phrase per kind. */
export function armedStops(session: Session, manager: SessionManager, stopOnEntry: boolean | undefined): ArmedStops {
  const armed = coreArmedStops(session, manager.breakpoints.applyingTo(session.id), stopOnEntry);
  const parts: string[] = [];
  if (armed.stopOnEntry) parts.push('stop on entry');
  const ids = armed.breakpoints;
  if (ids.length) parts.push(`${ids.length} breakpoint${ids.length === 1 ? '' : 's'} (${ids.join(', ')})`);
  const filters = armed.exceptionFilters;
  if (filters.length) parts.push(`exception filter${filters.length === 1 ? '' : 's'} ${filters.map((f) => `'${f}'`).join(', ')}`);
  const unset = armed.unsetFilters;
  if (unset) parts.push(`not yet exception filter${unset.filters.length === 1 ? '' : 's'} ${unset.filters.map((f) => `'${f}'`).join(', ')} (the adapter refused them while configuring: ${unset.reason}; they are sent again at the first stop)`);
  parts.push(...armed.alwaysArmed);
  return { parts, any: parts.length > 0, waitFor: armed.waitFor, onlyExceptions: armed.onlyExceptions };
}

/** `Armed: 2 breakpoints (bp1, bp2), exception filter 'uncaught'.` */
export function armedLine(armed: ArmedStops): string {
  return armed.any ? `Armed: ${armed.parts.join(', ')}.` : 'Armed: nothing (no breakpoints, no exception filters, no stopOnEntry).';
}

/**
 * The workspace breakpoints a new session got besides its own (set earlier, for every session),
 * with any the adapter did not take as asked: "" when there are none.
 */
export function workspaceArmedLine(session: Session): string {
  const extensions = session.profile.extensions.map((e) => e.toLowerCase());
  const theirs = session
    .breakpoints()
    .filter((b) => !b.sessionId && (b.kind === 'function' || (b.kind === 'line' && !!b.file && extensions.includes(extname(b.file).toLowerCase()))));
  if (!theirs.length) return '';
  const described = theirs.map((b) => {
    const bound = b.bindings.get(session.id);
    const where = b.kind === 'function' ? `function ${b.function}` : `${shortPath(b.file, session.cwd)}:${b.line}`;
    return `${b.id} ${where}${b.logMessage ? ' (logpoint)' : ''}${bound && !bound.verified && bound.message ? ` (${bound.message})` : ''}`;
  });
  return `\nWorkspace breakpoint${theirs.length === 1 ? '' : 's'} armed too (set earlier, for every session): ${described.join(', ')}.`;
}
