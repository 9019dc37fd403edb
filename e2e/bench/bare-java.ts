import type { DebugProtocol } from '@vscode/debugprotocol';
import { nextEvent } from './next-event.js';
import { startStdioAdapter, type DapConnection, type AdapterProcess } from '@dapgate/dap';

/** The Java baseline: a bare DAP client driving the same java-debug host jar directly. */
export class BareJava {
  private constructor(
    readonly connection: DapConnection,
    readonly adapter: AdapterProcess,
  ) {}

  static start(java: string, hostJar: string): BareJava {
    const { connection, adapter } = startStdioAdapter(java, ['-jar', hostJar]);
    return new BareJava(connection, adapter);
  }

  /** initialize -> launch/attach -> initialized -> setBreakpoints -> configurationDone -> stopped -> stack + locals */
  async toBreakpoint(request: 'launch' | 'attach', args: Record<string, unknown>, file: string, line: number, condition?: string): Promise<void> {
    const initialized = this.next('initialized');
    const stopped = this.next('stopped');
    await this.connection.request('initialize', { adapterID: 'java', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' }, { timeoutMs: 30_000 });
    const sent = this.connection.request(request, args, { timeoutMs: 30_000 });
    await initialized;
    await this.connection.request('setBreakpoints', { source: { path: file }, breakpoints: [{ line, condition }] });
    await this.connection.request('configurationDone');
    await sent;
    const e = (await stopped) as DebugProtocol.StoppedEvent;
    const st = (await this.connection.request('stackTrace', { threadId: e.body.threadId, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
    const sc = (await this.connection.request('scopes', { frameId: st.stackFrames[0]!.id })).body as DebugProtocol.ScopesResponse['body'];
    await this.connection.request('variables', { variablesReference: sc.scopes[0]!.variablesReference });
  }

  next(event: string): Promise<DebugProtocol.Event> {
    return nextEvent(this.connection, event);
  }

  async close(terminate: boolean): Promise<void> {
    await this.connection.request('disconnect', { terminateDebuggee: terminate }, { timeoutMs: 3_000 }).catch(() => undefined);
    this.connection.close('bench done');
    await this.adapter.kill();
  }
}
