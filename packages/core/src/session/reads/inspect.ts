import type { DebugProtocol } from '@vscode/debugprotocol';
import { addWholes, CutSummary, LocalValues } from '../../trace/cut-summary.js';
import { GatewayError } from '../../errors.js';
import type { Profile } from '../../profiles/schema.js';
import { asGetter, toNode, typeRenamer, type ExpandOptions, type ScopeNode, type VariableNode } from './variable-nodes.js';
import { matches, parsePath } from './variable-path.js';
import { withUnnamedSaid } from './unnamed-variables.js';
import type { InspectTarget, VariablesPage } from './inspect-target.js';

export type { InspectTarget, VariablesPage } from './inspect-target.js';

/**
 * A collection that says it holds more items than this is read one page at a time: a junk length
 * (a Vec or slice not set yet) would otherwise have the adapter list billions of children, and
 * lldb-dap then never answers again.
 */
const PAGED_OVER = 10_000;
/** Members shown in the preview of a value that names only a kind of object. */
const PREVIEW_MEMBERS = 5;
const PAGE = 1_000;

/**
 * A function's or class's first line without its body (`ƒ match(input)`, `class Box`): its source
 * text is not a value. js-debug writes the line ends of that text as `\n`.
 */
function headOf(value: string): string {
  const first = value.split(/\r?\n|\\n/, 1)[0]!;
  return first.length < value.length ? first.replace(/\s*\{\s*$/, '') : value;
}

/**
 * Reads program state through a stopped session: scopes of a frame, variables by path
 * (`order.items[0]`, `meta['region']`), trees to a depth, and flat snapshots of locals.
 * Hides what the profile says is not program state. Each session owns one (`session.inspector`).
 */
export class Inspector {
  private readonly hideNames: Set<string>;
  private readonly hidePattern: RegExp | undefined;
  private readonly secondaryScopes: RegExp | undefined;
  private readonly optimizedScope: RegExp | undefined;
  private readonly noisePattern: RegExp | undefined;
  private readonly typeName: (type: string | undefined) => string | undefined;
  private readonly unreadable: { value: RegExp; child: RegExp } | undefined;
  private readonly unformatted: RegExp | undefined;
  private readonly bare: RegExp | undefined;
  private readonly bareInstance: { value: RegExp; names: RegExp } | undefined;
  /** The profile's `cutSummary`: values the adapter may have cut short. */
  readonly cut: CutSummary | undefined;
  private readonly unreadableItem: RegExp | undefined;
  private readonly impossibleCount: RegExp | undefined;
  private readonly summaryOnly: { types: Set<string>; value: RegExp } | undefined;
  private readonly unreadableValue: RegExp | undefined;
  /** Values the profile keeps out of summaries (functions, classes): in a preview, only their head. */
  private readonly headOnly: (v: DebugProtocol.Variable) => boolean;

  private readonly target: InspectTarget;

  constructor(
    target: InspectTarget,
    private readonly config: Profile['variables'],
  ) {
    const v = config;
    this.target = v.unnamed ? withUnnamedSaid(target, new RegExp(v.unnamed)) : target;
    this.hideNames = new Set(v.hideNames);
    this.hidePattern = v.hidePattern ? new RegExp(v.hidePattern) : undefined;
    this.secondaryScopes = v.secondaryScopes ? new RegExp(v.secondaryScopes) : undefined;
    this.optimizedScope = v.optimizedScope ? new RegExp(v.optimizedScope) : undefined;
    this.noisePattern = v.noisePattern ? new RegExp(v.noisePattern) : undefined;
    this.typeName = typeRenamer(v.typeNames);
    this.unreadable = v.unreadablePointer ? { value: new RegExp(v.unreadablePointer.value, 'i'), child: new RegExp(v.unreadablePointer.child) } : undefined;
    this.unformatted = v.unformattedValue ? new RegExp(v.unformattedValue) : undefined;
    this.bare = v.bareValue ? new RegExp(v.bareValue) : undefined;
    this.bareInstance = v.bareInstance ? { value: new RegExp(v.bareInstance.value), names: new RegExp(v.bareInstance.names) } : undefined;
    this.cut = v.cutSummary ? new CutSummary(new RegExp(v.cutSummary)) : undefined;
    const item = v.unreadableItem ?? v.unreadablePointer?.child;
    this.unreadableItem = item ? new RegExp(item) : undefined;
    this.impossibleCount = v.impossibleCount ? new RegExp(v.impossibleCount) : undefined;
    this.summaryOnly = v.summaryOnly ? { types: new Set(v.summaryOnly.types), value: new RegExp(v.summaryOnly.value) } : undefined;
    this.unreadableValue = v.unreadableValue ? new RegExp(v.unreadableValue) : undefined;
    const hiddenValue = v.summaryHideValues ? new RegExp(v.summaryHideValues) : undefined;
    this.headOnly = (x) => (!!x.type && v.summaryHideTypes.includes(x.type)) || !!hiddenValue?.test(x.value);
  }

  /** The children of a variable: a page of them when it says it has very many (see PAGED_OVER). */
  private read(ref: number, indexed: number | undefined, page: VariablesPage = { start: 0, count: PAGE }, target = this.target): Promise<DebugProtocol.Variable[]> {
    if (indexed !== undefined && indexed > PAGED_OVER) return target.variables(ref, page);
    const cap = this.config.childPage;
    return indexed === undefined && cap ? target.variables(ref, { start: page.start, count: Math.min(page.count, cap) }) : target.variables(ref);
  }

  /**
   * Asks ahead, through `target` (ProgramReads.aheadTarget), for a frame's scopes and the children
   * of those `pick` chooses, as scopes() and children() will ask for them: those then find the
   * answers under way or there. Nothing is returned and a failure is dropped (the reads proper ask again).
   */
  async readAhead(target: InspectTarget, frameId: number, pick: (scopes: ScopeNode[]) => ScopeNode[]): Promise<void> {
    try {
      const scopes = (await target.scopes(frameId)).map(this.scopeNode);
      await Promise.all(pick(scopes).map((s) => this.read(s.variablesReference, undefined, undefined, target)));
    } catch {
      // the stop is over, or the adapter refused: the reads proper say so
    }
  }

  /** A DAP variable as a node, its type in the language's words. */
  private node = (v: DebugProtocol.Variable): VariableNode => {
    const n = toNode(v);
    // the adapter's "could not read it here" (the profile's `unreadableValue`): no value, and nothing to expand
    const reason = this.unreadableValue?.exec(n.value)?.groups?.reason;
    if (reason !== undefined) Object.assign(n, { value: unreadableText(reason), variablesReference: 0, unreadable: true });
    if (!n.type) return n;
    const type = this.typeName(n.type)!;
    // a value that is only its type and address (lldb's `Iter<long> @ 0x7ffe...`) names the type the same way
    if (n.value.startsWith(n.type) && type !== n.type) n.value = type + n.value.slice(n.type.length);
    n.type = type;
    const summary = this.summaryOnly?.types.has(type) ? this.summaryOnly.value.exec(n.value)?.groups?.summary : undefined;
    if (summary !== undefined) n.value = summary;
    return n;
  };

  async scopes(frame: number): Promise<ScopeNode[]> {
    const frameId = await this.target.frameId(frame);
    const [scopes, built] = await Promise.all([this.target.scopes(frameId), this.target.optimized?.(frame).catch(() => false)]);
    return scopes.map(this.scopeNode).map((s) => (built ? { ...s, optimized: true } : s));
  }

  private scopeNode = (s: DebugProtocol.Scope): ScopeNode => ({
    name: s.name,
    ...(s.line !== undefined ? { line: s.line } : {}),
    ...(s.endLine !== undefined ? { endLine: s.endLine } : {}),
    ...(s.presentationHint ? { presentationHint: s.presentationHint } : {}),
    variablesReference: s.variablesReference,
    expensive: s.expensive,
    secondary: !!this.secondaryScopes?.test(s.name),
    ...(this.optimizedScope?.test(s.name) ? { optimized: true } : {}),
  });

  /**
   * Children of a reference, without the profile's hidden names, length child and range groups;
   * `more` counts what is not shown (from the collection's size when known).
   */
  async children(ref: number, maxItems = Number.POSITIVE_INFINITY, indexed?: number): Promise<{ items: VariableNode[]; more: number; length?: number; moreAtLeast?: boolean }> {
    const { lengthChild, rangeGroupType } = this.config;
    const raw = await this.read(ref, indexed);
    const lengthVar = lengthChild ? raw.find((v) => v.name === lengthChild) : undefined;
    const length = lengthVar && /^\d+$/.test(lengthVar.value) ? Number(lengthVar.value) : undefined;
    const all = raw.filter((v) => !this.hidden(v.name) && v !== lengthVar && (!rangeGroupType || v.type !== rangeGroupType));
    const items = await Promise.all(all.slice(0, maxItems).map(this.node).map(asGetter).map((n) => this.readable(n)));
    const paged = indexed !== undefined && indexed > PAGED_OVER ? indexed - items.length : 0;
    const more = Math.max(all.length - items.length, length !== undefined ? length - items.length : 0, paged);
    // a full page read without knowing the total: there may be more than counted
    const moreAtLeast = indexed === undefined && !!this.config.childPage && raw.length >= Math.min(PAGE, this.config.childPage);
    return { items, more, length, ...(moreAtLeast ? { moreAtLeast } : {}) };
  }

  /** A value that names only a kind of object (the profile's `bareValue`), shown with its first members: `{both: true, seen: 2}`. */
  private async previewed(n: VariableNode): Promise<VariableNode> {
    const instance = !!this.bareInstance && this.bareInstance.value.test(n.value) && this.bareInstance.names.test(n.name);
    if (!(this.bare?.test(n.value) || instance) || n.variablesReference <= 0) return n;
    const kids = (await this.target.variables(n.variablesReference).catch(() => [])).filter((v) => !this.hidden(v.name));
    // an array (the profile's group `array`): its items after its kind (`Array(3) [2, 4, 6]`), not its other members (length)
    if (this.bare?.exec(n.value)?.groups?.array !== undefined) {
      const indexed = kids.filter((v) => /^\d+$/.test(v.name));
      const items = indexed.slice(0, PREVIEW_MEMBERS).map((v) => v.value);
      if (indexed.length > items.length) items.push('…');
      return { ...n, value: `${n.value} [${items.join(', ')}]` };
    }
    const shown = kids.slice(0, PREVIEW_MEMBERS);
    const array = shown.length > 0 && shown.every((v) => /^\d+$/.test(v.name));
    const items = shown.map((v) => (array ? v.value : `${v.name}: ${this.headOnly(v) ? headOf(v.value) : v.value}`));
    if (kids.length > shown.length) items.push('…');
    // a kind other than the plain one (the profile's group `plain`) stays in front: `Box {items: Array(1)}`
    const kind = this.bare?.exec(n.value)?.groups?.plain !== undefined ? '' : `${n.value} `;
    return { ...n, value: array ? `[${items.join(', ')}]` : `${kind}{${items.join(', ')}}` };
  }

  /** A pointer whose target the adapter could not read (the profile's `unreadablePointer`) says so instead of showing a value. */
  private async readable(n: VariableNode): Promise<VariableNode> {
    n = await this.previewed(n);
    if (this.opaque(n.type) && this.unformatted?.test(n.value)) {
      return { ...n, value: `<unreadable: the debugger's formatter could not read this ${n.type} at ${n.value.replace(/^.* @ /, '')}; it holds no valid value (such as a variable not set yet)>`, variablesReference: 0, unreadable: true };
    }
    const impossible = this.impossibleCount && countImpossible(this.impossibleCount.exec(n.value)?.groups);
    if (impossible) return { ...n, value: `<unreadable: says ${impossible}; it holds no valid value (such as a stale slot in an optimized frame)>`, variablesReference: 0, unreadable: true };
    if (n.variablesReference > 0 && this.unreadableItem && n.indexed !== undefined && n.indexed > PAGED_OVER) {
      const [first] = await this.read(n.variablesReference, n.indexed, { start: 0, count: 1 }).catch(() => []);
      if (!first || !this.unreadableItem.test(first.value)) return n;
      return { ...n, value: `<unreadable: says ${n.indexed} items, but its first cannot be read (${first.value}); it holds no valid value (such as a variable not set yet)>`, variablesReference: 0, unreadable: true };
    }
    const check = this.unreadable;
    if (!check || n.variablesReference <= 0 || !check.value.test(n.value)) return n;
    const [target] = await this.target.variables(n.variablesReference).catch(() => []);
    if (!target || !check.child.test(target.value)) return n;
    const address = /^0x[0-9a-f]+/i.exec(n.value)?.[0] ?? n.value;
    return { ...n, value: `${address} (unreadable: the memory it points to cannot be read, so this is no valid pointer: ${target.value})`, variablesReference: 0, unreadable: true };
  }

  /**
   * An evaluate result, checked as a variable is (what cannot be read says so), with its first
   * `maxItems` members unless its type is opaque.
   */
  async evaluated(r: DebugProtocol.EvaluateResponse['body'], maxItems: number): Promise<{ node: VariableNode; items: VariableNode[]; more: number; moreAtLeast?: boolean }> {
    const node = await this.readable(this.node({ name: '', value: r.result, type: r.type, variablesReference: r.variablesReference, indexedVariables: r.indexedVariables }));
    if (node.variablesReference <= 0 || this.opaque(node.type)) return { node, items: [], more: 0 };
    const kids = await this.children(node.variablesReference, maxItems, node.indexed);
    // its size untold, a full page read, and the first item unreadable: junk, as a huge collection's is
    const first = kids.items[0];
    if (kids.moreAtLeast && first && (first.unreadable || this.unreadableItem?.test(first.value))) {
      const unread = { ...node, value: `<unreadable: holds at least ${kids.items.length + kids.more} items, but its first cannot be read (${first.value}); it holds no valid value (such as a variable not set yet)>`, variablesReference: 0, unreadable: true };
      return { node: unread, items: [], more: 0 };
    }
    return { node, ...kids };
  }

  /** Fetches children of `node` down to `options.depth` levels (level 1 = its own children). */
  async expand(node: VariableNode, options: ExpandOptions, level = 1): Promise<VariableNode> {
    if (node.variablesReference <= 0 || level > options.depth || this.opaque(node.type)) return node;
    const { items, more, length } = await this.children(node.variablesReference, options.maxItems, node.indexed);
    node.children = await Promise.all(items.map((c) => this.expand(c, options, level + 1)));
    node.moreChildren = more;
    if (length !== undefined) node.length = length;
    return node;
  }

  /** A member of `ref` by path segment, searching inside range groups (items past the first page). */
  private async member(ref: number, segment: string, depth = 0, indexed?: number): Promise<{ node?: VariableNode; names: string[] }> {
    const at = /^\[?(\d+)\]?$/.exec(segment);
    const kids = (await this.read(ref, indexed, at ? { start: Number(at[1]), count: 1 } : undefined)).map(this.node);
    const direct = kids.find((v) => matches(v.name, segment));
    if (direct) return { node: direct, names: [] };
    const { pointerChild, rangeGroupType: groupType } = this.config;
    const pointee = pointerChild !== undefined && kids.length === 1 && kids[0]!.name === pointerChild ? kids[0]! : undefined;
    if (pointee && pointee.variablesReference > 0 && depth < 3) return this.member(pointee.variablesReference, segment, depth + 1);
    const entry = await this.mapEntryValue(kids, segment);
    if (entry) return { node: entry, names: [] };
    if (groupType && depth < 3) {
      for (const g of kids.filter((k) => k.type === groupType && k.variablesReference > 0)) {
        const found = await this.member(g.variablesReference, segment, depth + 1);
        if (found.node) return found;
      }
    }
    return { names: kids.filter((v) => !this.hidden(v.name) && v.type !== groupType).map((v) => v.name) };
  }

  /** A map's value by key: the entry child whose `key` child shows `segment` (the profile's `mapEntry`). */
  private async mapEntryValue(kids: VariableNode[], segment: string): Promise<VariableNode | undefined> {
    const shape = this.config.mapEntry;
    if (!shape) return undefined;
    for (const k of kids.slice(0, 500)) {
      if (k.variablesReference <= 0) continue;
      const parts = (await this.read(k.variablesReference, k.indexed)).map(this.node);
      const key = parts.find((p) => p.name === shape.key);
      const value = parts.find((p) => p.name === shape.value);
      if (key && value && [segment, `'${segment}'`, `"${segment}"`].includes(key.value)) return value;
    }
    return undefined;
  }

  /** The primary scopes of a frame; a frame whose only ones are expensive (ESM module top level: `Module`) gets those. */
  primary(scopes: ScopeNode[]): ScopeNode[] {
    const cheap = scopes.filter((s) => !s.secondary && !s.expensive);
    return cheap.length ? cheap : scopes.filter((s) => !s.secondary);
  }

  /** Scopes of a frame with their variables (primary scopes only unless `scope` names one). */
  async frameVariables(frame: number, options: ExpandOptions & { scope?: string }): Promise<ScopeNode[]> {
    const scopes = await this.scopes(frame);
    const chosen = options.scope
      ? scopes.filter((s) => s.name.toLowerCase() === options.scope!.toLowerCase())
      : this.primary(scopes);
    if (options.scope && chosen.length === 0) {
      throw new GatewayError(`frame ${frame} has no scope '${options.scope}'`, `scopes here: ${scopes.map((s) => s.name).join(', ')}`, 'not-found');
    }
    // every scope at once: on js-debug each read waits out a ~40 ms delayed ACK, once per batch
    await Promise.all(chosen.map((s) => this.children(s.variablesReference, Number.POSITIVE_INFINITY)));
    for (const s of chosen) {
      const { items, more } = await this.children(s.variablesReference, Number.POSITIVE_INFINITY);
      const noise = options.names ? [] : items.filter((v) => this.noise(v));
      const kept = options.names ? items.filter((v) => options.names!.includes(v.name)) : items.filter((v) => !noise.includes(v));
      const picked = options.names ? kept : kept.slice(0, options.maxItems);
      s.variables = await Promise.all(picked.map((v) => this.expand(v, options, 2)));
      s.moreChildren = options.names ? 0 : more + kept.length - picked.length;
      if (noise.length) s.noise = noise.map((v) => v.name);
      if (!options.names) s.groups = await this.nameGroups(s.variablesReference);
    }
    return chosen;
  }

  /** Finds the variable a path names, searching the frame's scopes in order. */
  async resolvePath(frame: number, path: string): Promise<{ node: VariableNode; parentRef: number }> {
    let [first, ...rest] = parsePath(path);
    const scopes = await this.scopes(frame);
    let found: { node: VariableNode; parentRef: number } | undefined;
    const seen: string[] = [];
    for (const s of [...scopes.filter((x) => !x.secondary), ...scopes.filter((x) => x.secondary)]) {
      const vars = (await this.target.variables(s.variablesReference)).map(this.node);
      // a name with a space (js-debug's `Return value`) is one name, not a path of two
      const spaced = vars.find((v) => v.name.includes(' ') && (path.trim() === v.name || path.trim().startsWith(`${v.name}.`) || path.trim().startsWith(`${v.name}[`)));
      if (spaced) [first, ...rest] = [spaced.name, ...(path.trim() === spaced.name ? [] : parsePath(path.trim().slice(spaced.name.length)))];
      const match = spaced ?? vars.find((v) => matches(v.name, first!));
      if (match) {
        found = { node: await this.readable(match), parentRef: s.variablesReference };
        break;
      }
      if (!s.secondary) seen.push(...vars.filter((v) => !this.hidden(v.name)).map((v) => v.name));
    }
    if (!found) throw new GatewayError(`no variable '${first}' in frame ${frame}`, `names here: ${seen.slice(0, 30).join(', ') || '(none)'}`, 'not-found');
    let walked = first!;
    for (const seg of rest) {
      const node: VariableNode = found.node;
      if (node.unreadable) throw new GatewayError(`'${walked}' cannot be read: ${node.value}`, 'ask for the value itself', 'not-supported');
      if (node.variablesReference <= 0) throw new GatewayError(`'${walked}' (${node.value}) has no members`, 'ask for the value itself', 'not-found');
      const { node: match, names } = await this.member(node.variablesReference, seg, 0, node.indexed);
      if (!match) {
        throw new GatewayError(`'${walked}' has no member '${seg}'`, `members: ${names.slice(0, 30).join(', ')}${names.length > 30 ? ` (+${names.length - 30} more)` : ''}`, 'not-found');
      }
      found = { node: await this.readable(match), parentRef: node.variablesReference };
      walked += /^\d+$/.test(seg) ? `[${seg}]` : `.${seg}`;
    }
    if (found.node.getter && found.node.variablesReference > 0) {
      // named by the path: read the accessor (the adapter runs it and shows the result as its one child)
      const [value] = (await this.target.variables(found.node.variablesReference)).map(this.node);
      if (value) found = { node: { ...value, name: found.node.name, evaluateName: found.node.evaluateName, getter: true }, parentRef: found.parentRef };
    }
    return found;
  }

  /**
   * The line the frame's function starts at, from its `locals` scope's range, when the adapter
   * gives ranges (js-debug does; debugpy, delve and lldb-dap do not): tells two anonymous
   * functions of one file apart.
   */
  async functionStart(frame = 0): Promise<number | undefined> {
    return (await this.functionScope(frame))?.line;
  }

  /** The line the frame's function ends at, where the adapter gives scope ranges (see `functionStart`). */
  async functionEnd(frame = 0): Promise<number | undefined> {
    return (await this.functionScope(frame))?.endLine;
  }

  /** The function's own locals scope: the outermost of them (js-debug puts a block's, with its own range, in front). */
  private async functionScope(frame: number): Promise<ScopeNode | undefined> {
    return (await this.scopes(frame)).filter((s) => s.presentationHint === 'locals').pop();
  }

  /** name -> value of the frame's primary-scope variables (one level), for "what changed". */
  async snapshot(frame = 0): Promise<LocalValues> {
    const out = new LocalValues(this.cut);
    const refs = new Map<string, number>();
    const scopes = this.primary(await this.scopes(frame));
    // all scopes at once (one round trip's wait instead of one per scope); merged in scope order
    const lists = await Promise.all(scopes.map((s) => this.target.variables(s.variablesReference)));
    for (const list of lists) {
      for (const v of list.filter((x) => !this.hidden(x.name))) {
        let n = this.node(v);
        // what cannot be read is said so here too (a check only for a junk-looking value: this runs at every traced line)
        if (this.suspect(n) || this.bare?.test(n.value)) n = await this.readable(n);
        out.set(v.name, n.value);
        if (n.unreadable) out.unreadable.add(v.name);
        refs.set(v.name, v.variablesReference);
      }
    }
    await this.addWholes(out, refs);
    return out;
  }

  /** The whole of each value in `values` the adapter cut short (see `CutSummary`), read from its children. */
  addWholes(values: LocalValues, refs: Map<string, number>): Promise<void> {
    return addWholes(values, refs, (ref, count) => this.target.variables(ref, { start: 0, count }));
  }

  /** A value that may be junk: an opaque type its formatter could not read, or a collection of a huge size. */
  private suspect(n: VariableNode): boolean {
    return (this.opaque(n.type) && !!this.unformatted?.test(n.value)) || (n.indexed !== undefined && n.indexed > PAGED_OVER);
  }

  /** True for types whose value is the whole story (their members are implementation details). */
  opaque(type: string | undefined): boolean {
    return !!type && this.config.opaqueTypes.includes(type);
  }

  private noise(v: VariableNode): boolean {
    return (!!v.type && this.config.noiseTypes.includes(v.type)) || !!this.noisePattern?.test(v.name);
  }

  /** The names inside the adapter's function/class groups of a scope, by the profile's labels. */
  private async nameGroups(ref: number): Promise<{ label: string; names: string[] }[] | undefined> {
    const labels = this.config.nameGroups;
    const groups = (await this.target.variables(ref)).filter((v) => v.name in labels && v.variablesReference > 0);
    if (!groups.length) return undefined;
    const out = [];
    for (const g of groups) {
      const names = (await this.target.variables(g.variablesReference)).map((v) => v.name).filter((n) => !this.noisePattern?.test(n));
      if (names.length) out.push({ label: labels[g.name]!, names });
    }
    return out.length ? out : undefined;
  }

  private hidden(name: string): boolean {
    return this.hideNames.has(name) || !!this.hidePattern?.test(name);
  }
}

/** How a value the adapter could not read at this stop is shown (the one way every answer says it). */
export function unreadableText(reason: string): string {
  return `<unreadable: ${reason}>`;
}

/** Bytes a 64-bit address space gives a process (48-bit virtual addresses, the lower half): no collection holds more items. */
const ADDRESS_SPACE = 2n ** 47n;

/** Why a stated length cannot be (e.g. "69970680256920 items with room for 3"), or undefined if it can. */
function countImpossible(groups: Record<string, string | undefined> | undefined): string | undefined {
  if (!groups?.len) return undefined;
  const len = BigInt(groups.len);
  const cap = groups.cap ? BigInt(groups.cap) : undefined;
  if (cap !== undefined && len > cap) return `${len} items with room for ${cap}`;
  if (len > ADDRESS_SPACE || (cap !== undefined && cap > ADDRESS_SPACE)) return `${len} items, more than a 64-bit address space holds`;
  return undefined;
}
