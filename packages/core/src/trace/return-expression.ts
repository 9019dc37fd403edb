import type { Session } from '../session/session.js';

/**
 * The value a return statement on this line will return, evaluated before it runs: only for an
 * expression without calls, assignments or increments (evaluating it again changes nothing).
 * `error` says why an expression that was tried gave no value (the adapter could not evaluate it).
 */
export async function evaluateReturn(session: Session, statement: RegExp, text: string, frameId: number): Promise<{ value?: string; error?: string }> {
  const expr = statement.exec(text)?.groups?.expr;
  if (!expr || mayChangeState(expr)) return {};
  try {
    const value = (await session.reads.evaluate(expr, frameId, 'watch', 'probe'))?.result;
    return value === undefined ? { error: 'no result' } : { value };
  } catch (e) {
    return { error: (e as Error).message };
  }
}

/**
 * A call: a name, index, macro or call right before `(`, or a generic's `>(`; a parenthesis that
 * only groups (`(a << b) >> (c - d)`) is none. Conservative: `if (x)` counts as one.
 */
const CALL = /[\w\])!?.]\s*\(|>\(/;
/** `=` that is not part of `==`, `!=`, `<=`, `>=` (nor `=>`'s arrow), a compound assignment, ++/--, a channel receive. */
const WRITE = /(?<![=!<>])=(?![=>])|<<=|>>>?=|\+\+|--|<-/;

/** Whether evaluating the expression again could change the program (conservatively: a call or a write of any kind). */
export function mayChangeState(expr: string): boolean {
  return CALL.test(expr) || WRITE.test(expr);
}
