import type { Deadlock, LockRef, Snapshot, SnapshotFrame, ThreadSnapshot, WaitGroup } from '@dapgate/core';
import { clip, shortPath } from './text.js';

const PLACES = 15;
const PROGRAM_FRAMES = 5;
const IDS = 12;
const LOCALS_CHARS = 300;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How the snapshot held the program, in a few words. */
function howHeld(s: Snapshot): string {
  if (s.via === 'evaluated') return `read by the runtime's own thread listing${s.state === 'running' ? ', without pausing it' : ''}; it is ${s.state}`;
  // resumed after a stop it was found in: that stop was a live attach's own (debug_snapshot by pid/port)
  if (s.via === 'stopped') return s.resumed ? `held by the attach's own stop and resumed: it is ${s.state}` : `it was already stopped and stays ${s.state}`;
  if (s.resumed) return `paused${s.pausedMs !== undefined ? ` ${s.pausedMs} ms` : ''} and resumed: it is ${s.state}`;
  return `paused, and kept paused: it is ${s.state}`;
}

/** Why a group's threads have no place: they have no frames. */
const NO_FRAMES: Record<NonNullable<WaitGroup['noFrames']>, string> = {
  'none-reported': 'with no frames reported',
  'not-paused': 'not paused (no stack read)',
  'not-read': 'whose stack could not be read',
};

function place(g: WaitGroup, cwd: string): string {
  if (g.noFrames) return NO_FRAMES[g.noFrames];
  // a frame whose source is not found is not known to be a library's: said as what is known
  const none = g.sourcesMissing ? 'no frame with its source found here' : 'no frame of the program';
  const at = g.noProgramFrame ? `${g.function} (${none})` : `${shortPath(g.file, cwd)}:${g.line} in ${g.function}`;
  return `${at}${g.reason ? ` — ${g.reason}` : ''}`;
}

function ids(list: number[]): string {
  return list.slice(0, IDS).join(', ') + (list.length > IDS ? ` (+${list.length - IDS} more)` : '');
}

/** Top frames shown for a thread with no frame of the program's own. */
const LIBRARY_TOP = 3;

/** Program frames shown (at most PROGRAM_FRAMES), each run of library frames as one counted line. */
function stackLines(frames: SnapshotFrame[], cwd: string): string[] {
  // no frame is the program's (a stdlib server, a runtime thread): its top frames are where it waits
  if (frames.length && frames.every((f) => f.library)) {
    const top = frames.slice(0, LIBRARY_TOP).map((f) => `    #${f.index} ${f.name} ${f.file ? `at ${shortPath(f.file, cwd)}:${f.line} (library)` : `at line ${f.line > 0 ? f.line : '?'} (no source found)`}`);
    return frames.length > LIBRARY_TOP ? [...top, `    … ${plural(frames.length - LIBRARY_TOP, 'library frame')}`] : top;
  }
  const out: string[] = [];
  let run = 0;
  let shown = 0;
  const flush = () => {
    if (run) out.push(`    … ${plural(run, 'library frame')}`);
    run = 0;
  };
  for (const f of frames) {
    if (f.library) {
      run++;
      continue;
    }
    if (shown === PROGRAM_FRAMES) {
      out.push(`    … ${frames.length - f.index} more frames`);
      return out;
    }
    flush();
    out.push(`    #${f.index} ${f.name} at ${shortPath(f.file, cwd)}:${f.line}`);
    shown++;
  }
  flush();
  return out;
}

function localsLine(t: ThreadSnapshot): string | undefined {
  if (!t.locals) return undefined;
  const parts: string[] = [];
  let used = 0;
  const entries = Object.entries(t.locals);
  for (const [name, value] of entries) {
    const part = `${name}=${clip(value, 60)}`;
    if (used + part.length > LOCALS_CHARS) break;
    parts.push(part);
    used += part.length + 2;
  }
  const more = entries.length - parts.length;
  return `    locals (#${t.localsFrame}): ${parts.join('  ') || '(none)'}${more ? `  (+${more} more)` : ''}`;
}

function threadHeader(t: ThreadSnapshot): string {
  const state = t.state === 'running' ? ' (did not pause: no stack)' : '';
  return `  thread ${t.id}${t.name ? ` (${t.name})` : ''}${t.waitReason ? ` — ${t.waitReason}` : ''}${state}`;
}

/** `Object@412`: a lock by its type's short name and the runtime's id for it. */
function lockName(l: LockRef): string {
  return `${l.type.slice(l.type.lastIndexOf('.') + 1)}@${l.id}`;
}

