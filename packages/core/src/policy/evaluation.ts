import type { Profile } from '../profiles/schema.js';
import { GatewayError } from '../errors.js';

export type EvalMode = 'unrestricted' | 'blocklist' | 'readonly';
export const EVAL_MODES: readonly EvalMode[] = ['unrestricted', 'blocklist', 'readonly'];

export type EvalUse = 'evaluate' | 'condition' | 'logMessage' | 'setVariable' | 'probe';

/**
 * The server operator's evaluation mode, applied to every expression dapgate sends to a debugger
 * (evaluations, breakpoint conditions, logpoints, variable assignments, probe expressions).
 *
 * - unrestricted: nothing is checked.
 * - blocklist: refuses expressions matching the profile's patterns (process spawning, exit, file
 *   and network access, reflection, native loading, environment access).
 * - readonly: blocklist, plus assignments, increments/decrements, deletion, and calls that are not
 *   on the profile's list of side-effect-free calls; setting a variable is refused.
 *
 * The allow list holds the language's builtins and methods of its standard types, never a name
 * because some program's method has it: a user method is not known to be free of side effects,
 * whatever it is called. Keyword arguments (where the profile says the language has them) are
 * not assignments.
 *
 * These are text checks on the expression: they stop an agent's accidental or careless side
 * effects, not a determined one (a user class can still define a method with a standard type's
 * name, and string tricks can hide a name). The adapter evaluates what passes.
 */
export function checkExpression(profile: Profile, mode: EvalMode, expression: string, use: EvalUse): void {
  if (mode === 'unrestricted') return;
  const rules = profile.evaluation;
  const text = use === 'logMessage' ? [...expression.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]).join(' ; ') : expression;
  for (const pattern of rules.blocklist) {
    const m = new RegExp(pattern).exec(text);
    if (m) throw refused(mode, use, expression, `'${m[0].trim()}' is blocked (process, file, network, environment, reflection or native access)`);
  }
  if (mode !== 'readonly') return;
  if (use === 'setVariable') throw refused(mode, use, expression, 'setting variables changes program state');
  const literal = stripStrings(text);
  const stripped = rules.keywordArguments ? withoutKeywordArguments(literal) : literal;
  const assignment = /(^|[^=!<>+\-*/%&|^:])=(?![=>])|\+\+|--|[+\-*/%&|^]=|<<=|>>=|:=/.exec(stripped);
  if (assignment) throw refused(mode, use, expression, `'${assignment[0].trim()}' assigns or mutates`);
  for (const word of rules.mutatingKeywords) {
    if (new RegExp(`\\b${word}\\b`).test(stripped)) throw refused(mode, use, expression, `'${word}' changes program state`);
  }
  const allowed = rules.sideEffectFreeCalls.map((p) => new RegExp(`^(?:${p})$`));
  for (const call of stripped.matchAll(/([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*\(/g)) {
    const name = call[1]!.replace(/\s+/g, '');
    const last = name.split('.').pop()!;
    if (!allowed.some((a) => a.test(name) || a.test(`.${last}`))) {
      throw refused(mode, use, expression, `the call ${name}() is not known to be free of side effects`);
    }
  }
}

/**
 * `f(a, key=v)` -> `f(a, v)`: in a language with keyword arguments, `name=` right after a call's
 * `(` or `,` names a parameter. Only inside a call's own parentheses: `a, b = 1, 2` still assigns.
 */
function withoutKeywordArguments(text: string): string {
  let out = '';
  const calls: boolean[] = []; // per open bracket: whether it is a call's parentheses
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if ('([{'.includes(c)) calls.push(c === '(' && /[\w$)\]]\s*$/.test(out));
    else if (')]}'.includes(c)) calls.pop();
    else if (calls.at(-1) && /[(,]\s*$/.test(out)) {
      const keyword = /^[A-Za-z_]\w*\s*=(?!=)/.exec(text.slice(i));
      if (keyword) {
        i += keyword[0].length - 1;
        continue;
      }
    }
    out += c;
  }
  return out;
}

function stripStrings(text: string): string {
  return text.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, '""');
}

function refused(mode: EvalMode, use: EvalUse, expression: string, why: string): GatewayError {
  const what = use === 'condition' ? 'breakpoint condition' : use === 'logMessage' ? 'logpoint message' : use === 'setVariable' ? 'variable assignment' : 'expression';
  const reason = `refused by the server's evaluation mode '${mode}': ${why} (in: ${expression.length > 120 ? `${expression.slice(0, 120)}…` : expression})`;
  return new GatewayError(`${what} ${reason}`, undefined, {
    code: 'policy-refused',
    next: mode === 'readonly' ? 'inspect-readonly' : 'inspect-without-evaluating',
    use,
    reason,
  });
}
