import type { LocalChange } from './types.js';
import { parametersAt, type ParameterSpec } from './parameters.js';

/**
 * Block-scoped names (the profile's `trace.declarations`: JavaScript's `let`/`const`, C's locals)
 * have a value only once the line that declares them ran in the current pass of their block.
 * Before that the adapter shows what its slot holds: V8 reuses a block's slots, so a loop's later
 * pass shows the last pass's values; a C local shows what the stack held. A step's changes are
 * rewritten so that such a name is given on the line that declares it (`name = value`, even when
 * the slot held the same value) and not before.
 */
export class Declarations {
  private readonly pattern: RegExp | undefined;
  private readonly byLine = new Map<number, { names: Set<string>; loop: Set<string> }>();
  /** Every name some line of the file declares. */
  private readonly known = new Set<string>();
  /** Names in scope whose declaration has not run in this pass. */
  private readonly pending = new Set<string>();

  /**
   * `parameters`: how to read the function's parameter names (the profile's trace fields): an
   * argument that a later declaration shadows (Rust's `let data = data.as_ref();`) has its value
   * before that line runs, and is listed alone under its name there.
   */
  constructor(pattern: string | undefined, private readonly source: string[], private readonly parameters: ParameterSpec = {}) {
    this.pattern = pattern ? new RegExp(pattern, 'g') : undefined;
    if (this.pattern) for (let line = 1; line <= source.length; line++) for (const name of this.declaredBy(line)) this.known.add(name);
  }

  /**
   * Where a trace or step starts, in a function that ends at `end` (where the adapter says; else
   * where the code is first indented less than `line`, which ends the function when `line` is its
   * body's first): its names declared at `line` or after are not declared yet.
   */
  begin(locals: Map<string, string>, line: number, end = this.blockEnd(line)): void {
    if (!this.pattern) return;
    const args = parametersAt(this.source, line, this.parameters);
    for (let n = line; n <= Math.min(end, this.source.length); n++) {
      for (const name of this.declaredBy(n)) if (locals.has(name) && !args.has(name) && !(n === line && this.liveAtHead(n).has(name))) this.pending.add(name);
    }
  }

  /**
   * At a stop before `line` runs (in a function from `start` to `end`, where known): which of
   * `names` a line from there to the end declares, and no line before it does, with the
   * declaring line: each is in scope with no value yet (what its slot holds is shown for it).
   */
  declaredLater(names: Set<string>, line: number, start = this.blockStart(line), end = this.blockEnd(line)): Map<string, number> {
    const out = new Map<string, number>();
    if (!this.pattern) return out;
    const earlier = parametersAt(this.source, line, this.parameters);
    for (let n = Math.max(1, start); n < line; n++) for (const name of this.declaredBy(n)) earlier.add(name);
    for (let n = line; n <= Math.min(end, this.source.length); n++) {
      for (const name of this.declaredBy(n)) {
        if (names.has(name) && !earlier.has(name) && !out.has(name) && !(n === line && this.liveAtHead(n).has(name))) out.set(name, n);
      }
    }
    return out;
  }

  private blockStart(line: number): number {
    const own = indentOf(this.source[line - 1] ?? '');
    for (let n = line - 1; n >= 1; n--) if (!notCode(this.source[n - 1]!) && indentOf(this.source[n - 1]!) < own) return n;
    return 1;
  }

  private blockEnd(line: number): number {
    const own = indentOf(this.source[line - 1] ?? '');
    for (let n = line + 1; n <= this.source.length; n++) if (!notCode(this.source[n - 1]!) && indentOf(this.source[n - 1]!) < own) return n;
    return this.source.length;
  }

  /** A name in scope whose declaration has not run in this pass of its block. */
  undeclared(name: string): boolean {
    return this.pending.has(name);
  }

  /** The changes of a step that ran `ran` and stopped before `next`, with `after` the locals there. */
  rewrite(changes: LocalChange[], after: Map<string, string>, ran: number, next: number): LocalChange[] {
    if (!this.pattern) return changes;
    const declared = this.declaredBy(ran);
    // a counting loop head's variable goes on from the body's last value (its `i++` is an update, no new binding)
    const rebinding = next === ran ? new Set<string>() : new Set([...this.declaredBy(next)].filter((name) => !this.liveAtHead(next).has(name)));
    const out: LocalChange[] = [];
    for (const c of changes) {
      if (c.to === undefined) {
        this.pending.delete(c.name);
        out.push(c);
      } else if (declared.has(c.name)) {
        // a name declared again with its earlier binding's value shown (a for loop's next iteration) keeps the change
        out.push(this.pending.delete(c.name) || c.from === undefined ? { name: c.name, to: c.to } : c);
      } else if (rebinding.has(c.name) || (c.from === undefined && this.known.has(c.name))) {
        // a new pass of its block (or its loop head's next binding) before its declaration ran
        this.pending.add(c.name);
      } else if (this.pending.delete(c.name)) {
        out.push({ name: c.name, to: c.to });
      } else {
        out.push(c);
      }
    }
    // the declaring line ran to its end: its names' values are given even when the slot held the same already
    if (next !== ran) {
      for (const name of declared) {
        const value = after.get(name);
        if (value === undefined || !this.pending.delete(name)) continue;
        out.push({ name, to: value });
      }
    }
    return out;
  }

  private declaredBy(line: number): Set<string> {
    return this.read(line).names;
  }

  /**
   * Names a line declares but that may hold a value when a stop is on it: a loop head's (the
   * pattern's group `loop`), declared on the first pass and only updated on the later ones.
   */
  private liveAtHead(line: number): Set<string> {
    return this.read(line).loop;
  }

  private read(line: number): { names: Set<string>; loop: Set<string> } {
    const cached = this.byLine.get(line);
    if (cached) return cached;
    const found = { names: new Set<string>(), loop: new Set<string>() };
    for (const m of (this.source[line - 1] ?? '').matchAll(this.pattern!)) {
      for (const name of (m.groups?.names ?? '').match(/[A-Za-z_$][\w$]*/g) ?? []) {
        found.names.add(name);
        if (m.groups?.loop !== undefined) found.loop.add(name);
      }
    }
    this.byLine.set(line, found);
    return found;
  }
}

const indentOf = (text: string) => /^\s*/.exec(text)![0].length;
/** Blank lines, comments and preprocessor lines: their indentation ends no block. */
const notCode = (text: string) => /^\s*(?:$|#|\/\/|\/\*|\*)/.test(text);
