import { foldLines, LAST_CALL_NOTE, type CallMade, type FoldedLines, type FrameTrace, type LineEvent, type LocalChange, type LoopFold, type TraceEnd } from '@dapgate/core';
import { changedPair, clip, seconds, shortPath } from './text.js';

/** Source lines of the traced files, to show each executed line's text. */
export type SourceOf = (file: string | undefined) => string[];

const CODE_WIDTH = 44;
/** The longest value a trace shows (a loop's first and last, a change, an argument); a longer one says it was cut and its length. */
const VALUE_CHARS = 200;
const MAX_ODD_SHOWN = 4;
/** A local's values in a folded loop's summary shown all up to this many (more: the first and the last). */
const MAX_LOOP_VALUES = 6;

/** One trace: the arguments, each executed line with what it changed (loops folded), how it ended. */
export function formatTrace(t: FrameTrace, source: SourceOf, cwd: string, label = ''): string[] {
  const out = [`Trace of ${t.function}${label} at ${shortPath(t.file, cwd)}:${t.startLine}: ${t.lines.length} line(s), ${t.steps} step(s) in ${seconds(Math.round(t.ms / 100) * 100)}; ${endText(t.end)}`];
  const entry = Object.entries(t.entry);
  if (t.optimized) out.push(`Warning: ${t.function} is an optimized function: the debugger may read stale values in it (a variable's value before it was reassigned), so the values below, and a return value read from them, may be wrong; build without optimizations to trust them.`);
  if (entry.length) out.push(`Locals at start: ${entry.map(([k, v]) => `${k}=${clip(v, VALUE_CHARS)}`).join('  ')}`);
  out.push(...folded(foldLines(t.lines), { file: t.file, source, cwd }, '  '));
  const unread = notCompared(t);
  if (unread.length) out.push(notComparedText(unread));
  out.push(endLine(t.end, t.optimized));
  return out;
}

/** The locals of a trace (and of the calls traced in it: `name (in f)`) that were never compared past their cut. */
function notCompared(t: FrameTrace, nested = false): string[] {
  const own = t.lines.flatMap((e) => e.notCompared ?? []).map((n) => (nested ? `${n} (in ${shortName(t.function)})` : n));
  const inner = t.lines.flatMap((e) => e.calls.flatMap((c) => (c.trace ? notCompared(c.trace, true) : [])));
  return [...new Set([...own, ...inner])];
}

/** The file a trace's lines are in, how to read any file's lines, and what paths are shown relative to. */
interface Code {
  file: string | undefined;
  source: SourceOf;
  cwd: string;
}

function folded(items: FoldedLines, code: Code, indent: string): string[] {
  const out: string[] = [];
  for (const item of items) {
    if (item.kind === 'line') {
      out.push(lineText(item.event, code, indent));
      if (item.event.note) out.push(`${indent}       note: ${item.event.note}`);
      for (const call of item.event.calls.filter((c) => c.trace)) {
        const t = call.trace!;
        // a callee in another file says which: its lines are numbered in that file
        const elsewhere = t.file !== code.file ? ` (${shortPath(t.file, code.cwd)})` : '';
        out.push(`${indent}       ${call.callee}${elsewhere}${t.optimized ? ' (optimized: its values may be stale)' : ''}: ${endText(t.end)}`);
        out.push(...folded(foldLines(t.lines), { ...code, file: t.file }, `${indent}       `));
      }
      continue;
    }
    const ranges = item.ranges.map(rangeText).join(', ');
    const odd = item.odd.filter((n) => n !== 1 && n !== item.count);
    const oddText = odd.length ? `; iteration${odd.length > 1 ? 's' : ''} ${odd.slice(0, 8).join(', ')}${odd.length > 8 ? ` (+${odd.length - 8})` : ''} took another path` : '';
    out.push(`${indent}lines ${item.firstLine}-${item.lastLine} x ${item.count} (path ${item.path.join(' ')}${ranges ? `; ${ranges}` : ''}${oddText})`);
    const shown = item.shown.filter((s) => s.iteration === 1 || s.iteration === item.count || odd.slice(0, MAX_ODD_SHOWN).includes(s.iteration));
    for (const s of shown) {
      const tag = s.iteration === 1 ? 'first' : s.iteration === item.count ? 'last' : 'other path';
      out.push(`${indent}  iteration ${s.iteration} (${tag}):`);
      out.push(...folded(s.lines, code, `${indent}    `));
    }
  }
  return out;
}

