import { compareValues, LocalValues } from './cut-summary.js';
import type { LocalChange } from './types.js';

/**
 * What changed between two reads of a frame's locals: one entry per name (`skip`: names that are
 * not locals to show). A value the adapter cut short is compared through its children (see
 * `compareValues`); where they cannot tell, the change is marked `unsure`. A value cut short alike
 * at both reads whose children were not read whole is no change and no sameness: its name goes
 * to `notCompared`.
 */
export function localChanges(before: Map<string, string>, after: Map<string, string>, skip: (name: string) => boolean = () => false, notCompared?: string[]): LocalChange[] {
  const out: LocalChange[] = [];
  const cut = (after instanceof LocalValues ? after.cut : undefined) ?? (before instanceof LocalValues ? before.cut : undefined);
  const whole = (m: Map<string, string>, name: string) => (m instanceof LocalValues ? m.wholes.get(name) : undefined);
  for (const [name, value] of after) {
    if (skip(name)) continue;
    const old = before.get(name);
    if (old === undefined) {
      out.push({ name, to: value });
      continue;
    }
    const verdict = compareValues(old, value, whole(before, name), whole(after, name), cut);
    if (verdict === 'unread') notCompared?.push(name);
    else if (verdict === 'unknown') out.push({ name, from: old, to: value, unsure: true });
    // a value cut short is shown whole where its children were read: what changed may be past the cut
    else if (verdict === 'changed') out.push({ name, from: whole(before, name)?.shown ?? old, to: whole(after, name)?.shown ?? value });
  }
  for (const [name, value] of before) if (!after.has(name) && !skip(name)) out.push({ name, from: value });
  return out;
}
