import type { DebugProtocol } from '@vscode/debugprotocol';
import { GatewayError } from '../../errors.js';
import { cleanFrameNames } from '../reads/frame-names.js';
import { Inspector } from '../reads/inspect.js';
import { LibraryFrames } from '../reads/library-frames.js';
import { undeclaredLocals, undeclaredText } from '../reads/undeclared.js';
import type { Session } from '../session.js';
import type { ThreadEntry } from '../threads/threads.js';
import { evaluatedStacks } from './snapshot-stacks.js';
import { readLocks } from './snapshot-locks.js';
import { WaitReasons } from './snapshot-wait-reasons.js';
import type { Snapshot, SnapshotFrame, SnapshotOptions, ThreadSnapshot, WaitGroup } from './snapshot-types.js';

export type { SnapshotOptions, SnapshotFrame, ThreadSnapshot, WaitGroup, Snapshot } from './snapshot-types.js';

const LEVELS = 40;
const PARALLEL = 8;
const PAUSE_WAIT_MS = 5_000;
/** When a pause that brought no stop is sent once more. */
const REPAUSE_AFTER_MS = 1_500;
const REQUEST_MS = 5_000;

/**
 * Every thread of a live session in one pass: pauses it if it runs (unless the profile reads
 * stacks by evaluation), reads each thread's stack (library frames marked), the runtime's wait
 * reason where the profile says how to ask, and the locals of the nearest program frame for at most
 * `maxThreads` threads; groups all threads by where they wait; then resumes what it paused unless
 * `keepPaused`. A program already stopped stays stopped.
 */
export async function takeSnapshot(s: Session, options: SnapshotOptions = {}): Promise<Snapshot> {
  s.requireLive('take a snapshot');
  const maxThreads = options.maxThreads ?? 20;
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const library = new LibraryFrames(s.profile.stops, s.cwd);
  const notes: string[] = [];
  if (s.profile.snapshot.stacks) {
    const threads = await evaluatedStacks(s, library, deadline);
    const groups = groupByPlace(threads);
    let resumed = false;
    if (options.keepPaused && s.state === 'running') {
      await s.pause().catch((e: Error) => notes.push(`the pause did not take: ${e.message}`));
      const paused = await s.waitUntil(() => s.state !== 'running', PAUSE_WAIT_MS);
      if (paused !== 'stopped') notes.push(`asked to keep it paused, but it did not pause within ${PAUSE_WAIT_MS} ms (threads blocked in native calls pause when they return)`);
    } else resumed = s.state === 'running';
    return { via: 'evaluated', threads: pickInFull(threads, groups, maxThreads), groups, total: threads.length, unread: 0, state: s.state, resumed, notes };
  }

  let via: Snapshot['via'] = 'stopped';
  let pausedAt: number | undefined;
  if (s.state !== 'stopped') {
    if (s.state !== 'running') throw new GatewayError(`cannot take a snapshot: session ${s.id} is ${s.state}`, undefined, { code: 'not-stopped', next: 'check-status' });
    pausedAt = Date.now();
    await s.pause();
    const until = Date.now() + Math.min(PAUSE_WAIT_MS, Math.max(1, deadline - Date.now()));
    const left = () => Math.max(1, until - Date.now());
    let outcome = await s.waitUntil(() => s.state !== 'running' || !s.live, Math.min(REPAUSE_AFTER_MS, left()));
    if (outcome !== 'stopped' && s.live && s.state === 'running' && until - Date.now() > 100) {
      // lldb-dap drops a pause that comes right after its attach (1 in 3 seen): asked once more, bounded
      await s.pause(undefined, left()).catch(() => undefined);
      outcome = await s.waitUntil(() => s.state !== 'running' || !s.live, left());
    }
    if (outcome !== 'stopped') {
      const idle = s.live && s.state === 'running' ? s.profile.stops.pauseWhenIdle : undefined;
      const message = `cannot take a snapshot: the program did not pause within ${PAUSE_WAIT_MS} ms (${outcome})${s.live && s.state === 'running' ? '; it runs on' : ''}`;
      if (idle) throw new GatewayError(`${message}. ${idle}`, undefined, { code: 'not-stopped' });
      throw new GatewayError(message, 'the adapter traffic (diagnose) shows what the adapter is doing', { code: 'not-stopped', next: 'check-status' });
    }
    via = 'pause';
  }
  let resumed = false;
  let pausedMs: number | undefined;
  let read: Omit<Snapshot, 'state' | 'resumed' | 'pausedMs'>;
  try {
    let listed = await s.reads.threads();
    if (listed.some((t) => t.state === 'running')) listed = await pauseTheRest(s, listed, notes);
    const { threads, unread, ids } = await readThreads(s, listed, library, deadline);
    const locks = await readLocks(s, listed, threads, bounded(deadline));
    if (locks.note) notes.push(locks.note);
    const groups = groupByPlace(threads);
    const full = pickInFull(threads, groups, maxThreads);
    await readLocals(s, listed, full, ids, deadline);
    const limit = s.profile.adapterThreadLimit;
    const notPaused = threads.filter((t) => t.state === 'running').length;
    if (notPaused) notes.push(`${notPaused} thread${notPaused === 1 ? ' was' : 's were'} not paused (the adapter paused only some): their stacks are not shown`);
    read = { via, threads: full, groups, ...(locks.deadlocks.length ? { deadlocks: locks.deadlocks } : {}), total: listed.length, ...(limit !== undefined && listed.length >= limit ? { adapterLimit: limit } : {}), unread, notes };
  } finally {
    if (via === 'pause' && !options.keepPaused && s.live && s.state === 'stopped') {
      await s.continue();
      resumed = true;
      pausedMs = Date.now() - pausedAt!;
    }
  }
  return { ...read, state: s.state, resumed, ...(pausedMs !== undefined ? { pausedMs } : {}) };
}

