import type { LocalChange } from './types.js';

/** What changed between two reads of a frame's locals: one entry per name (`skip`: names that are not locals to show). */
export function localChanges(before: Map<string, string>, after: Map<string, string>, skip: (name: string) => boolean = () => false): LocalChange[] {
  const out: LocalChange[] = [];
  for (const [name, value] of after) {
    if (skip(name)) continue;
    const old = before.get(name);
    if (old !== value) out.push(old === undefined ? { name, to: value } : { name, from: old, to: value });
  }
  for (const [name, value] of before) if (!after.has(name) && !skip(name)) out.push({ name, from: value });
  return out;
}
