import { compareValues, LocalValues } from './cut-summary.js';
import type { LocalChange } from './types.js';

/** Why a variable the adapter stopped listing in an optimized function is not said to be gone (it may still be in scope). */
export const NOT_LISTED_OPTIMIZED = '<unreadable: no longer readable, not listed in this optimized function>';

/**
 * What changed between two reads of a frame's locals: one entry per name (`skip`: names that are
 * not locals to show). A value the adapter cut short is compared through its children (see
 * `compareValues`); where they cannot tell, the change is marked `unsure`. A value cut short alike
 * at both reads whose children were not read whole is no change and no sameness: its name goes
 * to `notCompared`. A value that could not be read at either stop is no change
 * (`LocalChange.unreadable`); `after` keeps the last value read before it (`lastReadable`), which
 * a later read is compared with. `vanished`: in an optimized function the adapter may stop listing a
 * variable still in scope, so a name no longer listed is no known change but one it could not read
 * (`unreadable: 'here'`, this reason), not gone.
 */
export function localChanges(before: Map<string, string>, after: Map<string, string>, skip: (name: string) => boolean = () => false, notCompared?: string[], vanished?: string): LocalChange[] {
  const out: LocalChange[] = [];
  const cut = (after instanceof LocalValues ? after.cut : undefined) ?? (before instanceof LocalValues ? before.cut : undefined);
  const whole = (m: Map<string, string>, name: string) => (m instanceof LocalValues ? m.wholes.get(name) : undefined);
  const unread = (m: Map<string, string>, name: string) => m instanceof LocalValues && m.unreadable.has(name);
  for (const [name, value] of after) {
    if (skip(name)) continue;
    const old = before.get(name);
    const wasUnread = old !== undefined && unread(before, name);
    const last = wasUnread ? (before as LocalValues).lastReadable.get(name) : old;
    if (unread(after, name)) {
      if (last !== undefined) (after as LocalValues).lastReadable.set(name, last);
      if (!wasUnread) out.push({ name, ...(old !== undefined ? { from: old } : {}), unreadable: 'here', reason: value });
      continue;
    }
    if (wasUnread) {
      if (last === undefined) out.push({ name, to: value, unreadable: 'before' });
      else if (last !== value) out.push({ name, from: last, to: value, unreadable: 'between' });
      continue;
    }
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
  for (const [name, value] of before) {
    if (after.has(name) || skip(name)) continue;
    if (vanished === undefined) out.push({ name, from: value });
    else if (!unread(before, name)) out.push({ name, from: value, unreadable: 'here', reason: vanished });
  }
  return out;
}