/** A local across a folded loop: every value it took when they are few (a middle pass's value may be the one that matters), else its first and last. */
function rangeText(r: LoopFold['ranges'][number]): string {
  if (r.values.length > 2 && r.values.length <= MAX_LOOP_VALUES) return `${r.name} ${r.values.map((v) => clip(v, VALUE_CHARS)).join(' -> ')}`;
  const between = r.values.length > MAX_LOOP_VALUES ? ` -> … (${r.values.length - 2} more) ->` : ' ->';
  return `${r.name} ${clip(r.from ?? '(new)', VALUE_CHARS)}${between} ${clip(r.to ?? '(gone)', VALUE_CHARS)}`;
}

/** The executed line's whole text (the token that was wrong may be anywhere on it), padded so that short lines' facts line up. */
function lineText(e: LineEvent, code: Code, indent: string): string {
  const line = code.source(code.file)[e.line - 1]?.trim();
  const text = (line ?? '(no source text)').padEnd(CODE_WIDTH);
  const facts = [...e.changed.map(changeText), ...e.calls.map(callText), ...(e.caught ? [`exception ${clip(e.caught, VALUE_CHARS)} (did not leave the frame)`] : [])];
  return `${indent}${String(e.line).padStart(4)} | ${text}${facts.length ? `  ${facts.join('; ')}` : ''}`.trimEnd();
}

function callText(c: CallMade): string {
  const args = c.args ? Object.entries(c.args).map(([k, v]) => `${k}=${clip(v, VALUE_CHARS)}`).join(', ') : '';
  // a value shown before the line too may be an earlier line's: that says more than which call of this line it was
  const note = c.sameAsBefore ? ` (${SAME_AS_BEFORE})` : c.lastCall ? ` (${LAST_CALL_NOTE})` : '';
  return `${shortName(c.callee)}(${args}) -> ${clip(c.result, VALUE_CHARS)}${note}`;
}

/**
 * A callee's name without its package or receiver: `main.parse[go.shape.int]` -> `parse[go.shape.int]`,
 * `main.(*T).M` -> `M`, `f(int)` -> `f`. Dots inside type arguments or a receiver are not separators.
 */
export function shortName(callee: string): string {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < callee.length; i++) {
    const ch = callee[i];
    if (ch === '[' || ch === '<' || (ch === '(' && i === start)) depth++;
    else if (ch === ']' || ch === '>' || (ch === ')' && depth > 0)) depth--;
    else if (depth === 0 && ch === '(') return callee.slice(start, i) || callee;
    else if (depth === 0 && ch === '.') start = i + 1;
  }
  return callee.slice(start) || callee;
}

/** A return value shown before the line ran too (CallMade.sameAsBefore). */
export const SAME_AS_BEFORE = 'shown before this line too: returned again, or an earlier line\'s value';

/** Locals cut short alike at two reads whose hidden part was not read (LineEvent.notCompared, StepComparison's). */
export function notComparedText(names: string[]): string {
  return `Not compared: ${names.join(', ')} (cut short, and ${names.length > 1 ? 'their' : 'its'} children not read: too many or too deep to read at every stop, or unreadable): a change past the cut would not show.`;
}

/** A value the adapter cut short whose children could not tell whether the rest changed (LocalChange.unsure). */
export const UNSURE = ' (read cut short; may be unchanged)';

