import type { DebugProtocol } from '@vscode/debugprotocol';

/**
 * A value string the adapter may have cut short (lldb-dap builds a summary from a value's first
 * children and stops at 32 characters or after 10 ms: `{x:9, ...}`): the profile's
 * `variables.cutSummary`, whose group `shown` is the part kept and `head` what precedes the
 * braces (a pointer's address). Two reads of one value may differ only in where they were cut;
 * what the cut hid is read from the value's children.
 */
export class CutSummary {
  constructor(private readonly pattern: RegExp) {}

  /** The part of `value` shown before the cut, or undefined for a value not cut. */
  shown(value: string): string | undefined {
    const m = this.pattern.exec(value);
    return m ? (m.groups?.shown ?? '') : undefined;
  }

  head(value: string): string {
    return this.pattern.exec(value)?.groups?.head ?? '';
  }
}

/**
 * What a cut value's children say: `whole`, each cut child read whole in turn; `uncut`, the
 * summary the adapter would have built with no cut, `exact` where every child is a plain value.
 */
export interface Whole {
  whole: string;
  uncut: string;
  exact: boolean;
  /** What to show for the value where it changed: the uncut summary, else the head and the whole. */
  shown: string;
}

/**
 * A frame's locals by name (the values as shown), with the whole of each value the adapter cut
 * short (see `CutSummary`), none where its children could not be read; the names whose value
 * could not be read at this stop, and for those the last value read before (see `localChanges`).
 */
export class LocalValues extends Map<string, string> {
  readonly wholes = new Map<string, Whole>();
  readonly unreadable = new Set<string>();
  readonly lastReadable = new Map<string, string>();
  constructor(readonly cut?: CutSummary) {
    super();
  }
}

/** Reads the first `count` children of a reference. */
type ReadChildren = (ref: number, count: number) => Promise<DebugProtocol.Variable[]>;

/** Children read to tell a cut value whole; a value with more (a large array) is left unknown, not read at every stop. */
export const MAX_CHILDREN = 64;

const SCALAR = /^(?:[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?|true|false)$/;

/** Nesting followed for a child whose value is cut too; deeper, the whole is left unknown. */
const MAX_DEPTH = 3;

/** The whole of the cut value `value` (see `Whole`); undefined when a read fails, the nesting is too deep or the children too many. */
export async function readWhole(cut: CutSummary, read: ReadChildren, value: string, ref: number, depth = 0): Promise<Whole | undefined> {
  if (ref <= 0 || depth >= MAX_DEPTH) return undefined;
  const kids = await read(ref, MAX_CHILDREN + 1).catch(() => undefined);
  if (!kids || kids.length > MAX_CHILDREN) return undefined;
  const parts = await Promise.all(
    kids.map(async (k) => {
      if (cut.shown(k.value) === undefined) return `${k.name}:${k.value}`;
      const inner = await readWhole(cut, read, k.value, k.variablesReference, depth + 1);
      return inner && `${k.name}:${inner.whole}`;
    }),
  );
  if (parts.includes(undefined)) return undefined;
  // as lldb-dap builds it: `name:value`, an indexed child's value alone, children without a value
  // left out, a struct child (its own summary from children) as `{...}`; exact only where each child
  // is a number or boolean (a child with a summary of its own may show otherwise in its parent's)
  const exact = kids.every((k) => k.value === '' || SCALAR.test(k.value));
  const desc = (k: DebugProtocol.Variable) => (k.variablesReference > 0 && /^\{.*\}$/.test(k.value) ? '{...}' : k.value);
  const uncut = `${cut.head(value)}{${kids.filter((k) => k.value !== '').map((k) => (k.name.startsWith('[') ? desc(k) : `${k.name}:${desc(k)}`)).join(', ')}}`;
  const whole = `{${parts.join(', ')}}`;
  return { whole, uncut, exact, shown: exact ? uncut : `${cut.head(value)}${whole}` };
}

/** Adds to `values` the whole of each value there that `cut` says was cut short (`refs`: each name's variablesReference). */
export async function addWholes(values: LocalValues, refs: Map<string, number>, read: ReadChildren): Promise<void> {
  const { cut } = values;
  if (!cut) return;
  const names = [...values].filter(([, v]) => cut.shown(v) !== undefined).map(([name]) => name);
  const wholes = await Promise.all(names.map((name) => readWhole(cut, read, values.get(name)!, refs.get(name) ?? 0)));
  names.forEach((name, i) => {
    const w = wholes[i];
      if (w) values.wholes.set(name, w);
  });
}

/**
 * Whether a value changed between two reads: `same`, `changed`, `unknown` (cut short, the
 * parts shown agree, and the children could not settle it), or `unread` (cut short the same way
 * at both reads, its children not read whole: nothing says whether the part hidden changed). A
 * change in the part both reads show is always a change; one read being a cut form of the other
 * is none by itself.
 */
export function compareValues(before: string, after: string, wholeBefore: Whole | undefined, wholeAfter: Whole | undefined, cut: CutSummary | undefined): 'same' | 'changed' | 'unknown' | 'unread' {
  const [a, b] = [cut?.shown(before), cut?.shown(after)];
  if (a === undefined && b === undefined) return before === after ? 'same' : 'changed';
  if (!agree(a ?? before, a !== undefined, b ?? after, b !== undefined)) return 'changed';
  if (a !== undefined && b !== undefined) {
    // both cut: their children, read the same way at both stops
    if (wholeBefore && wholeAfter) return wholeBefore.whole === wholeAfter.whole ? 'same' : 'changed';
    return before === after ? 'unread' : 'unknown';
  }
  // one cut, one whole: the summary the cut one's children make, uncut, against the whole one
  const [whole, full] = a !== undefined ? [wholeBefore, after] : [wholeAfter, before];
  if (!whole) return 'unknown';
  if (whole.uncut === full) return 'same';
  return whole.exact ? 'changed' : 'unknown';
}

/** The parts two reads show agree: the shorter, where cut, begins the other. */
function agree(p: string, pCut: boolean, q: string, qCut: boolean): boolean {
  if (pCut && qCut) return p.startsWith(q) || q.startsWith(p);
  return pCut ? q.startsWith(p) : p.startsWith(q);
}
