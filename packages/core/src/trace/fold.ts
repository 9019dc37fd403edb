import type { LineEvent } from './types.js';

/** A loop's iterations folded: the first, the last and every one that took another path are kept. */
export interface LoopFold {
  kind: 'loop';
  firstLine: number;
  lastLine: number;
  count: number;
  /** 1-based iteration numbers with their events (first, last, and the odd ones). */
  shown: { iteration: number; lines: FoldedLines }[];
  /** Iterations (1-based) whose path differs from the most common one. */
  odd: number[];
  /** The most common path, as line numbers. */
  path: number[];
  /**
   * How each local changed across the loop: its value before the first change (its first value, for
   * one the loop created) and after the last, and every value it took in order (`values`, repeats in
   * a row once).
   */
  ranges: { name: string; from?: string; to?: string; values: string[] }[];
}

export type FoldedLines = ({ kind: 'line'; event: LineEvent } | LoopFold)[];

/** How many iterations make a loop worth folding. */
const MIN_ITERATIONS = 3;

/**
 * Folds repeated iterations of loops in a line sequence. A loop is found by its head: the line
 * that execution jumps back to most often. Iterations start at the head; the last one ends where
 * execution leaves the lines the loop's body covered. Nested loops fold inside shown iterations.
 */
export function foldLines(events: LineEvent[]): FoldedLines {
  const loop = findLoop(events);
  if (!loop) return events.map((event) => ({ kind: 'line', event }));
  const { start, end, starts } = loop;
  const iterations = starts.map((s, i) => events.slice(s, i + 1 < starts.length ? starts[i + 1] : end));
  // a line stopped at twice in a row (V8 at a for-of head on entry) is one step of the path, not another branch
  const paths = iterations.map((it) => it.map((e) => e.line).filter((l, i, all) => i === 0 || l !== all[i - 1]).join(','));
  const common = mostCommon(paths);
  const odd = paths.map((p, i) => (p !== common ? i + 1 : 0)).filter((i) => i > 0);
  const show = [...new Set([1, ...odd, iterations.length])].sort((a, b) => a - b);
  const body = events.slice(start, end);
  const lineNumbers = body.map((e) => e.line);
  const fold: LoopFold = {
    kind: 'loop',
    firstLine: Math.min(...lineNumbers),
    lastLine: Math.max(...lineNumbers),
    count: iterations.length,
    shown: show.map((n) => ({ iteration: n, lines: foldLines(iterations[n - 1]!) })),
    odd,
    path: common.split(',').map(Number),
    ranges: ranges(body),
  };
  return [...foldLines(events.slice(0, start)), fold, ...foldLines(events.slice(end))];
}

function findLoop(events: LineEvent[]): { start: number; end: number; starts: number[] } | undefined {
  const backJumps = new Map<number, number[]>();
  for (let i = 1; i < events.length; i++) {
    if (events[i]!.line < events[i - 1]!.line) backJumps.set(events[i]!.line, [...(backJumps.get(events[i]!.line) ?? []), i]);
  }
  let best: { start: number; end: number; starts: number[] } | undefined;
  for (const [head, jumps] of backJumps) {
    // one run of the loop: the first entry at the head, then each jump back to it while execution stays at or below the head
    const first = events.findIndex((e) => e.line === head);
    const starts = [first];
    for (const j of jumps) {
      const last = starts[starts.length - 1]!;
      if (j <= last) continue;
      if (events.slice(last, j).some((e) => e.line < head)) break;
      starts.push(j);
    }
    if (starts.length < MIN_ITERATIONS) continue;
    const bodyEnd = Math.max(...events.slice(first, starts[starts.length - 1]).map((e) => e.line));
    let end = starts[starts.length - 1]! + 1;
    while (end < events.length && events[end]!.line > head && events[end]!.line <= bodyEnd) end++;
    // the exit check alone (the head once more, then out) is not an iteration
    const last = starts[starts.length - 1]!;
    const onlyHead = events.slice(last, end).every((e) => e.line === head);
    if (onlyHead || (end - last < last - starts[starts.length - 2]! && starts.length > MIN_ITERATIONS)) {
      end = last;
      starts.pop();
    }
    // a header over several lines: its lines run once before the first pass, then back to the
    // head, share no line with the passes: not an iteration, shown before the loop
    const others = new Set(events.slice(starts[1], end).map((e) => e.line));
    const setup = events.slice(starts[0], starts[1]).filter((e) => e.line !== head);
    if (setup.length && setup.every((e) => !others.has(e.line))) starts.shift();
    if (starts.length < MIN_ITERATIONS) continue;
    // the outermost loop first: inner ones fold inside its shown iterations
    if (!best || end - starts[0]! > best.end - best.start) best = { start: starts[0]!, end, starts };
  }
  return best;
}

function mostCommon(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

function ranges(events: LineEvent[]): LoopFold['ranges'] {
  const out = new Map<string, LoopFold['ranges'][number]>();
  for (const e of events) {
    for (const c of e.changed) {
      // not read at this stop: no value it took
      if (c.unreadable === 'here') continue;
      let r = out.get(c.name);
      if (!r) out.set(c.name, (r = { name: c.name, from: c.from ?? c.to, to: c.to, values: [c.from ?? c.to].filter((v) => v !== undefined) }));
      // a local that goes out of scope on every pass (delve, lldb: a loop variable) keeps its last value
      else r.to = c.to ?? r.to;
      if (c.to !== undefined && r.values[r.values.length - 1] !== c.to) r.values.push(c.to);
    }
  }
  return [...out.values()];
}
