import { EventEmitter } from 'node:events';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { killGroup, killTree, type AdapterProcess } from '@dapgate/dap';
import { TerminalDebuggee, type ProcessEnd } from './debuggee.js';
import { DapClient } from './dap-client.js';
import { boundedOnce } from '../bounded-wait.js';
import { connectChild, launchAdapter, type AdapterSpec } from './adapter-launcher.js';

/** What the connections report to, and need from, their session. */
export interface ConnectionsHost {
  onEvent(e: DebugProtocol.Event, from: DapClient): void;
  /** The adapter's own connection closed. */
  onMainClosed(reason: string): void;
  /** A child connection closed (it is already removed). */
  onChildClosed(client: DapClient): void;
  /** The current adapter process exited. */
  onAdapterExit(): void;
  /** The adapter's connection has sent `initialized`: the session is configuring. */
  onConfiguring(): void;
  /** Between `initialized` and `configurationDone`: breakpoints and exception filters. */
  prepare(client: DapClient, timeoutMs: number): Promise<void>;
  /** The program the gateway started for the adapter (the first runInTerminal) has exited. */
  onProgramProcessEnd(end: ProcessEnd): void;
  /** Output of a program the gateway started for the adapter (runInTerminal). */
  onOutput(category: string, text: string): void;
  logEvent(type: string, summary: string): void;
  log(type: string, summary: string): void;
}

/** How long a target that dapgate connects to directly (debugpy --listen) may take to answer `initialize`. */
const TARGET_INITIALIZE_MS = 10_000;
/** How often an attach pauses a program that something else keeps resuming before it gives up. */
const MAX_RUNNING_REFUSALS = 2;
const PAUSE_TO_CONFIGURE_MS = 5_000;

/**
 * A session's connections: the adapter's (or the debuggee's, for targets serving DAP), and the
 * child sessions an adapter asks for with startDebugging (js-debug: one per debugged process),
 * each a DapClient configured the same way. Also the adapter process, kept after the end for
 * diagnostics.
 */
export class SessionConnections {
  main: DapClient | undefined;
  /** Child connections, oldest first; the first is where the program runs. */
  readonly children: DapClient[] = [];
  /** What each child target is, as the adapter named it (kept after it ends, for the report). */
  private readonly names = new WeakMap<DapClient, string>();
  private childCount = 0;
  adapter: AdapterProcess | undefined;
  lastMain: DapClient | undefined;
  lastAdapter: AdapterProcess | undefined;
  /** Connections between initialize and the end of their first breakpoint sync. */
  private readonly configuring = new Set<DapClient>();
  private readonly childEvents = new EventEmitter();
  private adapterPort: number | undefined;
  /** The adapter process serves other sessions too (a shared server): ending this session leaves it running. */
  private sharedAdapter = false;
  /** Programs the gateway started because the adapter asked (runInTerminal). */
  private readonly debuggees: TerminalDebuggee[] = [];
  /** Stops watching the adapter's exit: a shared adapter must not keep an ended session reachable. */
  private unwatchAdapter: () => void = () => undefined;

  constructor(
    private readonly spec: AdapterSpec & { adapterId: string; adapterName: string; childSessions: boolean },
    private readonly host: ConnectionsHost,
  ) {}

  get adapterPid(): number | undefined {
    return (this.adapter ?? this.lastAdapter)?.pid;
  }

  stderrTail(lines: number): string {
    return (this.adapter ?? this.lastAdapter)?.stderr.lines(lines) ?? '';
  }

  diagnostics() {
    const connection = (this.main ?? this.lastMain)?.connection;
    const adapter = this.adapter ?? this.lastAdapter;
    return {
      pendingRequests: connection?.pendingRequests() ?? [],
      traffic: connection?.traffic.recent() ?? [],
      adapterExit: adapter && !adapter.running ? adapter.describeExit() : undefined,
    };
  }

  /** The program the gateway started for the adapter, if it did (runInTerminal). */
  programProcess(): TerminalDebuggee | undefined {
    return this.debuggees[0];
  }

