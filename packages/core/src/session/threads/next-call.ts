import type { DebugProtocol } from '@vscode/debugprotocol';
import { readFile } from 'node:fs/promises';
import { evaluateReturn } from '../../trace/return-expression.js';
import type { Session } from '../session.js';

/** The line a step starts from returns (the profile's `returnStatement`/`returnExpression`), with its value where it can be evaluated safely. */
export interface ReturnAhead {
  line: number;
  value?: string;
}

export async function returnAhead(s: Session, frame: DebugProtocol.StackFrame | undefined): Promise<ReturnAhead | undefined> {
  const { returnStatement, returnExpression } = s.profile.trace ?? {};
  const path = frame?.source?.path;
  if (!frame || !path || (!returnStatement && !returnExpression)) return undefined;
  const text = (await readFile(path, 'utf8').catch(() => '')).split(/\r?\n/)[frame.line - 1] ?? '';
  const statement = returnStatement ? new RegExp(returnStatement) : undefined;
  const expression = returnExpression ? new RegExp(returnExpression) : undefined;
  if (!statement?.test(text) && !expression?.test(text)) return undefined;
  const value = expression ? (await evaluateReturn(s, expression, text, frame.id)).value : undefined;
  return { line: frame.line, ...(value !== undefined ? { value } : {}) };
}

/**
 * After one step from a return statement that stopped in what looks like the same activation
 * (same function, callers and depth) on an earlier line: is it the next call of the function,
 * made by code the step did not stop in (the JDK's sort, Python's `map`, `Array.map`)? A return
 * ends its call (a `finally` runs after it, below it), so yes when the adapter showed the return
 * under way: its own return value shown here (java-debug's `->compareTo()`), or, where the
 * returning frame shows it (js-debug's `Return value`), shown before the step. Where the adapter
 * shows return values only in the caller (debugpy), yes when a local of the call stepped from is
 * gone too (a new call has only its arguments); not otherwise: a `with` block's exit stops on its
 * earlier line in the same call. The value: as the adapter showed it, else as evaluated before the step.
 */
export function nextCall(s: Session, ahead: ReturnAhead | undefined, line: number, left: string, before: Map<string, string>, after: Map<string, string>): { returned?: string } | undefined {
  if (!ahead || line >= ahead.line) return undefined;
  const trace = s.profile.trace;
  const returns = trace?.returnValue ? new RegExp(trace.returnValue) : undefined;
  const isReturn = (k: string) => !!returns?.test(k);
  if (returns && trace?.returnValue?.includes('(?<callee>')) {
    const short = (name: string) => name.replace(/\(.*$/, '').split(/[.:$]+/).pop();
    const shown = [...after].find(([k, v]) => {
      const callee = returns.exec(k)?.groups?.callee;
      return callee !== undefined && short(callee) === short(left) && before.get(k) !== v;
    });
    if (shown) return { returned: shown[1] };
    if (trace.returnValueAlwaysShown) return undefined;
  } else if (returns) {
    const shown = [...before].find(([k]) => isReturn(k));
    return shown && ![...after.keys()].some(isReturn) ? { returned: shown[1] } : undefined;
  }
  const gone = [...before.keys()].some((k) => !isReturn(k) && !after.has(k));
  if (!gone) return undefined;
  return ahead.value !== undefined ? { returned: ahead.value } : {};
}
