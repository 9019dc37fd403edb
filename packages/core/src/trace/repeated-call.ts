import type { TraceSpec } from '../profiles/trace-spec.js';

/** What an answer adds to a return value the adapter keeps per callee when the line may have called it more than once. */
export const LAST_CALL_NOTE = "the last call's value; it may have been called more than once on this line";

/**
 * Whether a line may have called `callee` more than once, so that the one return value the
 * adapter keeps for it is only the last call's: the profile's `trace.repeatedCall` over the line's
 * text (`NAME`: the callee's own name, without its class or module). False where the profile has none.
 */
export function mayRepeat(spec: TraceSpec | undefined, callee: string, text: string): boolean {
  if (!spec?.repeatedCall) return false;
  const name = callee.replace(/\(.*$/, '').split(/[.:]+/).pop() ?? callee;
  return new RegExp(spec.repeatedCall.replaceAll('NAME', name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).test(text);
}