/** The pause stopped only some threads: the profile's pause-all request for each connection that still runs threads. */
async function pauseTheRest(s: Session, listed: ThreadEntry[], notes: string[]): Promise<ThreadEntry[]> {
  const request = s.profile.snapshot.pauseAll;
  if (!request) return listed;
  const clients = new Set(listed.filter((t) => t.state === 'running').map((t) => t.client));
  for (const client of clients) {
    const any = listed.find((t) => t.client === client)!;
    try {
      await client.requestCustom(request, { threadId: any.adapterId }, REQUEST_MS);
      s.threads.allPaused(client);
    } catch (e) {
      notes.push(`the other threads could not be paused: ${(e as Error).message}`);
    }
  }
  return s.reads.threads();
}

/** Stacks (and wait reasons) of every stopped thread, PARALLEL at a time, until the deadline. */
async function readThreads(s: Session, listed: ThreadEntry[], library: LibraryFrames, deadline: number): Promise<{ threads: ThreadSnapshot[]; unread: number; ids: Map<number, number[]> }> {
  const out: ThreadSnapshot[] = [];
  const ids = new Map<number, number[]>();
  const reasons = new WaitReasons(s, () => bounded(deadline));
  let unread = 0;
  let next = 0;
  const worker = async () => {
    while (next < listed.length) {
      const t = listed[next++]!;
      if (Date.now() >= deadline) {
        unread++;
        continue;
      }
      out.push(await readThread(s, t, library, reasons, ids));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const order = new Map(listed.map((t, i) => [t.id, i]));
  out.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { threads: out, unread, ids };
}

async function readThread(s: Session, t: ThreadEntry, library: LibraryFrames, reasons: WaitReasons, ids: Map<number, number[]>): Promise<ThreadSnapshot> {
  const base = { id: t.id, ...(t.name ? { name: t.name } : {}) };
  if (t.state !== 'stopped') return { ...base, state: 'running', frames: [] };
  try {
    const body = await s.send('stackTrace', { threadId: t.adapterId, startFrame: 0, levels: LEVELS }, undefined, t.client);
    const raw = cleanFrameNames(body?.stackFrames ?? [], s.profile.stops);
    ids.set(t.id, raw.map((f) => f.id));
    const flags = await library.classify(raw);
    const frames = raw.map((f, i) => toFrame(f, i, flags[i]!));
    const waitReason = raw[0] ? await reasons.of(t, raw[0].id) : undefined;
    return { ...base, state: 'stopped', frames, ...(body?.totalFrames ? { totalFrames: body.totalFrames } : {}), programFrame: frames.find((f) => !f.library)?.index, ...(waitReason ? { waitReason } : {}) };
  } catch (e) {
    return { ...base, state: 'stopped', frames: [], error: (e as Error).message };
  }
}

/** The locals of each in-full thread's nearest program frame (one level, the profile's hidden names left out). */
async function readLocals(s: Session, listed: ThreadEntry[], full: ThreadSnapshot[], ids: Map<number, number[]>, deadline: number): Promise<void> {
  await Promise.all(
    full.map(async (t) => {
      const entry = listed.find((e) => e.id === t.id);
      if (!entry || t.programFrame === undefined || Date.now() >= deadline) return;
      const frameIds = ids.get(t.id) ?? [];
      const inspector = new Inspector(
        {
          frameId: async (i) => frameIds[i] ?? -1,
          scopes: async (frameId) => (await s.send('scopes', { frameId }, undefined, entry.client))?.scopes ?? [],
          variables: async (ref) => (await s.send('variables', { variablesReference: ref }, undefined, entry.client))?.variables ?? [],
        },
        s.profile.variables,
      );
      try {
        const locals = await inspector.snapshot(t.programFrame);
        await markUndeclaredIn(s, inspector, t.frames[t.programFrame], t.programFrame, locals);
        t.locals = Object.fromEntries(locals);
        t.localsFrame = t.programFrame;
      } catch (e) {
        t.error = `locals not read: ${(e as Error).message}`;
      }
    }),
  );
}

/** Locals whose declaration has not run where the frame stopped (the profile's `trace.declarations`) say so, as at a stop. */
async function markUndeclaredIn(s: Session, inspector: Inspector, frame: SnapshotFrame | undefined, index: number, locals: Map<string, string>): Promise<void> {
  if (!s.profile.trace?.declarations || !frame?.file) return;
  const later = await undeclaredLocals(s.profile, { path: frame.file, line: frame.line }, new Set(locals.keys()), await inspector.scopes(index));
  for (const [name, line] of later) locals.set(name, undeclaredText(line));
}

function toFrame(f: DebugProtocol.StackFrame, index: number, library: boolean): SnapshotFrame {
  return { index, name: f.name, ...(f.source?.path || f.source?.name ? { file: f.source.path ?? f.source.name } : {}), line: f.line, library };
}

/** A bound for requests whose timeout does not fail the session (evaluate, custom requests): the time left, within limits. */
function bounded(deadline: number): number {
  return Math.max(500, Math.min(REQUEST_MS, deadline - Date.now()));
}

/**
 * Threads by the place they wait: the nearest program frame, else the top frame; the wait reason
 * too. Most first; threads with no frames last, by why they have none (every thread is in one).
 */
export function groupByPlace(threads: ThreadSnapshot[]): WaitGroup[] {
  const groups = new Map<string, WaitGroup>();
  const frameless = new Map<NonNullable<WaitGroup['noFrames']>, WaitGroup>();
  for (const t of threads) {
    if (!t.frames.length) {
      const why = t.state === 'running' ? 'not-paused' : t.error ? 'not-read' : 'none-reported';
      let g = frameless.get(why);
      if (!g) frameless.set(why, (g = { noProgramFrame: true, noFrames: why, threadIds: [] }));
      g.threadIds.push(t.id);
      continue;
    }
    const at = t.frames[t.programFrame ?? 0]!;
    const key = `${at.file}:${at.line}:${at.name}:${t.waitReason ?? ''}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { file: at.file, line: at.line, function: at.name, noProgramFrame: t.programFrame === undefined, ...(t.programFrame === undefined && t.frames.some((f) => !f.file && f.line > 0) ? { sourcesMissing: true } : {}), ...(t.waitReason ? { reason: t.waitReason } : {}), threadIds: [] }));
    g.threadIds.push(t.id);
  }
  return [...[...groups.values()].sort((a, b) => Number(a.noProgramFrame) - Number(b.noProgramFrame) || b.threadIds.length - a.threadIds.length), ...frameless.values()];
}

/** Which threads are shown in full: one per place in the program first, then the others there, then threads with no program frame; up to max. */
function pickInFull(threads: ThreadSnapshot[], groups: WaitGroup[], max: number): ThreadSnapshot[] {
  const byId = new Map(threads.map((t) => [t.id, t]));
  const program = groups.filter((g) => !g.noProgramFrame);
  const runtime = groups.filter((g) => g.noProgramFrame && !g.noFrames);
  const unplaced = threads.filter((t) => !t.frames.length).map((t) => t.id);
  const order = [...program.map((g) => g.threadIds[0]!), ...program.flatMap((g) => g.threadIds.slice(1)), ...runtime.flatMap((g) => g.threadIds), ...unplaced];
  return order.slice(0, max).map((id) => byId.get(id)!);
}