/** A local whose value could not be read at one of two stops (LocalChange.unreadable): said so, never shown as a change. */
export function unreadableChange(c: LocalChange): string | undefined {
  const reason = c.reason ? /^<unreadable: (.*)>$/s.exec(c.reason)?.[1] ?? c.reason : undefined;
  if (c.unreadable === 'here') return `(unreadable here${reason ? `: ${clip(reason, 80)}` : ''})`;
  if (c.unreadable === 'before') return `${clip(c.to ?? '', VALUE_CHARS)} (readable again; unreadable before)`;
  if (c.unreadable === 'between') return `${changedPair(c.from ?? '', c.to ?? '', VALUE_CHARS).join(' -> ')} (changed while it could not be read)`;
  return undefined;
}

function changeText(c: LocalChange): string {
  const unreadable = unreadableChange(c);
  if (unreadable) return `${c.name}: ${unreadable}`;
  const where = c.since !== undefined ? ` (by a call, after line ${c.since} started)` : '';
  if (c.from === undefined) return `${c.name} = ${clip(c.to ?? '', VALUE_CHARS)}${where}`;
  if (c.to === undefined) return `${c.name} (gone)`;
  const [from, to] = changedPair(c.from, c.to, VALUE_CHARS);
  return `${c.name}: ${from} -> ${to}${where}${c.unsure ? UNSURE : ''}`;
}

export function endText(end: TraceEnd): string {
  switch (end.kind) {
    case 'returned':
      return end.value !== undefined ? `returned ${clip(end.value, VALUE_CHARS)}` : end.noValue ? 'returned (no value)' : 'returned (value unknown)';
    case 'raised':
      return `raised ${clip(end.exception, VALUE_CHARS)} at line ${end.line}${end.where ? ` (thrown in ${end.where})` : ''}`;
    case 'cut':
      return `cut at line ${end.line} (${end.reason === 'maxLines' ? 'maxLines reached' : 'time limit'})`;
    case 'exited':
      return `the program exited${end.exitCode !== undefined ? ` with code ${end.exitCode}` : ''} after line ${end.line} ran (no return value could be read: the program ended before the next stop)`;
    case 'step-timeout':
      return `a step from line ${end.line} did not finish (blocked or long-running)`;
    case 'ended':
      return end.state === 'running' ? `the thread ended after line ${end.line} ran; the program is still running` : `the program ended (session ${end.state}) after line ${end.line} ran (no return value could be read: the program ended before the next stop)`;
  }
}

function endLine(end: TraceEnd, optimized = false): string {
  switch (end.kind) {
    case 'returned': {
      if (end.noValue) return `Returned, with no value (${end.valueNote ?? 'it ended without a return statement'}).`;
      if (end.value === undefined) return `Returned; value unknown (${end.valueNote ?? 'not reported'}).`;
      const notes = [end.valueNote, optimized ? 'read in an optimized function: it may be stale' : undefined].filter(Boolean);
      return `Returned ${clip(end.value, 200)}${notes.length ? ` (${notes.join('; ')})` : ''}.`;
    }
    case 'raised':
      if (end.atFault) return `Raised ${clip(end.exception, 300)} at line ${end.line}${end.where ? ` (in ${end.where})` : ''}; the program cannot go on past it: the session is stopped at the fault, the call not ended.`;
      return `Raised ${clip(end.exception, 300)} at line ${end.line}${end.where ? ` (thrown in ${end.where})` : ''}; the call ended there.`;
    case 'cut':
      return `Cut at line ${end.line}: the session is stopped there. debug_trace with no function continues this frame from there (or debug_step / debug_continue).`;
    case 'step-timeout':
      return `A step from line ${end.line} did not finish; debug_pause stops the program where it is.`;
    default:
      return `${endText(end)[0]!.toUpperCase()}${endText(end).slice(1)}.`;
  }
}

/**
 * Several calls side by side: arguments, path and result per call, what differs, and the one that
 * stands out in full. Calls are compared by the lines they ran, not by how often a loop ran (nor
 * where a loop was folded): a call stands out when it alone ended another way, or when it alone
 * ran other lines while at least two others ran the same (of two calls that differ, neither is
 * the odd one).
 */
