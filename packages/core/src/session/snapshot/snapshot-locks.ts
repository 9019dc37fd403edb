import type { Session } from '../session.js';
import type { ThreadEntry } from '../threads/threads.js';
import type { Deadlock, LockRef, ThreadSnapshot } from './snapshot-types.js';

export type { LockRef, ThreadLocks, Deadlock } from './snapshot-types.js';

interface AdapterThread {
  id: number;
  status?: string;
  suspended?: boolean;
  owned?: LockRef[];
  waitingFor?: LockRef & { owner?: number };
}

/** The runtime's thread status as a wait reason, when the stack does not give one. */
const STATUS_REASON: Record<string, string> = { monitor: 'blocked entering a monitor', wait: 'waiting', sleeping: 'sleeping' };

/**
 * Asks each connection the profile's `snapshot.locks` request (java-debug host: `threadLocks`,
 * JDI's ownedMonitors / currentContendedMonitor / owningThread) and sets `locks` (and a wait
 * reason from the thread's status where none was read) on the snapshot's threads. Returns the
 * deadlock cycles among them, or a note when the adapter could not tell.
 */
export async function readLocks(s: Session, listed: ThreadEntry[], threads: ThreadSnapshot[], timeoutMs: number): Promise<{ deadlocks: Deadlock[]; note?: string }> {
  const request = s.profile.snapshot.locks;
  if (!request) return { deadlocks: [] };
  const byAdapter = new Map<string, ThreadEntry>();
  const clientKey = new Map(s.targets().map((c, i) => [c, i]));
  for (const t of listed) byAdapter.set(`${clientKey.get(t.client)}:${t.adapterId}`, t);
  const snapOf = new Map(threads.map((t) => [t.id, t]));
  let note: string | undefined;
  for (const client of new Set(listed.map((t) => t.client))) {
    let body: { threads?: AdapterThread[]; monitorInfo?: boolean } | undefined;
    try {
      body = (await client.requestCustom(request, {}, timeoutMs)) as typeof body;
    } catch (e) {
      note = `held and awaited locks not read: ${(e as Error).message}`;
      continue;
    }
    if (body?.monitorInfo === false) note = 'the runtime does not tell which locks threads hold';
    const ours = (adapterId: number | undefined) => (adapterId === undefined ? undefined : byAdapter.get(`${clientKey.get(client)}:${adapterId}`)?.id);
    for (const a of body?.threads ?? []) {
      const snap = snapOf.get(ours(a.id) ?? -1);
      if (!snap || a.suspended === false) continue;
      const waiting = a.waitingFor;
      snap.locks = {
        holds: (a.owned ?? []).map(({ type, id }) => ({ type, id })),
        ...(waiting ? { waitsFor: { type: waiting.type, id: waiting.id, entering: a.status === 'monitor', ...(ours(waiting.owner) !== undefined ? { owner: ours(waiting.owner)! } : {}) } } : {}),
      };
      if (!snap.waitReason && a.status && STATUS_REASON[a.status]) snap.waitReason = STATUS_REASON[a.status];
    }
  }
  return { deadlocks: deadlockCycles(threads), ...(note ? { note } : {}) };
}

/** Circles in "waits to enter a lock held by": each thread waits for at most one, so each walk finds at most one circle. */
export function deadlockCycles(threads: ThreadSnapshot[]): Deadlock[] {
  const next = new Map<number, number>();
  for (const t of threads) if (t.locks?.waitsFor?.entering && t.locks.waitsFor.owner !== undefined) next.set(t.id, t.locks.waitsFor.owner);
  const byId = new Map(threads.map((t) => [t.id, t]));
  const seen = new Set<number>();
  const out: Deadlock[] = [];
  for (const start of next.keys()) {
    const path: number[] = [];
    let at: number | undefined = start;
    while (at !== undefined && !seen.has(at) && !path.includes(at)) {
      path.push(at);
      at = next.get(at);
    }
    if (at !== undefined && path.includes(at)) {
      const circle = path.slice(path.indexOf(at));
      out.push({ threads: circle.map((id) => member(byId.get(id)!, next.get(id)!)) });
    }
    for (const id of path) seen.add(id);
  }
  return out;
}

function member(t: ThreadSnapshot, heldBy: number): Deadlock['threads'][number] {
  const w = t.locks!.waitsFor!;
  const at = t.frames[t.programFrame ?? 0];
  return { id: t.id, ...(t.name ? { name: t.name } : {}), ...(at ? { file: at.file, line: at.line, function: at.name } : {}), waitsFor: { type: w.type, id: w.id }, heldBy };
}
