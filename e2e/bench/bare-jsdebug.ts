import type { DebugProtocol } from '@vscode/debugprotocol';
import { nextEvent } from './next-event.js';
import { meter, whereAndLocals, type Meter } from './meter.js';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { configDir } from '@dapgate/core';
import { connectTcp, freePort, killTree, spawnGroup, startAdapterProcess, waitForLine, type AdapterProcess, type DapConnection } from '@dapgate/dap';

export const jsDebugNoDelayPreload = join(configDir(), 'patches', 'jsdebug_dap_nodelay.cjs');
export const inspectorNoDelayPreload = join(configDir(), 'patches', 'node_inspector_nodelay.cjs');

/** Launch arguments with the debuggee's TCP_NODELAY preload (`on`) or without it (dapgate adds it to NODE_OPTIONS). */
export function withInspectorPreload(args: Record<string, unknown>, on: boolean): Record<string, unknown> {
  const env = { ...(args.env as Record<string, string> | undefined) };
  const others = (env.NODE_OPTIONS ?? '').replace(/--require\s+("[^"]*node_inspector_nodelay\.cjs"|\S*node_inspector_nodelay\.cjs)/g, '').trim();
  const options = on ? `${others} --require ${JSON.stringify(inspectorNoDelayPreload)}`.trim() : others;
  if (options) env.NODE_OPTIONS = options;
  else delete env.NODE_OPTIONS;
  return { ...args, env };
}

/** The Node baseline: a bare DAP client doing js-debug's parent/child dance itself. */
export class BareJsDebug {
  private readonly connections: DapConnection[] = [];
  /** Programs started for js-debug's runInTerminal (what a client does for `console: integratedTerminal`). */
  private readonly terminals: ChildProcess[] = [];
  /** The child connection where the program stopped, and its thread. */
  stoppedIn?: { connection: DapConnection; threadId: number };
  private constructor(readonly adapter: AdapterProcess, readonly port: number, private readonly m?: Meter) {}

  /** `noDelay`: js-debug's DAP server with dapgate's TCP_NODELAY preload, as dapgate starts it (node.json). */
  static async start(node: string, server: string, m?: Meter, noDelay = true): Promise<BareJsDebug> {
    const port = await freePort();
    const preload = noDelay ? ['--require', jsDebugNoDelayPreload] : [];
    // BENCH_JSDEBUG_NODE_ARGS: node flags for js-debug's own process (e.g. --cpu-prof)
    const extra = (process.env.BENCH_JSDEBUG_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const adapter = startAdapterProcess(node, [...extra, ...preload, server, String(port), '127.0.0.1']);
    await waitForLine(adapter.child.stdout!, /Debug server listening at/, 15_000);
    return new BareJsDebug(adapter, port, m);
  }

  /** launch -> startDebugging -> child: breakpoints -> stopped -> stack + locals */
  async launchToBreakpoint(launchArgs: Record<string, unknown>, file: string, line: number, timeoutMs = 30_000): Promise<{ frameId: number; line: number; locals: Record<string, string> }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no stop at ${file}:${line} within ${timeoutMs} ms`)), timeoutMs);
      const settle = <T>(f: (x: T) => void) => (x: T) => {
        clearTimeout(timer);
        f(x);
      };
      const parent = this.open();
      parent
        .then(async (c) => {
          c.onReverseRequest('runInTerminal', (args: DebugProtocol.RunInTerminalRequestArguments) => this.runInTerminal(args));
          c.onReverseRequest('startDebugging', (args: DebugProtocol.StartDebuggingRequestArguments) => {
            void this.child(args, file, line).then(settle(resolve), settle(reject));
            return {};
          });
          await this.configure(c, 'launch', launchArgs);
        })
        .catch(settle(reject));
    });
  }

  /** Starts the program js-debug asks for, without a shell, as dapgate does; ended by close(). */
  private runInTerminal(args: DebugProtocol.RunInTerminalRequestArguments): DebugProtocol.RunInTerminalResponse['body'] {
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const [k, v] of Object.entries(args.env ?? {})) {
      if (v === null || v === undefined) delete env[k];
      else env[k] = v;
    }
    const [command, ...rest] = args.args;
    const child = spawnGroup(command!, rest, { cwd: args.cwd || undefined, env });
    child.stdin?.end();
    child.stdout?.resume();
    child.stderr?.resume();
    this.terminals.push(child);
    return { processId: child.pid };
  }

  private async open(): Promise<DapConnection> {
    const { connection } = await connectTcp('127.0.0.1', this.port, { waitMs: 5_000 });
    if (this.m) meter(connection, this.m);
    this.connections.push(connection);
    return connection;
  }

  private async configure(c: DapConnection, request: string, args: unknown, bp?: { file: string; line: number }): Promise<void> {
    const initialized = nextEvent(c, 'initialized');
    await c.request('initialize', { adapterID: 'pwa-node', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path', supportsStartDebuggingRequest: true });
    const sent = c.request(request, args, { timeoutMs: 30_000 });
    sent.catch(() => undefined);
    await initialized;
    if (bp) await c.request('setBreakpoints', { source: { path: bp.file }, breakpoints: [{ line: bp.line }] });
    await c.request('configurationDone');
    await sent;
  }

  private async child(args: DebugProtocol.StartDebuggingRequestArguments, file: string, line: number): Promise<{ frameId: number; line: number; locals: Record<string, string> }> {
    const c = await this.open();
    const stopped = nextEvent(c, 'stopped');
    await this.configure(c, args.request, args.configuration, { file, line });
    const e = (await stopped) as DebugProtocol.StoppedEvent;
    if (this.m) this.m.chars += JSON.stringify(e.body).length;
    this.stoppedIn = { connection: c, threadId: e.body.threadId! };
    return whereAndLocals(c, e.body.threadId!);
  }

  /** The programs started for runInTerminal. */
  terminalPids(): number[] {
    return this.terminals.flatMap((t) => (t.pid ? [t.pid] : []));
  }

  async close(): Promise<void> {
    for (const c of this.connections.reverse()) {
      await c.request('disconnect', { terminateDebuggee: true }, { timeoutMs: 3_000 }).catch(() => undefined);
      c.close('bench done');
    }
    for (const t of this.terminals) if (t.exitCode === null && t.signalCode === null) killTree(t.pid);
    await this.adapter.kill();
  }
}