  killDebuggees(): void {
    for (const d of this.debuggees) d.kill();
    for (const pid of this.programPids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
    this.programPids.clear();
  }

  /**
   * Programs the adapter reported launching (`process` event), ended with the debuggees if still
   * there: delve runs its program in a process group of its own, which ending delve's misses.
   */
  private readonly programPids = new Set<number>();

  noteProgramPid(pid: number): void {
    this.programPids.add(pid);
  }

  /** The program exited: its pid may be reused, so it is never signalled. */
  forgetProgramPids(): void {
    this.programPids.clear();
  }

  /** Synchronous last resort: the adapter's process group and (if asked) the programs started for it. */
  killNow(debuggees: boolean): void {
    for (const adapter of [this.adapter, this.lastAdapter]) {
      if (!adapter?.pid || this.sharedAdapter) continue;
      if (adapter.running) killTree(adapter.pid);
      else killGroup(adapter.pid); // its leader is gone; what it started may not be
    }
    if (debuggees) this.killDebuggees();
  }

  /** `target 2 (worker.js [worker 1])`: a child target as answers name it; the adapter's own connection is `the program`. */
  nameOf(client: DapClient): string {
    return this.names.get(client) ?? 'the program';
  }

  all(): DapClient[] {
    return [...(this.main ? [this.main] : []), ...this.children];
  }

  /** Connections that can take breakpoint changes now (not still being configured). */
  ready(): DapClient[] {
    return this.all().filter((c) => !this.configuring.has(c));
  }

  /** The connection of the program (the first child if there are children). */
  program(): DapClient | undefined {
    return this.children[0] ?? this.main;
  }

  /** Reaches the adapter, configures it and sends launch/attach; for child-session adapters, waits for the first child. */
  async establish(request: 'launch' | 'attach', args: Record<string, unknown>, timeoutMs: number): Promise<void> {
    const { connection, port, capabilities, earlyEvents, shared } = await launchAdapter(this.spec, (adapter) => {
      this.adapter = adapter;
      this.unwatchAdapter();
      this.unwatchAdapter = adapter.onExit(() => {
        if (adapter === this.adapter) this.host.onAdapterExit();
      });
    });
    this.adapterPort = port;
    this.sharedAdapter = shared;
    const client = new DapClient(connection, this.spec.adapterName);
    this.main = client;
    this.wire(client);
    await this.configure(client, request, args, timeoutMs, { capabilities, earlyEvents });
    if (this.spec.childSessions) await this.firstChildConfigured(timeoutMs);
  }

  /** DAP `terminate` where the adapter offers it (bounded); a disconnect with terminateDebuggee follows. */
  async requestTerminate(): Promise<void> {
    if (this.main?.supports('terminate')) await this.main.request('terminate', {}, { timeoutMs: 3_000 }).catch(() => undefined);
  }

  /** Disconnects every connection (bounded), closes them and ends the adapter process. */
  async drop(terminate: boolean): Promise<void> {
    const disconnect = async (c: DapClient) => {
      await c.request('disconnect', { terminateDebuggee: terminate, restart: false }, { timeoutMs: 3_000 }).catch(() => undefined);
      c.close('session ended');
    };
    await Promise.all(this.children.splice(0).map(disconnect));
    const main = this.main;
    const adapter = this.adapter;
    this.main = undefined;
    this.adapter = undefined;
    this.lastAdapter = adapter ?? this.lastAdapter;
    this.lastMain = main ?? this.lastMain;
    this.unwatchAdapter();
    if (main && !main.closed) await disconnect(main);
    if (!this.sharedAdapter) await adapter?.kill();
  }

  /**
   * initialize -> launch/attach (not awaited: some adapters answer only after configurationDone)
   * -> `initialized` -> breakpoints and exception filters -> configurationDone -> the response.
   * A warm adapter from the pool may have been initialized ahead: its answer and the events it
   * sent since then stand in for the initialize round trip.
   */
  private async configure(
    client: DapClient,
    request: 'launch' | 'attach',
    args: Record<string, unknown>,
    timeoutMs: number,
    ahead: { capabilities?: DebugProtocol.Capabilities; earlyEvents: DebugProtocol.Event[] } = { earlyEvents: [] },
  ): Promise<void> {
    // Listen before sending initialize: adapters may send `initialized` right behind its response.
    const initialized: Promise<unknown> = ahead.earlyEvents.some((e) => e.event === 'initialized') ? Promise.resolve() : client.nextEvent('initialized', timeoutMs);
    initialized.catch(() => undefined);
    this.configuring.add(client);
    for (const e of ahead.earlyEvents) this.host.onEvent(e, client);
    if (ahead.capabilities) client.capabilities = { ...ahead.capabilities, ...client.capabilities };
    // a debug server answers initialize at once; a port that stays silent is something else, said in seconds, not the whole start timeout
    else await client.initialize(this.spec.adapterId, { timeoutMs: this.spec.targetAddress ? Math.min(timeoutMs, TARGET_INITIALIZE_MS) : timeoutMs });
    const sent = client.request(request, args, { timeoutMs });
    sent.catch(() => undefined); // observed below; avoid an unhandled rejection while configuring
    await Promise.race([initialized, sent.then(() => initialized)]);
    if (client === this.main) this.host.onConfiguring();
    await this.host.prepare(client, timeoutMs);
    this.configuring.delete(client);
    if (client.supports('configurationDone')) await this.configurationDone(client, request, timeoutMs);
    await sent;
  }

  /** configurationDone; refused because something else resumed the attached program, it is paused and sent again (twice at most). */
  private async configurationDone(client: DapClient, request: 'launch' | 'attach', timeoutMs: number): Promise<void> {
    const refused = request === 'attach' ? this.spec.profile.attach?.refusedWhileRunning : undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        await client.request('configurationDone', {}, { timeoutMs });
        return;
      } catch (e) {
        if (!refused || attempt > MAX_RUNNING_REFUSALS || !new RegExp(refused).test((e as Error).message)) throw e;
        this.host.log('attach', `${this.spec.adapterName} refused configurationDone as the program runs (another client resumed it): pausing it, then configuring again`);
        await client.request('pause', { threadId: 1 }, { timeoutMs: Math.min(timeoutMs, PAUSE_TO_CONFIGURE_MS) });
      }
    }
  }

  /** Waits (bounded) until the adapter's first child session is configured: the program is attached then. */
  private async firstChildConfigured(timeoutMs: number): Promise<void> {
    if (this.children.length > 0 && !this.children.some((c) => this.configuring.has(c))) return;
    const r = await boundedOnce(this.childEvents, 'configured', { timeoutMs });
    if (r.outcome !== 'done') this.host.log('child', `no child session was configured within ${timeoutMs} ms`);
  }

  /** A new connection to the same adapter, configured like the first. The agent still sees one session. */
  private async openChild(args: DebugProtocol.StartDebuggingRequestArguments): Promise<void> {
    const client = new DapClient(await connectChild(this.adapterPort, this.spec.requestTimeoutMs), this.spec.adapterName);
    this.children.push(client);
    const n = ++this.childCount;
    const given = typeof args.configuration.name === 'string' ? args.configuration.name : undefined;
    this.names.set(client, `target ${n}${given ? ` (${given})` : ''}`);
    this.wire(client);
    this.host.log('child', `${this.nameOf(client)} started (${args.request})`);
    await this.configure(client, args.request, args.configuration, 30_000);
    this.childEvents.emit('configured');
  }

  /** Routes a connection's events, closing and reverse requests. */
  private wire(client: DapClient): void {
    client.on('event', (e) => {
      if (client === this.main || this.children.includes(client)) this.host.onEvent(e, client);
    });
    client.on('close', (reason) => {
      if (client === this.main) return this.host.onMainClosed(reason);
      const i = this.children.indexOf(client);
      if (i < 0) return;
      this.children.splice(i, 1);
      this.host.onChildClosed(client);
    });
    client.connection.on('protocolError', (e) => this.host.log('protocol-error', e.message));
    client.onReverseRequest('runInTerminal', (args: DebugProtocol.RunInTerminalRequestArguments) => {
      const debuggee = new TerminalDebuggee(args, (category, text) => this.host.onOutput(category, text));
      this.debuggees.push(debuggee);
      if (this.debuggees.length === 1) void debuggee.ended.then((end) => this.host.onProgramProcessEnd(end));
      this.host.logEvent('process', `dapgate started ${args.args.join(' ').slice(0, 200)} (pid ${debuggee.pid})`);
      return { processId: debuggee.pid } satisfies DebugProtocol.RunInTerminalResponse['body'];
    });
    client.onReverseRequest('startDebugging', (args: DebugProtocol.StartDebuggingRequestArguments) => {
      void this.openChild(args).catch((e) => this.host.log('child-failed', `child session failed to start: ${(e as Error).message}`));
      return {};
    });
  }
}
