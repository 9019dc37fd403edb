import { GatewayError } from '../errors.js';

/** When a breakpoint whose condition holds should stop, by the count of such hits so far. */
export interface HitRule {
  op: '==' | '>=' | '>' | '%';
  n: number;
}

export const HIT_CONDITION_GRAMMAR = '"N" or "== N" (only the Nth hit), ">= N" (the Nth hit and after), "> N" (after the Nth), "% N" (every Nth: N, 2N, ...), N a positive integer';

/** Parses the one hitCondition grammar dapgate implements for every adapter; anything else is refused. */
export function parseHitCondition(text: string): HitRule {
  const m = /^\s*(==|>=|>|%)?\s*(\d+)\s*$/.exec(text);
  const n = m ? Number(m[2]) : NaN;
  if (!m || !Number.isSafeInteger(n) || n < 1) {
    throw new GatewayError(`hitCondition '${text}' is not understood`, `use ${HIT_CONDITION_GRAMMAR}`, 'bad-arguments');
  }
  return { op: (m[1] as HitRule['op'] | undefined) ?? '==', n };
}

/** Whether the `hits`-th hit (1-based) should stop. */
export function hitConditionMet(rule: HitRule, hits: number): boolean {
  switch (rule.op) {
    case '==':
      return hits === rule.n;
    case '>=':
      return hits >= rule.n;
    case '>':
      return hits > rule.n;
    case '%':
      return hits % rule.n === 0;
  }
}
