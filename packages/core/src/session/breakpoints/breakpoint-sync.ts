import { basename } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { appliesTo, type Binding, type BookBreakpoint, type BookChange, type BreakpointBook } from '../../breakpoints/book.js';
import type { DapClient, RequestMap, SendRequest } from '../connection/dap-client.js';
import { samePath } from '../paths.js';
import { hitConditionMet } from '../../breakpoints/hit-condition.js';
import { markLogMessage } from '../../breakpoints/logpoint-marker.js';
import { HeldBreakpoints } from './held-breakpoints.js';
import { FunctionNames, type AmbiguousNameSpec } from './function-names.js';

type BreakpointCommand = 'setBreakpoints' | 'setFunctionBreakpoints' | 'setDataBreakpoints';

/** What the sync needs from its session. */
export interface SyncHost {
  readonly sessionId: string;
  readonly adapterName: string;
  readonly book: BreakpointBook;
  readonly live: boolean;
  /** Exception filters when the agent chose none (undefined: the adapter's defaults). */
  readonly defaultExceptionFilters: string[] | undefined;
  /** Conditional filters (DAP filterOptions) sent with the defaults. */
  readonly defaultExceptionFilterOptions?: DebugProtocol.ExceptionFilterOptions[];
  /** Every connection of the session (adapter, then children). */
  connections(): DapClient[];
  /** Connections that can take changes now (not still being configured). */
  ready(): DapClient[];
  /** The connection program state lives on now. */
  active(): DapClient | undefined;
  /** Sends a request on one connection (the session's failure handling applies). */
  send: SendRequest<BreakpointCommand | 'setExceptionBreakpoints'>;
  /** Where the program is paused (its top frame), if it is. */
  pausedAt(): { path: string; line: number } | undefined;
  /** The profile's never-true condition for a breakpoint held where the program is paused while others there are removed (none: removed at once). */
  readonly heldCondition?: string;
  /** How to read the adapter's refusal of an ambiguous function name (profile). */
  readonly ambiguousNames?: AmbiguousNameSpec;
}

/**
 * Sends the gateway's breakpoints to a session's connections and keeps how each bound, per
 * connection; the book shows a breakpoint as verified when any connection verified it.
 */
export class BreakpointSync {
  private readonly functionNames: FunctionNames;
  private readonly bindings = new Map<DapClient, Map<string, Binding>>();
  /** `breakpoint` events that arrived before the response naming their ids. */
  private readonly early = new Map<DapClient, Map<number, DebugProtocol.Breakpoint>>();
  /** Breakpoint requests sent and not answered yet, per connection: a stop waits for them before it is attributed. */
  private readonly unanswered = new Map<DapClient, Set<Promise<void>>>();
  /**
   * Hits in this session, per breakpoint (the book's `hits` is the total over every session): hit
   * conditions count these, so each launch or attach counts from 1, and a breakpoint set again on
   * the same line (a new book entry) starts over.
   */
  private readonly sessionHits = new WeakMap<BookBreakpoint, number>();

  /** The exception filters in force. */
  exceptionFilters: string[] = [];
  /** Exception filters the adapter refused while the session was configured; sent again at the first stop. */
  unsetFilters: { args: DebugProtocol.SetExceptionBreakpointsArguments; reason: string } | undefined;
  /** Exception filters the agent chose (kept across reconnects). */
  private chosenFilters: string[] | undefined;
  /** Where data breakpoints were resolved (their ids are only valid there). */
  private dataConnection: DapClient | undefined;
  /** What was sent, per connection: a file (or 'functions', 'data') and the ids sent for it; what a detach takes back. */
  private readonly sent = new Map<DapClient, Map<string, string[]>>();
  private readonly held: HeldBreakpoints;

  constructor(private readonly host: SyncHost) {
    this.held = new HeldBreakpoints(host.heldCondition, () => host.pausedAt());
    this.functionNames = new FunctionNames(host.ambiguousNames);
  }

