import { EventEmitter } from 'node:events';
import { GatewayError } from '../errors.js';
import { parseHitCondition, type HitRule } from './hit-condition.js';

export interface BreakpointSpec {
  file?: string;
  line?: number;
  /** A place on the line (the gateway's own step guards): one breakpoint per line and column. */
  column?: number;
  function?: string;
  condition?: string;
  hitCondition?: string;
  logMessage?: string;
  temporary?: boolean;
  /** A data breakpoint (watchpoint): the variable path, resolved in one session's stopped frame. */
  watch?: string;
  accessType?: 'read' | 'write' | 'readWrite';
  /**
   * Its owner: the only session it applies to, and which it ends with (breakpoints given to a launch,
   * attach, probe, trace or test; the gateway's own; watches). Without one: a workspace breakpoint,
   * for every session now and later, kept across restarts.
   */
  sessionId?: string;
  dataId?: string;
}

/** How one session bound a breakpoint. */
export interface Binding {
  verified: boolean;
  line?: number;
  message?: string;
  /** The adapter's id for it, to map `breakpoint` events and `hitBreakpointIds`. */
  adapterId?: number;
}

export interface BookBreakpoint extends BreakpointSpec {
  id: string;
  kind: 'line' | 'function' | 'data';
  /**
   * Passes the gateway saw (stops, and logpoint messages), over every session. With an adapter-side
   * `condition` only the passes where it held reach the gateway; without one, every pass.
   */
  hits: number;
  /** Of those, the ones that stopped the program (a hitCondition skips the others). */
  stops: number;
  /** The parsed hitCondition: the gateway decides, for every adapter alike. */
  hitRule?: HitRule;
  bindings: Map<string, Binding>;
  /** Set by the call that replaced a breakpoint on the same line: what that one had. */
  replaced?: string;
}

/** What changed, and for whom (`sessionId`: only that session; none: every session). */
export type BookChange = { kind: 'line'; file: string; sessionId?: string } | { kind: 'function'; sessionId?: string } | { kind: 'data'; sessionId: string };

/** Whether a breakpoint applies to a session: a workspace one to all, a session's own to it alone. */
export function appliesTo(b: BreakpointSpec, sessionId: string | undefined): boolean {
  return !b.sessionId || b.sessionId === sessionId;
}

/** Who owns it, in words: "a workspace breakpoint", "s2's own". */
export function ownerWords(b: BreakpointSpec): string {
  return b.sessionId ? `${b.sessionId}'s own` : 'a workspace breakpoint';
}

/**
 * A workspace's breakpoint list (an IDE's model): workspace breakpoints exist without any session,
 * apply to every session, and survive restarts; a session's own apply to it alone and end with it.
 * `change` tells sessions what to re-send.
 */
export class BreakpointBook extends EventEmitter<{ change: [BookChange] }> {
  private readonly items = new Map<string, BookBreakpoint>();
  private nextId = 1;
  /** Bumped on every change: lets a connection being configured see what changed meanwhile. */
  version = 0;

  /** `file` must already be absolute and normalized. */
  add(spec: BreakpointSpec): BookBreakpoint {
    const hitRule = spec.hitCondition ? parseHitCondition(spec.hitCondition) : undefined;
    if (hitRule && spec.logMessage) throw new GatewayError('a logpoint cannot have a hitCondition (the adapter prints every message it evaluates)', 'put the test in condition instead, or make it a breakpoint', 'bad-arguments');
    const kind = spec.dataId ? 'data' : spec.function ? 'function' : 'line';
    const same = [...this.items.values()].find((b) =>
      kind === 'line'
        ? b.kind === 'line' && b.file === spec.file && b.line === spec.line && b.sessionId === spec.sessionId
        : kind === 'function'
          ? b.kind === 'function' && b.function === spec.function && b.sessionId === spec.sessionId
          : b.kind === 'data' && b.sessionId === spec.sessionId && b.dataId === spec.dataId,
    );
    const bp: BookBreakpoint = { ...spec, id: same?.id ?? `bp${this.nextId++}`, kind, hits: same?.hits ?? 0, stops: same?.stops ?? 0, hitRule, bindings: new Map() };
    this.items.set(bp.id, bp);
    this.version++;
    this.emit('change', changeOf(bp));
    return bp;
  }

