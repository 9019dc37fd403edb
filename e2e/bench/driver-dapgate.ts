import type { Gateway } from '../support/gateway.js';
import type { Driver, Stop } from './driver.js';

/** dapgate over MCP: one tool call per phase; characters are the text the agent reads. */
export class DapgateDriver implements Driver {
  readonly name = 'dapgate';
  calls = 0;
  chars = 0;
  private sessionId?: string;
  constructor(private readonly g: Gateway) {}

  private async call(name: string, args: Record<string, unknown>) {
    this.calls++;
    const r = await this.g.ok(name, args);
    this.chars += r.text.length;
    return r;
  }

  async firstStop(program: string, line: number): Promise<Stop> {
    const r = await this.call('debug_launch', { program, breakpoints: [{ file: program, line }] });
    this.sessionId = r.structured.sessionId;
    return { line: r.structured.stop?.line, locals: r.structured.locals ?? {} };
  }

  async step(): Promise<Stop> {
    const r = await this.call('debug_step', { sessionId: this.sessionId, kind: 'over' });
    return { line: r.structured.stop?.line, locals: r.structured.locals ?? {} };
  }

  async evaluate(expression: string): Promise<string> {
    return (await this.call('debug_evaluate', { sessionId: this.sessionId, expression })).structured.result;
  }

  async stop(): Promise<void> {
    if (this.sessionId) await this.call('debug_stop', { sessionId: this.sessionId });
    this.sessionId = undefined;
    // launch breakpoints stay in dapgate's gateway-wide list; the next run starts clean (not counted)
    await this.g.ok('debug_breakpoint_remove', { all: true });
  }
}
