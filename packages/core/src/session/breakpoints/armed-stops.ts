import { extname } from 'node:path';
import type { BookBreakpoint } from '../../breakpoints/book.js';
import type { Profile } from '../../profiles/schema.js';

/** What can stop a just-launched program. */
export interface ArmedStops {
  stopOnEntry: boolean;
  /** The ids of its breakpoints that stop (no logpoints; line breakpoints only in files of its language). */
  breakpoints: string[];
  exceptionFilters: string[];
  /** Exception filters the adapter refused while configuring (sent again at the first stop). */
  unsetFilters?: { filters: string[]; reason: string };
  /** The stops the profile says are always armed (a crash). */
  alwaysArmed: string[];
  /**
   * A breakpoint-like stop is armed: breakpoints, stopOnEntry or the profile's always-armed stops.
   * Without one, a launch still waits for an exception or the end.
   */
  waitFor: boolean;
  /** Only exception filters are armed. */
  onlyExceptions: boolean;
}

/** What armedStops reads of a session. */
export interface ArmedHost {
  readonly profile: Profile;
  readonly exceptionFilters: string[];
  readonly unsetExceptionFilters: { filters: string[]; reason: string } | undefined;
}

/** What can stop a session's program, from the breakpoints that apply to it (`applying`), its exception filters and its profile. */
export function armedStops(session: ArmedHost, applying: BookBreakpoint[], stopOnEntry: boolean | undefined): ArmedStops {
  const extensions = session.profile.extensions.map((e) => e.toLowerCase());
  const breakpoints = applying.filter((b) => !b.logMessage && (b.kind !== 'line' || (!!b.file && extensions.includes(extname(b.file).toLowerCase())))).map((b) => b.id);
  const alwaysArmed = session.profile.stops.alwaysArmed;
  const waitFor = !!stopOnEntry || breakpoints.length > 0 || alwaysArmed.length > 0;
  const exceptionFilters = session.exceptionFilters;
  const unset = session.unsetExceptionFilters;
  return { stopOnEntry: !!stopOnEntry, breakpoints, exceptionFilters, ...(unset ? { unsetFilters: unset } : {}), alwaysArmed, waitFor, onlyExceptions: !waitFor && exceptionFilters.length > 0 };
}
