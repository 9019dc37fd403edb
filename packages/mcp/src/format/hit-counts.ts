import type { BookBreakpoint, Session } from '@dapgate/core';

const count = (n: number) => n.toLocaleString('en-US');
const times = (n: number) => `${count(n)} time${n === 1 ? '' : 's'}`;

/**
 * How often a breakpoint was reached, in the words of what dapgate can know. Without a
 * `condition` every pass reaches the gateway (a stop, or a logpoint's message), so passes are
 * counted; with one, the adapter evaluates it at every pass and dapgate sees only the passes where
 * it held: those are counted and the evaluations are said to be unseen, never guessed.
 */
export function hitWords(b: BookBreakpoint, counted: { hits: number; stops?: number } = b): string {
  const { hits, stops } = counted;
  const stopped = b.hitRule && stops !== undefined ? `, stopped ${times(stops)}` : '';
  if (b.logMessage) return `logged ${times(hits)}${b.condition ? ` (only when its condition held: ${unseen})` : ''}`;
  if (b.condition) return `condition held ${times(hits)}${stopped} (${unseen})`;
  if (b.hitRule) return `reached ${times(hits)} (hitCondition checked by dapgate at each)${stopped}`;
  return `hits ${count(hits)}`;
}

const unseen = 'the adapter evaluates it at every pass; dapgate does not see how often';

/** Breakpoints that make the adapter or dapgate evaluate something at every pass, in this session. */
function evaluated(s: Session): BookBreakpoint[] {
  return s.breakpoints().filter((b) => (b.condition || b.hitRule || b.logMessage) && b.bindings.get(s.id)?.verified);
}

export interface EvaluationNote {
  id: string;
  kind: 'condition' | 'hitCondition' | 'logpoint';
  /** This session's count: passes where every pass is seen, else passes where the condition held. */
  count: number;
  counts: 'passes' | 'condition held';
}

/**
 * While a session runs: what is being evaluated at every pass and how often so far, so a program
 * slowed by conditions is not mistaken for one whose code path was never reached.
 */
export function evaluationLine(s: Session): { text: string; notes: EvaluationNote[] } | undefined {
  const bps = evaluated(s);
  if (!bps.length) return undefined;
  const notes: EvaluationNote[] = bps.map((b) => ({
    id: b.id,
    kind: b.logMessage ? 'logpoint' : b.condition ? 'condition' : 'hitCondition',
    count: s.hitsHere(b),
    counts: b.condition ? 'condition held' : 'passes',
  }));
  const parts = bps.map((b, i) => `${b.id} ${hitWords(b, { hits: notes[i]!.count })}`);
  return { text: `Evaluated at every pass while it runs (each costs the program time), so far in this run: ${parts.join('; ')}.`, notes };
}
