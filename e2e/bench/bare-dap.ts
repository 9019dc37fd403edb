import type { DebugProtocol } from '@vscode/debugprotocol';
import { nextEvent } from './next-event.js';
import { meter, whereAndLocals, type Meter } from './meter.js';
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

  /** `python` runs the adapter. With a meter, every request and answer is counted. */
  static start(python: string, m?: Meter): BareDebugpy {
    const { connection, adapter } = startStdioAdapter(python, ['-m', 'debugpy.adapter'], { env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' } });
    if (m) meter(connection, m);
    return new BareDebugpy(connection, adapter);
  }

  /** `debuggeePython` runs the program (the same one dapgate picked); resolves with the stopped event. */
  async launch(debuggePython: string, program: string, line: number, condition?: string): Promise<DebugProtocol.StoppedEvent> {
    const { connection } = this;
    const initialized = this.next('initialized');
    const stopped = this.next('stopped');
    await connection.request('initialize', { adapterID: 'python', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const launch = connection.request('launch', { type: 'python', request: 'launch', program, python: debuggePython, console: 'internalConsole', justMyCode: true }, { timeoutMs: 30_000 });
    await initialized;
    await connection.request('setBreakpoints', { source: { path: program }, breakpoints: [{ line, condition }] });
    await connection.request('configurationDone');
    await launch;
    return (await stopped) as DebugProtocol.StoppedEvent;
  }

  static async launchToBreakpoint(
    python: string,
    debuggeePython: string,
    program: string,
    line: number,
    condition?: string,
  ): Promise<{ client: BareDebugpy; threadId: number }> {
    const client = BareDebugpy.start(python);
    const e = await client.launch(debuggeePython, program, line, condition);
    const threadId = e.body.threadId ?? 1;
    await client.whereAndLocals(threadId);
    return { client, threadId };
  }

  /** What an agent needs at a stop (and what dapgate shows): top frames and the locals. */
  async whereAndLocals(threadId: number): Promise<number> {
    return (await whereAndLocals(this.connection, threadId)).frameId;
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
