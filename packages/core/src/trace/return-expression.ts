import type { Session } from '../session/session.js';

/**
 * The value a return statement on this line will return, evaluated before it runs: only for an
 * expression without calls, assignments or increments (evaluating it again changes nothing).
 */
export async function evaluateReturn(session: Session, statement: RegExp, text: string, frameId: number): Promise<string | undefined> {
  const expr = statement.exec(text)?.groups?.expr;
  if (!expr || /[(=]|\+\+|--/.test(expr.replace(/[=!<>]=/g, ''))) return undefined;
  try {
    return (await session.reads.evaluate(expr, frameId, 'watch', 'probe'))?.result;
  } catch {
    return undefined;
  }
}