  /** The book changed: send what changed to every ready connection (watches: where they were resolved). */
  async apply(change: BookChange): Promise<void> {
    if (!this.host.live) return;
    if (change.kind === 'line') return this.file(change.file, this.host.ready());
    if (change.kind === 'function') return this.functions(this.host.ready());
    const connection = this.dataConnection ?? this.host.active();
    if (connection) await this.data(connection);
  }

  /** A connection between `initialized` and `configurationDone`: the whole book, then exception filters. */
  async prepare(connection: DapClient, timeoutMs: number): Promise<void> {
    const book = this.host.book;
    // Repeat if the book changed meanwhile (changes skip connections still configuring).
    for (let seen = -1; seen !== book.version; ) {
      seen = book.version;
      for (const file of book.files(this.host.sessionId)) await this.file(file, [connection]);
      if (book.functions(this.host.sessionId).length) await this.functions([connection]);
    }
    const offered = connection.capabilities.exceptionBreakpointFilters ?? [];
    this.exceptionFilters = this.chosenFilters ?? this.host.defaultExceptionFilters ?? offered.filter((f) => f.default).map((f) => f.filter);
    const filterOptions = this.chosenFilters ? undefined : this.host.defaultExceptionFilterOptions;
    if (offered.length || this.exceptionFilters.length) {
      const args = { filters: this.exceptionFilters, ...(filterOptions?.length ? { filterOptions } : {}) };
      try {
        await this.host.send('setExceptionBreakpoints', args, timeoutMs, connection);
        this.unsetFilters = undefined;
      } catch (e) {
        // delve refuses it while a target it attached to runs ("debuggee is running"): the
        // session goes on, says the filters are not set, and sends them at the first stop
        this.unsetFilters = { args, reason: (e as Error).message };
        this.exceptionFilters = [];
      }
    }
  }

  /** At a stop: exception filters the adapter refused while configuring are sent again. */
  private async retryUnsetFilters(connection: DapClient): Promise<void> {
    const unset = this.unsetFilters;
    if (!unset) return;
    try {
      await this.host.send('setExceptionBreakpoints', unset.args, undefined, connection);
      this.exceptionFilters = unset.args.filters;
      this.unsetFilters = undefined;
    } catch (e) {
      this.unsetFilters = { ...unset, reason: (e as Error).message };
    }
  }

  async applyExceptionFilters(filters: string[], chosen = false): Promise<void> {
    this.exceptionFilters = filters;
    this.unsetFilters = undefined;
    if (chosen) this.chosenFilters = filters;
    if (!this.host.live) return;
    for (const connection of this.host.connections()) {
      if (!connection.capabilities.exceptionBreakpointFilters?.length && filters.length === 0) continue;
      await this.host.send('setExceptionBreakpoints', { filters }, undefined, connection);
    }
  }

  /** Watches are resolved on the connection that is stopped; remember it for re-sending them. */
  resolvedDataOn(connection: DapClient | undefined): void {
    this.dataConnection = connection;
  }

  /** What of `spec` the adapter cannot do (refused at set time rather than silently dropped). */
  static unsupported(caps: DebugProtocol.Capabilities, spec: { condition?: string; logMessage?: string; function?: string }): string[] {
    const out: string[] = [];
    if (spec.condition && !caps.supportsConditionalBreakpoints) out.push('conditions');
    if (spec.logMessage && !caps.supportsLogPoints) out.push('logpoints');
    if (spec.function && !caps.supportsFunctionBreakpoints) out.push('function breakpoints');
    return out;
  }