  /** Puts back breakpoints saved by an earlier gateway run, under their ids. */
  restore(saved: (BreakpointSpec & { id: string })[]): void {
    for (const spec of saved) {
      const kind = spec.function ? 'function' : 'line';
      this.items.set(spec.id, { ...spec, kind, hits: 0, stops: 0, bindings: new Map() });
      this.nextId = Math.max(this.nextId, Number(spec.id.slice(2)) + 1);
    }
    if (saved.length) this.version++;
  }

  get(id: string): BookBreakpoint | undefined {
    return this.items.get(id);
  }

  list(): BookBreakpoint[] {
    return [...this.items.values()];
  }

  /** The line breakpoint of one owner at file:line, if any (the book keeps one per line and owner). */
  atLine(file: string, line: number, owner?: string, column?: number): BookBreakpoint | undefined {
    return this.list().find((b) => b.kind === 'line' && b.file === file && b.line === line && b.column === column && b.sessionId === owner);
  }

  /**
   * The line breakpoints at file:line that a session would get together with one of `owner`'s
   * (a workspace one goes to every session, so it shares the line with every session's own).
   */
  sharingLine(file: string, line: number, owner: string | undefined, column?: number): BookBreakpoint[] {
    return this.list().filter((b) => b.kind === 'line' && b.file === file && b.line === line && b.column === column && b.sessionId !== owner && (!owner || !b.sessionId));
  }

  /** The line breakpoints in a file that apply to a session (none given: all of them). */
  forFile(file: string, sessionId?: string): BookBreakpoint[] {
    return this.list().filter((b) => b.kind === 'line' && b.file === file && (sessionId === undefined || appliesTo(b, sessionId)));
  }

  /** Files with line breakpoints that apply to a session (none given: any). */
  files(sessionId?: string): string[] {
    return [...new Set(this.list().flatMap((b) => (b.kind === 'line' && (sessionId === undefined || appliesTo(b, sessionId)) ? [b.file!] : [])))];
  }

  /** The breakpoints that apply to a session: the workspace's and its own. */
  for(sessionId: string): BookBreakpoint[] {
    return this.list().filter((b) => appliesTo(b, sessionId));
  }

  /** Removes a session's own breakpoints (it ended); returns them. */
  endOwned(sessionId: string): BookBreakpoint[] {
    return this.remove(this.list().filter((b) => b.sessionId === sessionId).map((b) => b.id));
  }

  dataFor(sessionId: string): BookBreakpoint[] {
    return this.list().filter((b) => b.kind === 'data' && b.sessionId === sessionId);
  }

  /** The function breakpoints that apply to a session (all of them without one). */
  functions(sessionId?: string): BookBreakpoint[] {
    return this.list().filter((b) => b.kind === 'function' && (!b.sessionId || !sessionId || b.sessionId === sessionId));
  }

  remove(ids: string[]): BookBreakpoint[] {
    const removed = ids.map((id) => this.items.get(id)).filter((b): b is BookBreakpoint => !!b);
    for (const b of removed) this.items.delete(b.id);
    if (removed.length) this.version++;
    const changes = new Map<string, BookChange>();
    for (const b of removed) changes.set(JSON.stringify(changeOf(b)), changeOf(b));
    for (const c of changes.values()) this.emit('change', c);
    return removed;
  }

  /** Forget everything about a session that ended. */
  dropSession(sessionId: string): void {
    for (const b of this.items.values()) b.bindings.delete(sessionId);
  }
}

function changeOf(b: BookBreakpoint): BookChange {
  if (b.kind === 'line') return { kind: 'line', file: b.file!, ...(b.sessionId ? { sessionId: b.sessionId } : {}) };
  if (b.kind === 'data') return { kind: 'data', sessionId: b.sessionId! };
  return { kind: 'function', ...(b.sessionId ? { sessionId: b.sessionId } : {}) };
}
