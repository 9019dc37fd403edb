import type { InspectTarget } from './inspect-target.js';

/**
 * The target with each variable the adapter names by its placeholder for none (`unnamed`) shown as
 * `(unnamed)`, `(unnamed 2)`, ... in its list: no answer shows the placeholder as if it were a name.
 */
export function withUnnamedSaid(target: InspectTarget, unnamed: RegExp): InspectTarget {
  return {
    frameId: (index) => target.frameId(index),
    scopes: (frameId) => target.scopes(frameId),
    ...(target.optimized ? { optimized: (index: number) => target.optimized!(index) } : {}),
    variables: async (ref, page) => {
      const list = await target.variables(ref, page);
      let n = 0;
      return list.map((v) => (unnamed.test(v.name) ? { ...v, name: unnamedLabel(n++) } : v));
    },
  };
}

/** How the `n`th variable without a name in a list (from 0) is shown. */
export const unnamedLabel = (n: number): string => (n === 0 ? '(unnamed)' : `(unnamed ${n + 1})`);