export function formatComparison(traces: FrameTrace[], source: SourceOf, cwd: string): string[] {
  const rows = traces.map((t, i) => {
    const items = foldLines(t.lines);
    const ran = new Set(t.lines.map((e) => e.line));
    return { t, n: i + 1, args: Object.entries(t.entry).map(([k, v]) => `${k}=${clip(v, VALUE_CHARS)}`).join(' '), path: pathOf(items), ran, shape: [...ran].sort((a, b) => a - b).join(' '), result: endText(t.end) };
  });
  const out = [`Compared ${traces.length} call(s) of ${traces[0]!.function}:`];
  for (const r of rows) out.push(`  #${r.n} ${r.args || '(no locals)'} -> ${r.result} | path ${r.path}`);
  if (rows.some((r) => r.path.includes('*'))) out.push('  (…)xN* : a loop whose middle iterations did not all take the same lines');
  const kinds = majority(rows.map((r) => r.t.end.kind));
  // of two calls, one that raised where the other did not is the one to read
  const byKind = rows.length > 2 ? (kinds.count === rows.length - 1 ? rows.find((r) => r.t.end.kind !== kinds.value) : undefined) : rows.find((r, i) => r.t.end.kind === 'raised' && rows[1 - i]?.t.end.kind !== 'raised');
  const shapes = majority(rows.map((r) => r.shape));
  const byPath = shapes.count >= 2 && shapes.count === rows.length - 1 ? rows.find((r) => r.shape !== shapes.value) : undefined;
  const standout = byKind ?? byPath;
  if (standout) {
    const others = rows.filter((r) => r !== standout);
    const why = standout === byKind ? `it ${endText(standout.t.end)}, the ${others.length > 1 ? 'others' : 'other'} did not` : `its path through the body differs: it ${difference(standout, others)}`;
    out.push(`Call #${standout.n} stands out: ${why}. Its trace:`);
    out.push(...formatTrace(standout.t, source, cwd, ` (call #${standout.n})`));
  } else if (shapes.count === rows.length && kinds.count === rows.length) {
    const loops = new Set(rows.map((r) => r.path)).size > 1 ? ' (their loops ran different numbers of times)' : '';
    out.push(`The calls ran the same lines${loops} and ended the same way; the first in full:`);
    out.push(...formatTrace(traces[0]!, source, cwd, ' (call #1)'));
  } else {
    const differs = shapes.count < rows.length ? `: ${rows.map((r) => `#${r.n} ${difference(r, rows.filter((o) => o !== r))}`).join('; ')}` : '';
    const how = [shapes.count < rows.length ? 'ran different lines' : 'ran the same lines', kinds.count < rows.length ? 'ended in different ways' : ''].filter(Boolean).join(' and ');
    out.push(`The calls ${how}, none the odd one out${differs}; the first in full:`);
    out.push(...formatTrace(traces[0]!, source, cwd, ' (call #1)'));
  }
  return out;
}

/** The lines one call ran that no other did, and those every other ran that it did not. */
function difference(row: { ran: Set<number> }, others: { ran: Set<number> }[]): string {
  const alone = [...row.ran].filter((l) => others.every((o) => !o.ran.has(l))).sort((a, b) => a - b);
  const missed = [...new Set(others.flatMap((o) => [...o.ran]))].filter((l) => !row.ran.has(l) && others.every((o) => o.ran.has(l))).sort((a, b) => a - b);
  const parts = [alone.length ? `alone ran ${lineList(alone)}` : '', missed.length ? `did not run ${lineList(missed)}` : ''].filter(Boolean);
  return parts.length ? parts.join(' and ') : 'ran the same lines in another order';
}

const lineList = (lines: number[]) => `line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 8).join(', ')}${lines.length > 8 ? ` (+${lines.length - 8})` : ''}`;

function pathOf(items: FoldedLines): string {
  return items
    .map((i) => (i.kind === 'line' ? String(i.event.line) : `(${i.path.join(' ')})x${i.count}${i.odd.filter((n) => n !== 1 && n !== i.count).length ? '*' : ''}`))
    .join(' ');
}

/** The most frequent value and how many have it. */
function majority<T>(values: T[]): { value: T; count: number } {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const [value, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return { value, count };
}
