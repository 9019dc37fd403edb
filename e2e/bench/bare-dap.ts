import type { DebugProtocol } from '@vscode/debugprotocol';
import { nextEvent } from './next-event.js';
import { startStdioAdapter, type DapConnection, type AdapterProcess } from '@dapgate/dap';

/**
 * The baseline: a bare DAP client driving debugpy directly, doing only what DAP requires to stop
 * at a breakpoint — no profiles, no gateway, no MCP.
 */
export class BareDebugpy {
  private constructor(
    readonly connection: DapConnection,
    readonly adapter: AdapterProcess,
  ) {}

  /** `python` runs the adapter; `debuggeePython` the program (the same one dapgate picked). */
  static async launchToBreakpoint(
    python: string,
    debuggeePython: string,
    program: string,
    line: number,
    condition?: string,
  ): Promise<{ client: BareDebugpy; threadId: number }> {
    const { connection, adapter } = startStdioAdapter(python, ['-m', 'debugpy.adapter'], { env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' } });
    const client = new BareDebugpy(connection, adapter);
    const initialized = client.next('initialized');
    const stopped = client.next('stopped');
    await connection.request('initialize', { adapterID: 'python', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const launch = connection.request('launch', { type: 'python', request: 'launch', program, python: debuggeePython, console: 'internalConsole', justMyCode: true }, { timeoutMs: 30_000 });
    await initialized;
    await connection.request('setBreakpoints', { source: { path: program }, breakpoints: [{ line, condition }] });
    await connection.request('configurationDone');
    await launch;
    const e = (await stopped) as DebugProtocol.StoppedEvent;
    const threadId = e.body.threadId ?? 1;
    await client.whereAndLocals(threadId);
    return { client, threadId };
  }

  /** What an agent needs at a stop (and what dapgate shows): top frames and the locals. */
  async whereAndLocals(threadId: number): Promise<number> {
    const st = (await this.connection.request('stackTrace', { threadId, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
    const frameId = st.stackFrames[0]!.id;
    const sc = (await this.connection.request('scopes', { frameId })).body as DebugProtocol.ScopesResponse['body'];
    await this.connection.request('variables', { variablesReference: sc.scopes[0]!.variablesReference });
    return frameId;
  }

  next(event: string): Promise<DebugProtocol.Event> {
    return nextEvent(this.connection, event);
  }

  async close(): Promise<void> {
    await this.connection.request('disconnect', { terminateDebuggee: true }, { timeoutMs: 3_000 }).catch(() => undefined);
    this.connection.close('bench done');
    await this.adapter.kill();
  }
}
