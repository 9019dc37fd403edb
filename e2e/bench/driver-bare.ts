import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapConnection } from '@dapgate/dap';
import { BareDebugpy } from './bare-dap.js';
import { BareJsDebug, withInspectorPreload } from './bare-jsdebug.js';
import { nextEvent } from './next-event.js';
import { whereAndLocals, type Meter } from './meter.js';
import type { Driver, Stop } from './driver.js';

/** Steps and evaluates on a stopped DAP connection; counts the stopped events it reads. */
export abstract class BareDriver implements Driver {
  name = 'bare DAP';
  readonly m: Meter = { calls: 0, chars: 0 };
  protected where?: { connection: DapConnection; threadId: number; frameId: number };
  get calls() {
    return this.m.calls;
  }
  get chars() {
    return this.m.chars;
  }
  abstract firstStop(program: string, line: number): Promise<Stop>;
  abstract stop(): Promise<void>;

  async step(): Promise<Stop> {
    const { connection, threadId } = this.where!;
    const stopped = nextEvent(connection, 'stopped');
    await connection.request('next', { threadId });
    this.m.chars += JSON.stringify((await stopped).body).length;
    const w = await whereAndLocals(connection, threadId);
    this.where!.frameId = w.frameId;
    return w;
  }

  async evaluate(expression: string): Promise<string> {
    const { connection, frameId } = this.where!;
    const r = await connection.request('evaluate', { expression, frameId, context: 'repl' });
    return (r.body as DebugProtocol.EvaluateResponse['body']).result;
  }
}

export class BarePythonDriver extends BareDriver {
  private client?: BareDebugpy;
  constructor(
    private readonly adapterPython: string,
    private readonly debuggeePython: string,
  ) {
    super();
  }

  async firstStop(program: string, line: number): Promise<Stop> {
    this.client = BareDebugpy.start(this.adapterPython, this.m);
    const e = await this.client.launch(this.debuggeePython, program, line);
    this.m.chars += JSON.stringify(e.body).length;
    const threadId = e.body.threadId ?? 1;
    const w = await whereAndLocals(this.client.connection, threadId);
    this.where = { connection: this.client.connection, threadId, frameId: w.frameId };
    return w;
  }

  async stop(): Promise<void> {
    await this.client?.close();
    this.client = undefined;
  }
}

/** `noDelay`: with dapgate's TCP_NODELAY preloads in js-debug and the debuggee, as dapgate runs them; without: js-debug as shipped. */
export class BareNodeDriver extends BareDriver {
  private client?: BareJsDebug;
  constructor(
    private readonly node: string,
    private readonly server: string,
    private readonly launchArgs: Record<string, unknown>,
    private readonly noDelay = true,
  ) {
    super();
    if (!noDelay) this.name = 'bare DAP, no NODELAY preloads';
  }

  async firstStop(program: string, line: number): Promise<Stop> {
    this.client = await BareJsDebug.start(this.node, this.server, this.m, this.noDelay);
    const w = await this.client.launchToBreakpoint(withInspectorPreload({ ...this.launchArgs, program }, this.noDelay), program, line);
    this.where = { ...this.client.stoppedIn!, frameId: w.frameId };
    return w;
  }

  async stop(): Promise<void> {
    await this.client?.close();
    this.client = undefined;
  }
}
