import { GatewayError } from '../../errors.js';

/**
 * How deeply adapter arguments may nest. Adapters' JSON parsers stop far below what JSON allows
 * (java-debug's Gson at 255 levels) and then never answer the request, so a deeper value would
 * cost the whole launch timeout instead of a clear error.
 */
export const MAX_ARGS_DEPTH = 64;

function depthOf(value: unknown, limit: number): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const v of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(v, limit - 1));
    if (deepest >= limit) break;
  }
  return deepest + 1;
}

/** Refuses a value nested deeper than MAX_ARGS_DEPTH, naming where it came from. */
export function checkArgsDepth(value: unknown, what: string): void {
  if (depthOf(value, MAX_ARGS_DEPTH + 1) > MAX_ARGS_DEPTH) {
    throw new GatewayError(`${what} nests deeper than ${MAX_ARGS_DEPTH} levels, more than debug adapters parse`, `flatten ${what}; no adapter setting needs that depth`, 'bad-arguments');
  }
}
