import type { DebugProtocol } from '@vscode/debugprotocol';
import type { ChildProcess } from 'node:child_process';
import { connectTcp, freePort, killGroup, spawnGroup, startAdapterProcess, startStdioAdapter, waitForLine, type AdapterProcess, type DapConnection } from '@dapgate/dap';
import type { Profile } from '@dapgate/core';
import { BareDriver } from './driver-bare.js';
import { meter, whereAndLocals } from './meter.js';
import { nextEvent } from './next-event.js';
import type { Stop } from './driver.js';

/** What dapgate ran and sent for one session (from debug_diagnose), replayed by the bare client. */
export interface BareAdapterSpec {
  profile: Profile;
  /** The adapter's command line; `${port}` is replaced by a free port for tcp-listen adapters. */
  command: string[];
  cwd?: string;
  launchArgs: Record<string, unknown>;
  /** The entry breakpoint's condition, so the bare client stops at the same call as the trace. */
  condition?: string;
}

/** A build (delve's `mode: debug`) or a JVM start can take a while on a loaded machine. */
const LAUNCH_MS = 180_000;

/**
 * The baseline for adapters that need nothing but DAP between launch and the first stop (delve,
 * lldb-dap, the java-debug host): the same adapter command, the same launch arguments, a line
 * breakpoint, then the same steps as every bare driver. No profiles logic, no gateway, no MCP.
 */
export class BareAdapterDriver extends BareDriver {
  private adapter?: AdapterProcess;
  private connection?: DapConnection;
  /** Programs the adapter asked this client to start (`runInTerminal`, for `console: integratedTerminal`), as dapgate does. */
  private terminals: ChildProcess[] = [];

  constructor(private readonly spec: BareAdapterSpec) {
    super();
  }

  async firstStop(file: string, line: number): Promise<Stop> {
    const c = await this.connect();
    meter(c, this.m);
    c.onReverseRequest('runInTerminal', (args: DebugProtocol.RunInTerminalRequestArguments) => this.runInTerminal(args));
    const initialized = nextEvent(c, 'initialized', LAUNCH_MS);
    const stopped = nextEvent(c, 'stopped', LAUNCH_MS);
    // observed here so an early failure cannot leave them rejecting unhandled
    initialized.catch(() => undefined);
    stopped.catch(() => undefined);
    await c.request('initialize', { adapterID: this.spec.profile.adapterId, linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' }, { timeoutMs: 30_000 });
    const launched = c.request('launch', this.spec.launchArgs, { timeoutMs: LAUNCH_MS });
    launched.catch(() => undefined);
    await initialized;
    await c.request('setBreakpoints', { source: { path: file }, breakpoints: [{ line, condition: this.spec.condition }] });
    await c.request('configurationDone');
    await launched;
    const e = (await stopped) as DebugProtocol.StoppedEvent;
    this.m.chars += JSON.stringify(e.body).length;
    const threadId = e.body.threadId ?? 1;
    const w = await whereAndLocals(c, threadId);
    this.where = { connection: c, threadId, frameId: w.frameId };
    return w;
  }

  async stop(): Promise<void> {
    await this.connection?.request('disconnect', { terminateDebuggee: true }, { timeoutMs: 3_000 }).catch(() => undefined);
    this.connection?.close('bench done');
    await this.adapter?.kill();
    for (const t of this.terminals) if (t.pid) killGroup(t.pid);
    this.terminals = [];
    this.connection = undefined;
    this.adapter = undefined;
  }

  /** Starts the program without a shell, its output drained, as dapgate's debuggee does; ended by stop(). */
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

  private async connect(): Promise<DapConnection> {
    const { profile, cwd } = this.spec;
    const [command, ...args] = this.spec.command;
    if (profile.adapter.transport === 'stdio') {
      const started = startStdioAdapter(command!, args, { cwd });
      this.adapter = started.adapter;
      return (this.connection = started.connection);
    }
    if (profile.adapter.transport !== 'tcp-listen') throw new Error(`bare client: transport ${profile.adapter.transport} is not driven here`);
    const port = await freePort();
    this.adapter = startAdapterProcess(command!, args.map((a) => a.replace('${port}', String(port))), { cwd });
    await waitForLine(this.adapter.child.stdout!, new RegExp(profile.adapter.listenPattern ?? '.'), 30_000);
    return (this.connection = (await connectTcp('127.0.0.1', port, { waitMs: 10_000 })).connection);
  }
}