  /**
   * The file's breakpoints that apply to this session (the workspace's and its own), one per line:
   * a workspace breakpoint and the session's own on one line are the same breakpoint (checked when
   * set) and go to the adapter once, attributed to the session's own. One the adapter cannot do as
   * asked (a logpoint or condition it has no support for) is not sent: it would stop every time.
   */
  async file(file: string, connections: DapClient[]): Promise<void> {
    const byLine = new Map<string, BookBreakpoint[]>();
    for (const b of this.host.book.forFile(file, this.host.sessionId)) {
      const place = `${b.line}:${b.column ?? ''}`;
      byLine.set(place, [...(byLine.get(place) ?? []), b]);
    }
    const groups = [...byLine.values()].map((g) => g.sort((x, y) => Number(!!x.sessionId) - Number(!!y.sessionId)).reverse());
    for (const connection of connections) {
      const caps = connection.capabilities;
      const refused = new Map<BookBreakpoint[], string>();
      for (const g of groups) {
        const missing = BreakpointSync.unsupported(caps, g[0]!);
        if (missing.length) refused.set(g, `not set: ${this.host.adapterName} does not support ${missing.join(', ')}, so it would stop at every pass instead`);
      }
      const sent = groups.filter((g) => !refused.has(g));
      for (const [g, why] of refused) this.record(connection, [g], [], why);
      const args: DebugProtocol.SetBreakpointsArguments = {
        source: { path: file },
        breakpoints: sent.map(([b]) => ({
          line: b!.line!,
          ...(b!.column ? { column: b!.column } : {}),
          condition: b!.condition,
          logMessage: b!.logMessage ? markLogMessage(b!.id, b!.logMessage) : undefined,
        })),
        lines: sent.map(([b]) => b!.line!),
      };
      const plan = this.held.plan(connection, file, args);
      if (plan.first) await this.host.send('setBreakpoints', plan.first, undefined, connection);
      await this.send(connection, sent, 'setBreakpoints', plan.args, file);
    }
  }

  /** The program was continued: a breakpoint held since a removal while paused goes now. */
  async releaseHeld(): Promise<void> {
    for (const connection of this.held.connections()) {
      if (connection.closed) continue;
      for (const file of this.held.files(connection)) await this.file(file, [connection]);
    }
  }

  async functions(connections: DapClient[]): Promise<void> {
    const bps = this.host.book.functions(this.host.sessionId);
    for (const connection of connections) {
      if (!connection.capabilities.supportsFunctionBreakpoints) {
        this.record(connection, bps.map((b) => [b]), [], `${this.host.adapterName} does not support function breakpoints`);
        continue;
      }
      // once more when a refusal named the one function the name means (an ambiguous short name)
      for (let round = 0; round < 2; round++) {
        await this.send(connection, bps.map((b) => [b]), 'setFunctionBreakpoints', {
          breakpoints: bps.map((b) => ({ name: this.functionNames.sent(b.function!), condition: b.condition })),
        });
        const bound = this.bindings.get(connection);
        const renamed = bps.filter((b) => {
          const x = bound?.get(b.id);
          return !!x && !x.verified && this.functionNames.learn(b.function!, x.message);
        });
        if (!renamed.length) break;
      }
    }
  }

  async data(connection: DapClient): Promise<void> {
    const bps = this.host.book.dataFor(this.host.sessionId);
    await this.send(connection, bps.map((b) => [b]), 'setDataBreakpoints', {
      breakpoints: bps.map((b) => ({ dataId: b.dataId!, accessType: b.accessType, condition: b.condition })),
    });
  }

  /** A `breakpoint` event: the adapter verified, moved or dropped one of them. */
  onEvent(from: DapClient, reason: string, bp: DebugProtocol.Breakpoint): void {
    if (bp.id === undefined || reason === 'removed') return;
    const book = this.byAdapterId(from, bp.id);
    if (!book) {
      let early = this.early.get(from);
      if (!early) this.early.set(from, (early = new Map()));
      early.set(bp.id, bp);
      return;
    }
    const mine = this.bindings.get(from)!;
    for (const [id, prev] of [...mine].filter(([, x]) => x.adapterId === bp.id)) {
      const b = this.host.book.get(id);
      if (!b) continue;
      mine.set(id, bindingOf(b, { ...bp, line: bp.line ?? prev.line }));
      this.merge(b);
    }
  }

  /** The gateway breakpoint an adapter id refers to, on one connection (the session's own first). */
  byAdapterId(connection: DapClient, adapterId: number): BookBreakpoint | undefined {
    const found = [...(this.bindings.get(connection) ?? [])].filter(([, x]) => x.adapterId === adapterId).flatMap(([id]) => this.host.book.get(id) ?? []);
    return found.find((b) => b.sessionId === this.host.sessionId) ?? found[0];
  }