function locksLine(t: ThreadSnapshot): string | undefined {
  const l = t.locks;
  if (!l || (!l.holds.length && !l.waitsFor)) return undefined;
  const holds = l.holds.length ? `holds ${l.holds.map(lockName).join(', ')}` : '';
  const w = l.waitsFor;
  const waits = w ? `${w.entering ? 'waits to enter' : 'waits on'} ${lockName(w)}${w.owner !== undefined ? ` held by thread ${w.owner}` : ''}` : '';
  return `    ${[holds, waits].filter(Boolean).join('; ')}`;
}

function deadlockLine(d: Deadlock, cwd: string): string {
  const who = (m: Deadlock['threads'][number]) => `thread ${m.id}${m.name ? ` (${m.name})` : ''}${m.file ? ` at ${shortPath(m.file, cwd)}:${m.line}` : ''}`;
  return `DEADLOCK: ${d.threads.map((m) => `${who(m)} waits for ${lockName(m.waitsFor)} held by thread ${m.heldBy}`).join('; ')}.`;
}

/** The snapshot as one screen: where threads wait (counted), then the threads in full. */
export function formatSnapshot(s: Snapshot, cwd: string, headline: string): string {
  const count = s.adapterLimit !== undefined ? `at least ${s.total} threads (the adapter lists at most ${s.adapterLimit})` : plural(s.total, 'thread');
  const lines = [`${headline}: ${count}; ${howHeld(s)}.`];
  for (const d of s.deadlocks ?? []) lines.push(deadlockLine(d, cwd));
  if (s.groups.length) {
    lines.push('Where they are:');
    const group = (g: WaitGroup) => `  ${String(g.threadIds.length).padStart(3)} ${g.noFrames ? '' : 'at '}${place(g, cwd)} (${g.threadIds.length === 1 ? 'thread' : 'threads'} ${ids(g.threadIds)})`;
    const places = s.groups.filter((g) => !g.noFrames);
    for (const g of places.slice(0, PLACES)) lines.push(group(g));
    if (places.length > PLACES) lines.push(`  … ${places.length - PLACES} more places (${places.slice(PLACES).reduce((n, g) => n + g.threadIds.length, 0)} threads)`);
    // threads with no frames are counted too, never left out
    for (const g of s.groups.filter((x) => x.noFrames)) lines.push(group(g));
  }
  if (s.unread) lines.push(`${plural(s.unread, 'thread')} not read within the time bound (raise timeoutMs).`);
  if (s.threads.length) {
    lines.push(`In full (${s.threads.length}${s.total > s.threads.length ? ` of ${s.total}; maxThreads shows more` : ''}):`);
    const seen = new Map<string, number>();
    for (const t of s.threads) {
      lines.push(threadHeader(t));
      const stack = stackLines(t.frames, cwd);
      const key = t.frames.map((f) => `${f.name}@${f.file}:${f.line}`).join('|');
      const same = t.frames.length ? seen.get(key) : undefined;
      if (same !== undefined) lines.push(`    same stack as thread ${same}`);
      else if (!t.frames.length && t.state !== 'running' && !t.error) lines.push('    (no frames reported)');
      else lines.push(...stack);
      if (!seen.has(key)) seen.set(key, t.id);
      const locks = locksLine(t);
      if (locks) lines.push(locks);
      const locals = localsLine(t);
      if (locals) lines.push(locals);
      if (t.error) lines.push(`    (${t.error})`);
    }
  }
  for (const n of s.notes) lines.push(`Note: ${n}.`);
  return lines.join('\n');
}

/** structuredContent for a snapshot (frames as in debug_stack). */
export function snapshotJson(s: Snapshot) {
  return {
    via: s.via,
    total: s.total,
    ...(s.adapterLimit !== undefined ? { totalIsLowerBound: true } : {}),
    unread: s.unread,
    groups: s.groups,
    ...(s.deadlocks?.length ? { deadlocks: s.deadlocks } : {}),
    threads: s.threads.map((t) => ({
      id: t.id,
      ...(t.name ? { name: t.name } : {}),
      state: t.state,
      ...(t.waitReason ? { waitReason: t.waitReason } : {}),
      frames: t.frames.map((f) => ({ index: f.index, name: f.name, file: f.file, line: f.line, ...(f.library ? { library: true } : {}) })),
      ...(t.programFrame !== undefined ? { programFrame: t.programFrame } : {}),
      ...(t.locals ? { locals: t.locals } : {}),
      ...(t.locks ? { locks: t.locks } : {}),
      ...(t.error ? { error: t.error } : {}),
    })),
    resumed: s.resumed,
  };
}
