import type { Session, StopInfo, ThreadEntry } from '@dapgate/core';
import { frameLabel } from './frames.js';
import { atBreakpoints, breakpointOwners } from './breakpoint-owners.js';

const LISTED = 10;

/** `thread 169 (worker-1)` */
export function threadName(t: Pick<ThreadEntry, 'id' | 'name'>): string {
  return `thread ${t.id}${t.name ? ` (${t.name})` : ''}`;
}

function place(stop: StopInfo): string {
  const top = stop.frames[0];
  return `${stop.breakpointIds.join(',') || stop.reason}@${top?.source?.path ?? top?.source?.name ?? '?'}:${top?.line ?? '?'}`;
}

/**
 * The other stopped threads, in stop order: "2 more threads stopped here: 169, 171", then those
 * stopped elsewhere, then how many are paused along with them. Bounded.
 */
export function otherStops(s: Session, shown: ThreadEntry): { lines: string[]; threads: { id: number; name?: string; reason?: string; breakpointIds: string[]; owners: string[]; file?: string; line?: number }[] } {
  const others = s.stoppedThreads().filter((t) => t !== shown);
  const here = others.filter((t) => t.stop && shown.stop && place(t.stop) === place(shown.stop));
  const elsewhere = others.filter((t) => t.stop && !here.includes(t));
  const paused = others.filter((t) => !t.stop);
  const lines: string[] = [];
  const ids = (ts: ThreadEntry[]) => ts.slice(0, LISTED).map((t) => t.id).join(', ') + (ts.length > LISTED ? ` (+${ts.length - LISTED} more)` : '');
  if (here.length) lines.push(`${here.length} more thread${here.length > 1 ? 's' : ''} stopped here: ${ids(here)} (threadId picks one; debug_continue resumes all).`);
  for (const t of elsewhere.slice(0, LISTED)) {
    const top = t.stop!.frames[0];
    lines.push(`Also stopped: ${threadName(t)} at ${t.stop!.breakpointIds.length ? atBreakpoints(s, t.stop!.breakpointIds) : t.stop!.reason}${top ? `, ${frameLabel(top, s.cwd)}` : ''}.`);
  }
  if (elsewhere.length > LISTED) lines.push(`… ${elsewhere.length - LISTED} more threads stopped elsewhere (debug_threads).`);
  if (paused.length) lines.push(`${paused.length} other thread${paused.length > 1 ? 's are' : ' is'} paused with it (debug_threads lists them; debug_snapshot shows where each waits).`);
  const threads = others.filter((t) => t.stop).map((t) => ({ id: t.id, ...(t.name ? { name: t.name } : {}), reason: t.stop!.reason, breakpointIds: t.stop!.breakpointIds, owners: breakpointOwners(s, t.stop!.breakpointIds), file: t.stop!.frames[0]?.source?.path, line: t.stop!.frames[0]?.line }));
  return { lines, threads };
}