  /**
   * Takes out of the target everything this session set there (breakpoints, logpoints, function
   * and data breakpoints, exception filters), for a detach: what was removed, and what could not be.
   */
  async clearTarget(): Promise<{ removed: string[]; left: string[] }> {
    const removed = new Set<string>();
    const left: string[] = [];
    for (const connection of this.host.connections()) {
      for (const [what, ids] of this.sent.get(connection) ?? []) {
        if (!ids.length && !this.held.has(connection, what)) continue;
        try {
          if (what === 'functions') await this.host.send('setFunctionBreakpoints', { breakpoints: [] }, undefined, connection);
          else if (what === 'data') await this.host.send('setDataBreakpoints', { breakpoints: [] }, undefined, connection);
          else await this.host.send('setBreakpoints', { source: { path: what }, breakpoints: [], lines: [] }, undefined, connection);
          ids.forEach((id) => removed.add(id));
          this.sent.get(connection)!.set(what, []);
          this.held.cleared(connection, what);
        } catch (e) {
          left.push(`${ids.join(', ')} (${(e as Error).message})`);
        }
      }
      if (this.exceptionFilters.length) {
        try {
          await this.host.send('setExceptionBreakpoints', { filters: [] }, undefined, connection);
        } catch (e) {
          left.push(`exception filters ${this.exceptionFilters.join(', ')} (${(e as Error).message})`);
        }
      }
    }
    const filters = this.exceptionFilters.length && !left.some((l) => l.startsWith('exception filters')) ? [`exception filters ${this.exceptionFilters.join(', ')}`] : [];
    return { removed: [...[...removed].sort(), ...filters], left };
  }

  forget(connection: DapClient): void {
    this.sent.delete(connection);
    this.held.forget(connection);
    this.bindings.delete(connection);
    this.early.delete(connection);
    this.unanswered.delete(connection);
  }

  /**
   * Which gateway breakpoints caused a stop (the adapter's hitBreakpointIds, else a data stop's
   * watches, else the line/function breakpoints bound where it stopped); counts their hits and
   * applies hit conditions (the gateway's, for every adapter alike, on this session's hits):
   * `resume` when none of them should stop on this hit. Removes the temporary ones that stop.
   * Returns their ids. Waits (bounded by their own timeouts) for breakpoint requests still
   * unanswered on that connection: their answers name the ids the stop may refer to.
   */
  async onStop(from: DapClient, body: DebugProtocol.StoppedEvent['body'], top: DebugProtocol.StackFrame | undefined): Promise<{ ids: string[]; resume: boolean }> {
    await Promise.all([...(this.unanswered.get(from) ?? []), this.retryUnsetFilters(from)]);
    const { book, sessionId } = this.host;
    let hit = (body.hitBreakpointIds ?? []).map((id) => this.byAdapterId(from, id)).filter((b): b is BookBreakpoint => !!b);
    if (hit.length === 0 && /data/i.test(body.reason)) hit = book.dataFor(sessionId);
    const path = top?.source?.path;
    if (hit.length === 0 && path && (body.reason === 'breakpoint' || body.reason === 'function breakpoint')) {
      hit = book
        .list()
        .filter((b) => appliesTo(b, sessionId) && b.bindings.get(sessionId)?.verified !== false)
        .filter((b) => (b.kind === 'line' ? samePath(b.file!, path) && (b.bindings.get(sessionId)?.line ?? b.line) === top.line : b.kind === 'function' && body.reason === 'function breakpoint'));
    }
    // a workspace breakpoint on the session's own line is the same adapter breakpoint: the stop is the session's own
    if (hit.some((b) => b.sessionId === sessionId)) hit = hit.filter((b) => b.sessionId === sessionId);
    hit = [...new Set(hit)];
    for (const b of hit) {
      b.hits++;
      this.sessionHits.set(b, (this.sessionHits.get(b) ?? 0) + 1);
    }
    const stopping = hit.filter((b) => !b.hitRule || hitConditionMet(b.hitRule, this.sessionHits.get(b)!));
    const resume = hit.length > 0 && stopping.length === 0 && /breakpoint|data/i.test(body.reason);
    if (!resume) for (const b of stopping) b.stops++;
    const temporary = stopping.filter((b) => b.temporary).map((b) => b.id);
    if (temporary.length) book.remove(temporary);
    return { ids: (resume ? hit : stopping).map((b) => b.id), resume };
  }

