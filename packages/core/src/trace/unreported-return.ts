import type { TraceSpec } from '../profiles/trace-spec.js';
import type { LineEvent, TraceEnd } from './types.js';
import { mayChangeState } from './return-expression.js';

/**
 * A frame that returned on an adapter that reports no return values, its return expression not
 * evaluated (it makes a call, or none ran): what is known of its value. The value of a call that
 * is the whole return expression when that call was traced (depth); no value at all when the
 * frame reached its closing line with no return statement run and the profile says that means
 * none (`voidAtBlockEnd`); else unknown, saying why.
 */
export function unreportedReturn(spec: TraceSpec | undefined, adapter: string, source: string[], ran: LineEvent[], line: number, evaluationError?: string): TraceEnd {
  const text = (n: number) => source[n - 1] ?? '';
  const statement = spec?.returnStatement ? new RegExp(spec.returnStatement) : undefined;
  const expression = spec?.returnExpression ? new RegExp(spec.returnExpression) : undefined;
  const returnLine = [...ran].reverse().find((e) => statement?.test(text(e.line)) || expression?.test(text(e.line)));
  const closing = spec?.blockEnd ? new RegExp(spec.blockEnd).test(text(line)) : false;
  if (!returnLine && spec?.voidAtBlockEnd && closing) return { kind: 'returned', line, noValue: true };
  if (returnLine) {
    const expr = expression?.exec(text(returnLine.line))?.groups?.expr?.trim();
    const callee = expr ? wholeCall(expr) : undefined;
    const short = (name: string) => name.replace(/\(.*$/, '').split(/[.:]+/).pop();
    const traced = callee ? returnLine.calls.filter((c) => c.trace?.end.kind === 'returned' && c.trace.end.value !== undefined && short(c.callee) === short(callee)) : [];
    if (traced.length === 1) return { kind: 'returned', value: traced[0]!.result, line, valueNote: `${adapter} reports no return values: the value of ${callee}(...), the return expression on line ${returnLine.line}, as its trace ended` };
    // an expression free of calls and writes was evaluated: the adapter could not (lldb reads Rust's `as` as no C it knows)
    if (expr && !mayChangeState(expr)) return { kind: 'returned', line, valueNote: `${adapter} reports no return values, and it could not evaluate the return expression on line ${returnLine.line} before it ran${evaluationError ? ` (${evaluationError.split('\n')[0]!.slice(0, 160)})` : ''}` };
    return { kind: 'returned', line, valueNote: `${adapter} reports no return values, and the return statement on line ${returnLine.line} was not evaluated again: it makes a call or an assignment, or returns several values, and evaluating it could change the program` };
  }
  return { kind: 'returned', line, valueNote: `${adapter} reports no return values, and no return statement was seen` };
}

/** The callee when the expression is one call and nothing else (`f(a, g(b))`, not `f(a) + g(b)`). */
function wholeCall(expr: string): string | undefined {
  const head = /^[\w$.:]+(?=\s*\()/.exec(expr)?.[0];
  if (!head) return undefined;
  let depth = 0;
  for (let i = expr.indexOf('(', head.length); i < expr.length; i++) {
    if (expr[i] === '(') depth++;
    else if (expr[i] === ')' && --depth === 0) return i === expr.length - 1 ? head : undefined;
  }
  return undefined;
}
