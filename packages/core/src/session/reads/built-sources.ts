import { sep } from 'node:path';

/** A source folder a build compiled (a Cargo package's), and whether with optimizations. */
export interface BuiltSource {
  root: string;
  optimized: boolean;
}

/**
 * Whether the file at `path` was compiled with optimizations, as the build said: the deepest
 * folder holding it decides (a workspace member in its root package's folder is its own package).
 * False where no folder holds it: the build did not say.
 */
export function builtOptimized(sources: readonly BuiltSource[] | undefined, path: string): boolean {
  let best: BuiltSource | undefined;
  for (const s of sources ?? []) {
    const inside = path === s.root || path.startsWith(s.root.endsWith(sep) ? s.root : s.root + sep);
    if (inside && (!best || s.root.length > best.root.length)) best = s;
  }
  return !!best?.optimized;
}
