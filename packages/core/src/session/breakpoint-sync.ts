import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapConnection } from '@dapgate/dap';
import type { Binding, BookBreakpoint, BreakpointBook } from '../breakpoints/book.js';

/** What the sync needs from its session. */
export interface SyncHost {
  readonly sessionId: string;
  readonly adapterName: string;
  readonly book: BreakpointBook;
  /** Every connection of the session (adapter, then children). */
  connections(): DapConnection[];
  capabilitiesOf(connection: DapConnection): DebugProtocol.Capabilities;
  request<R extends DebugProtocol.Response>(command: string, args: unknown, connection: DapConnection): Promise<R>;
}

/**
 * Sends the gateway's breakpoints to a session's connections and keeps how each bound, per
 * connection; the book shows a breakpoint as verified when any connection verified it.
 */
export class BreakpointSync {
  private readonly bindings = new Map<DapConnection, Map<string, Binding>>();
  /** `breakpoint` events that arrived before the response naming their ids. */
  private readonly early = new Map<DapConnection, Map<number, DebugProtocol.Breakpoint>>();

  constructor(private readonly host: SyncHost) {}

  async file(file: string, connections: DapConnection[]): Promise<void> {
    const bps = this.host.book.forFile(file);
    for (const connection of connections) {
      const caps = this.host.capabilitiesOf(connection);
      const args: DebugProtocol.SetBreakpointsArguments = {
        source: { path: file },
        breakpoints: bps.map((b) => ({
          line: b.line!,
          condition: caps.supportsConditionalBreakpoints ? b.condition : undefined,
          hitCondition: caps.supportsHitConditionalBreakpoints ? b.hitCondition : undefined,
          logMessage: caps.supportsLogPoints ? b.logMessage : undefined,
        })),
        lines: bps.map((b) => b.line!),
      };
      await this.send(connection, bps, 'setBreakpoints', args);
    }
  }

  async functions(connections: DapConnection[]): Promise<void> {
    const bps = this.host.book.functions();
    for (const connection of connections) {
      if (!this.host.capabilitiesOf(connection).supportsFunctionBreakpoints) {
        this.record(connection, bps, [], `${this.host.adapterName} does not support function breakpoints`);
        continue;
      }
      await this.send(connection, bps, 'setFunctionBreakpoints', {
        breakpoints: bps.map((b) => ({ name: b.function!, condition: b.condition, hitCondition: b.hitCondition })),
      });
    }
  }

  async data(connection: DapConnection): Promise<void> {
    const bps = this.host.book.dataFor(this.host.sessionId);
    await this.send(connection, bps, 'setDataBreakpoints', {
      breakpoints: bps.map((b) => ({ dataId: b.dataId!, accessType: b.accessType, condition: b.condition, hitCondition: b.hitCondition })),
    });
  }

  /** A `breakpoint` event: the adapter verified, moved or dropped one of them. */
  onEvent(from: DapConnection, reason: string, bp: DebugProtocol.Breakpoint): void {
    if (bp.id === undefined || reason === 'removed') return;
    const book = this.byAdapterId(from, bp.id);
    if (!book) {
      let early = this.early.get(from);
      if (!early) this.early.set(from, (early = new Map()));
      early.set(bp.id, bp);
      return;
    }
    const mine = this.bindings.get(from)!;
    const prev = mine.get(book.id);
    mine.set(book.id, { ...prev, verified: bp.verified, line: bp.line ?? prev?.line, message: bp.message, adapterId: bp.id });
    this.merge(book);
  }

  /** The gateway breakpoint an adapter id refers to, on one connection. */
  byAdapterId(connection: DapConnection, adapterId: number): BookBreakpoint | undefined {
    for (const [id, binding] of this.bindings.get(connection) ?? []) if (binding.adapterId === adapterId) return this.host.book.get(id);
    return undefined;
  }

  forget(connection: DapConnection): void {
    this.bindings.delete(connection);
    this.early.delete(connection);
  }

  private async send(connection: DapConnection, bps: BookBreakpoint[], command: string, args: unknown): Promise<void> {
    try {
      const r = await this.host.request<DebugProtocol.SetBreakpointsResponse>(command, args, connection);
      this.record(connection, bps, r.body?.breakpoints ?? []);
    } catch (e) {
      this.record(connection, bps, [], (e as Error).message);
    }
  }

  private record(connection: DapConnection, bps: BookBreakpoint[], bound: DebugProtocol.Breakpoint[], error?: string): void {
    let mine = this.bindings.get(connection);
    if (!mine) this.bindings.set(connection, (mine = new Map()));
    const early = this.early.get(connection);
    bps.forEach((b, i) => {
      const given = bound[i];
      const r = given?.id !== undefined && early?.has(given.id) ? { ...given, ...early.get(given.id)! } : given;
      if (r?.id !== undefined) early?.delete(r.id);
      mine!.set(b.id, r ? { verified: r.verified, line: r.line, message: r.message, adapterId: r.id } : { verified: false, message: error ?? 'the adapter returned no binding' });
      this.merge(b);
    });
  }

  private merge(b: BookBreakpoint): void {
    const all = this.host.connections().map((c) => this.bindings.get(c)?.get(b.id)).filter((x): x is Binding => !!x);
    const best = all.find((x) => x.verified) ?? all[all.length - 1];
    if (best) b.bindings.set(this.host.sessionId, best);
  }
}