  /** Logpoint messages the adapter printed (found by their markers): one hit each. */
  countLogpointHits(ids: string[]): void {
    for (const id of ids) {
      const b = this.host.book.get(id);
      if (!b) continue;
      b.hits++;
      this.sessionHits.set(b, (this.sessionHits.get(b) ?? 0) + 1);
    }
  }

  /** Passes of `b` this session's gateway saw (see BookBreakpoint.hits for which passes those are). */
  hitsHere(b: BookBreakpoint): number {
    return this.sessionHits.get(b) ?? 0;
  }

  /** `groups`: per breakpoint sent, the gateway breakpoints it stands for (the first is the one sent). */
  private async send<C extends BreakpointCommand>(connection: DapClient, groups: BookBreakpoint[][], command: C, args: RequestMap[C]['args'], file?: string): Promise<void> {
    let sent = this.sent.get(connection);
    if (!sent) this.sent.set(connection, (sent = new Map()));
    sent.set(file ?? (command === 'setFunctionBreakpoints' ? 'functions' : 'data'), groups.flat().map((b) => b.id));
    let pending = this.unanswered.get(connection);
    if (!pending) this.unanswered.set(connection, (pending = new Set()));
    const answered = this.host.send(command, args, undefined, connection).then(
      (body) => this.record(connection, groups, body?.breakpoints ?? [], undefined, file),
      (e: Error) => this.record(connection, groups, [], e.message),
    );
    pending.add(answered);
    try {
      await answered;
    } finally {
      pending.delete(answered);
    }
  }

  private record(connection: DapClient, groups: BookBreakpoint[][], bound: DebugProtocol.Breakpoint[], error?: string, file?: string): void {
    let mine = this.bindings.get(connection);
    if (!mine) this.bindings.set(connection, (mine = new Map()));
    const early = this.early.get(connection);
    groups.forEach((group, i) => {
      const given = bound[i];
      const r = given?.id !== undefined && early?.has(given.id) ? { ...given, ...early.get(given.id)! } : given;
      if (r?.id !== undefined) early?.delete(r.id);
      for (const b of group) {
        mine!.set(b.id, r ? bindingOf(b, r, file) : { verified: false, message: error ?? 'the adapter returned no binding' });
        this.merge(b);
      }
    });
  }

  private merge(b: BookBreakpoint): void {
    const all = this.host.connections().map((c) => this.bindings.get(c)?.get(b.id)).filter((x): x is Binding => !!x);
    const best = all.find((x) => x.verified) ?? all[all.length - 1];
    if (best) b.bindings.set(this.host.sessionId, best);
  }
}

/**
 * How the adapter bound a breakpoint. One it reports in another source than the file it was set
 * in is not bound (a breakpoint binds only in its own source); its stops there are not its hits.
 */
function bindingOf(b: BookBreakpoint, r: DebugProtocol.Breakpoint, file = b.file): Binding {
  // another file's name, not merely another spelling of the same path (a mapped folder, a symlink, a case) or its compiled form (x.ts, x.js)
  const elsewhere = b.kind === 'line' && file && r.source?.path && stem(r.source.path) !== stem(file) ? r.source.path : undefined;
  if (elsewhere) return { verified: false, message: `the adapter placed it in another file (${elsewhere}${r.line ? `:${r.line}` : ''}), not in the one it was set in; not counted as bound` };
  return { verified: r.verified, line: r.line, message: r.message, adapterId: r.id };
}

function stem(path: string): string {
  return basename(path).replace(/\.[^.]*$/, '').toLowerCase();
}
