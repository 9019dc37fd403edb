import { EventEmitter } from 'node:events';
import type { DebugProtocol } from '@vscode/debugprotocol';
import {
  connectTcp,
  DapClosedError,
  DapConnection,
  DapTimeoutError,
  freePort,
  killGroup,
  killTree,
  startAdapterProcess,
  startStdioAdapter,
  waitForLine,
  type AdapterProcess,
} from '@dapgate/dap';
import type { Profile } from '../profiles/schema.js';
import { hooksFor } from '../profiles/hooks/index.js';
import type { BookBreakpoint, BreakpointBook } from '../breakpoints/book.js';
import { CursorLog } from '../logs/cursor-log.js';
import { GatewayError } from '../errors.js';
import { samePath } from './paths.js';
import { TerminalDebuggee } from './debuggee.js';
import { BreakpointSync } from './breakpoint-sync.js';
import { Inspector } from './inspect.js';
import { checkExpression, type EvalMode, type EvalUse } from '../policy/evaluation.js';
import {
  FINAL_STATES,
  SETTLED_STATES,
  type Failure,
  type OutputEntry,
  type SessionEvent,
  type SessionState,
  type StopInfo,
  type WaitOutcome,
} from './types.js';

export interface SessionConfig {
  id: string;
  profile: Profile;
  kind: 'launch' | 'attach';
  /** A short description of what is debugged, e.g. "python ledger.py". */
  target: string;
  cwd: string;
  /** The filled DAP launch/attach arguments. */
  requestArguments: Record<string, unknown>;
  /** Adapter command line, when the adapter is spawned. */
  adapterCommand?: string[];
  adapterEnv?: Record<string, string>;
  /** For a `target` connection: where the debuggee serves DAP. */
  targetAddress?: { host: string; port: number; waitMs: number };
  book: BreakpointBook;
  /** undefined: the profile's defaults, else the adapter's. */
  exceptionFilters: string[] | undefined;
  requestTimeoutMs?: number;
  startTimeoutMs?: number;
  /** attach: when the target goes away, keep the session and re-attach. */
  reconnect?: boolean;
  /** The operator's evaluation mode (policy/evaluation.ts). */
  evalMode?: EvalMode;
}

const FRAMES_AT_STOP = 20;

const INITIALIZE_ARGS = (adapterID: string): DebugProtocol.InitializeRequestArguments => ({
  clientID: 'dapgate',
  clientName: 'dapgate',
  adapterID,
  locale: 'en',
  linesStartAt1: true,
  columnsStartAt1: true,
  pathFormat: 'path',
  supportsVariableType: true,
  supportsVariablePaging: true,
  supportsRunInTerminalRequest: true,
  supportsStartDebuggingRequest: true,
  supportsProgressReporting: false,
  supportsInvalidatedEvent: false,
  supportsMemoryReferences: false,
});
const RECONNECT_WINDOW_MS = 10 * 60_000;

/**
 * One debug session: one DAP connection to an adapter (or a debuggee serving DAP), translated into
 * the gateway's states, stops, logs and breakpoint bindings. Knows nothing of MCP or languages.
 */
export class Session extends EventEmitter<{ state: [SessionState] }> {
  readonly id: string;
  readonly profile: Profile;
  readonly kind: 'launch' | 'attach';
  readonly target: string;
  readonly cwd: string;
  readonly startedAt = Date.now();
  readonly events = new CursorLog<SessionEvent>(1_000);
  readonly output = new CursorLog<OutputEntry>(5_000, 1_000_000, (e) => e.text.length);

  state: SessionState = 'initializing';
  stop: StopInfo | undefined;
  exitCode: number | undefined;
  /** What the exit code means when the adapter's number alone could mislead (a signal death). */
  exitNote: string | undefined;
  /** The last stop's description, kept after the program runs on (an exit may follow from it). */
  private lastStopDescription: string | undefined;
  failure: Failure | undefined;
  capabilities: DebugProtocol.Capabilities = {};
  exceptionFilters: string[] = [];
  private connection: DapConnection | undefined;
  private readonly debuggees: TerminalDebuggee[] = [];
  /** Child connections the adapter asked for with startDebugging (js-debug), oldest first. */
  private readonly children: DapConnection[] = [];
  private readonly connectionCaps = new Map<DapConnection, DebugProtocol.Capabilities>();
  /** Connections between initialize and the end of their first breakpoint sync. */
  private readonly configuring = new Set<DapConnection>();
  private readonly sync: BreakpointSync;
  /** The connection whose thread is stopped. */
  private stopConnection: DapConnection | undefined;
  /** Where data breakpoints were resolved (their ids are only valid there). */
  private dataConnection: DapConnection | undefined;
  /** tcp-listen adapters: the port children connect to. */
  private adapterPort: number | undefined;
  /** The last connection/adapter, kept for diagnostics after the session ended. */
  private lastConnection: DapConnection | undefined;
  private lastAdapter: AdapterProcess | undefined;
  /** debug_stop was called: no more reconnecting. */
  private ending = false;
  /** Exception filters the agent chose (kept across reconnects). */
  private exceptionFiltersChosen: string[] | undefined;
  private adapter: AdapterProcess | undefined;
  private stopGeneration = 0;
  private readonly requestTimeoutMs: number;

  constructor(private readonly config: SessionConfig) {
    super();
    this.id = config.id;
    this.profile = config.profile;
    this.kind = config.kind;
    this.target = config.target;
    this.cwd = config.cwd;
    this.requestTimeoutMs = config.requestTimeoutMs ?? 10_000;
    this.sync = new BreakpointSync({
      sessionId: config.id,
      adapterName: config.profile.adapter.name,
      book: config.book,
      connections: () => this.allConnections(),
      capabilitiesOf: (c) => this.connectionCaps.get(c) ?? this.capabilities,
      request: (command, args, connection) => this.request(command, args, undefined, connection),
    });
  }

  /** The gateway breakpoints (with this session's bindings among theirs). */
  breakpoints(): BookBreakpoint[] {
    return this.config.book.list();
  }

  get live(): boolean {
    return !FINAL_STATES.has(this.state);
  }

  get adapterPid(): number | undefined {
    return (this.adapter ?? this.lastAdapter)?.pid;
  }

  get adapterCommand(): string[] | undefined {
    return this.config.adapterCommand;
  }

  get requestArguments(): Record<string, unknown> {
    return this.config.requestArguments;
  }

  stderrTail(lines = 20): string {
    return (this.adapter ?? this.lastAdapter)?.stderr.lines(lines) ?? '';
  }

  diagnostics() {
    const connection = this.connection ?? this.lastConnection;
    const adapter = this.adapter ?? this.lastAdapter;
    return {
      pendingRequests: connection?.pendingRequests() ?? [],
      traffic: connection?.traffic.recent() ?? [],
      adapterExit: adapter && !adapter.running ? adapter.describeExit() : undefined,
    };
  }

  // ---------------------------------------------------------------- start

  /**
   * Connects, initializes, sends launch/attach, applies breakpoints between `initialized` and
   * `configurationDone`, and returns once the adapter accepted the launch. Throws GatewayError
   * (the session is then `failed`) when any of it does not happen in time.
   */
  async start(): Promise<void> {
    try {
      await this.establish(this.config.startTimeoutMs ?? 30_000);
    } catch (e) {
      const reason = describeStartError(e);
      this.fail(reason);
      await this.dispose(false);
      throw new GatewayError(`${this.kind} failed: ${reason}`, this.failureHint());
    }
  }

  private async establish(startTimeout: number): Promise<void> {
    const connection = await this.connect();
    this.connection = connection;
    this.wire(connection);
    await this.configure(connection, this.kind, this.config.requestArguments, startTimeout);
    if (this.profile.childSessions) await this.firstChildConfigured(startTimeout);
    if (this.state === 'configuring') this.setState('running');
  }

  private childConfigured: (() => void) | undefined;

  /** Waits (bounded) until the adapter's first child session is configured: the program is attached then. */
  private async firstChildConfigured(timeoutMs: number): Promise<void> {
    if (this.children.length > 0 && !this.children.some((c) => this.configuring.has(c))) return;
    const ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.childConfigured = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    if (!(await ready)) this.logGatewayEvent('child', `no child session was configured within ${timeoutMs} ms`);
    this.childConfigured = undefined;
  }

  /** Routes a connection's events, closing and reverse requests to this session. */
  private wire(connection: DapConnection): void {
    connection.on('event', (e) => {
      if (connection === this.connection || this.children.includes(connection)) this.onEvent(e, connection);
    });
    connection.on('close', (reason) => {
      if (connection === this.connection) this.onClose(reason);
      else this.onChildClosed(connection);
    });
    connection.on('protocolError', (e) => this.logGatewayEvent('protocol-error', e.message));
    connection.onReverseRequest('runInTerminal', (args: DebugProtocol.RunInTerminalRequestArguments) => {
      const debuggee = new TerminalDebuggee(args, (category, text) => this.onOutput(category, text));
      this.debuggees.push(debuggee);
      this.logEvent('process', `dapgate started ${args.args.join(' ').slice(0, 200)} (pid ${debuggee.pid})`);
      return { processId: debuggee.pid } satisfies DebugProtocol.RunInTerminalResponse['body'];
    });
    connection.onReverseRequest('startDebugging', (args: DebugProtocol.StartDebuggingRequestArguments) => {
      void this.openChild(args).catch((e) => this.logGatewayEvent('child-failed', `child session failed to start: ${(e as Error).message}`));
      return {};
    });
  }

  /**
   * initialize -> launch/attach (not awaited: some adapters answer only after configurationDone)
   * -> `initialized` -> breakpoints and exception filters -> configurationDone -> the response.
   */
  private async configure(connection: DapConnection, request: string, args: unknown, timeoutMs: number): Promise<void> {
    // Listen before sending initialize: adapters may send `initialized` right behind its response.
    const initialized = this.nextEvent(connection, 'initialized', timeoutMs);
    initialized.catch(() => undefined);
    this.configuring.add(connection);
    const init = await connection.request<DebugProtocol.InitializeResponse>('initialize', INITIALIZE_ARGS(this.profile.adapterId), { timeoutMs });
    const caps = init.body ?? {};
    this.connectionCaps.set(connection, caps);
    this.capabilities = caps;
    const sent = connection.request(request, args, { timeoutMs });
    sent.catch(() => undefined); // observed below; avoid an unhandled rejection while configuring
    await Promise.race([initialized, sent.then(() => initialized)]);
    if (connection === this.connection) this.setState('configuring');
    // Send the whole book; repeat if it changed meanwhile (changes skip connections still configuring).
    for (let seen = -1; seen !== this.config.book.version; ) {
      seen = this.config.book.version;
      for (const file of this.config.book.files()) await this.syncFile(file, connection);
      if (this.config.book.functions().length) await this.syncFunctions(connection);
    }
    this.configuring.delete(connection);
    const defaults = (caps.exceptionBreakpointFilters ?? []).filter((f) => f.default).map((f) => f.filter);
    this.exceptionFilters = this.exceptionFiltersChosen ?? this.config.exceptionFilters ?? defaults;
    if (caps.exceptionBreakpointFilters?.length || this.exceptionFilters.length) {
      await this.request('setExceptionBreakpoints', { filters: this.exceptionFilters }, timeoutMs, connection);
    }
    if (caps.supportsConfigurationDoneRequest) await connection.request('configurationDone', {}, { timeoutMs });
    await sent;
  }

  /**
   * The adapter asked for a child session (js-debug: one per debugged process): a new connection
   * to the same adapter, configured like the first. The agent still sees one session.
   */
  private async openChild(args: DebugProtocol.StartDebuggingRequestArguments): Promise<void> {
    if (this.adapterPort === undefined) throw new Error('startDebugging needs an adapter reached over TCP');
    const { connection } = await connectTcp('127.0.0.1', this.adapterPort, { waitMs: 5_000, requestTimeoutMs: this.requestTimeoutMs });
    this.children.push(connection);
    this.wire(connection);
    this.logGatewayEvent('child', `child session ${this.children.length} started (${args.request})`);
    await this.configure(connection, args.request, args.configuration, 30_000);
    this.childConfigured?.();
  }

  private onChildClosed(connection: DapConnection): void {
    const i = this.children.indexOf(connection);
    if (i < 0) return;
    this.children.splice(i, 1);
    this.connectionCaps.delete(connection);
    this.sync.forget(connection);
    if (this.stopConnection === connection && this.state === 'stopped') this.markRunning();
  }

  /** Where requests about program state go: the connection that stopped, else the program's. */
  private activeConnection(): DapConnection | undefined {
    if (this.state === 'stopped' && this.stopConnection) return this.stopConnection;
    return this.children[0] ?? this.connection;
  }

  // ---------------------------------------------------------------- reconnect (attach)

  /** The attached target went away: keep the session and its breakpoints, and attach again. */
  private async reconnect(reason: string): Promise<void> {
    if (this.state === 'reconnecting') return;
    this.setState('reconnecting');
    this.stop = undefined;
    this.logGatewayEvent('target-lost', `${reason}; re-attaching (breakpoints kept)`);
    await this.dropConnection(false);
    const deadline = Date.now() + RECONNECT_WINDOW_MS;
    while (!this.ending && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1_000));
      if (this.ending) return;
      try {
        await this.establish(15_000);
        this.logGatewayEvent('reconnected', `re-attached to ${this.target}`);
        return;
      } catch {
        await this.dropConnection(false);
        this.setState('reconnecting');
      }
    }
    if (!this.ending && this.live) {
      this.logGatewayEvent('ended', `gave up re-attaching after ${RECONNECT_WINDOW_MS / 60_000} min`);
      this.setState('terminated');
    }
  }

  private get reconnecting(): boolean {
    return this.kind === 'attach' && !!this.config.reconnect && !this.ending && this.live;
  }

  private async connect(): Promise<DapConnection> {
    const { adapterCommand, adapterEnv, targetAddress } = this.config;
    if (targetAddress) {
      const { connection } = await connectTcp(targetAddress.host, targetAddress.port, {
        waitMs: targetAddress.waitMs,
        requestTimeoutMs: this.requestTimeoutMs,
      });
      return connection;
    }
    if (!adapterCommand) throw new Error('no adapter command and no target address');
    const env = { ...process.env, ...adapterEnv };
    if (this.profile.adapter.transport === 'stdio') {
      const { adapter, connection } = startStdioAdapter(adapterCommand[0]!, adapterCommand.slice(1), {
        env,
        requestTimeoutMs: this.requestTimeoutMs,
      });
      this.adapter = adapter;
      void adapter.exited.then(() => {
        if (adapter === this.adapter) this.onAdapterExit();
      });
      return connection;
    }
    const port = await freePort();
    this.adapterPort = port;
    const command = adapterCommand.map((a) => a.replaceAll('${port}', String(port)));
    const adapter = startAdapterProcess(command[0]!, command.slice(1), { env });
    this.adapter = adapter;
    void adapter.exited.then(() => {
      if (adapter === this.adapter) this.onAdapterExit();
    });
    if (this.profile.adapter.listenPattern) {
      await waitForLine(adapter.child.stdout!, new RegExp(this.profile.adapter.listenPattern), 15_000);
    }
    const { connection } = await connectTcp('127.0.0.1', port, { waitMs: 10_000, requestTimeoutMs: this.requestTimeoutMs });
    return connection;
  }

  // ---------------------------------------------------------------- breakpoints

  private allConnections(): DapConnection[] {
    return [...(this.connection ? [this.connection] : []), ...this.children];
  }

  /** Connections that can take breakpoint changes now (not still being configured). */
  private readyConnections(): DapConnection[] {
    return this.allConnections().filter((c) => !this.configuring.has(c));
  }

  /** Sends every gateway breakpoint of `file` to the adapter (each ready connection, or `only`). */
  async syncFile(file: string, only?: DapConnection): Promise<void> {
    if (this.live) await this.sync.file(file, only ? [only] : this.readyConnections());
  }

  async syncFunctions(only?: DapConnection): Promise<void> {
    if (this.live) await this.sync.functions(only ? [only] : this.readyConnections());
  }

  /** Sends this session's data breakpoints (watchpoints) to the connection where they were resolved. */
  async syncData(): Promise<void> {
    const connection = this.dataConnection ?? this.activeConnection();
    if (this.live && connection) await this.sync.data(connection);
  }

  /** What the adapter says about watching a variable path of the stopped frame. */
  async dataBreakpointInfo(path: string, frame: number): Promise<{ dataId: string; accessTypes?: string[] }> {
    const caps = (this.activeConnection() && this.connectionCaps.get(this.activeConnection()!)) || this.capabilities;
    if (!caps.supportsDataBreakpoints) throw new GatewayError(`${this.profile.adapter.name} has no data breakpoints (watchpoints)`, 'use a conditional line breakpoint where the value changes');
    const { node, parentRef } = await new Inspector(this).resolvePath(frame, path);
    const r = await this.request<DebugProtocol.DataBreakpointInfoResponse>('dataBreakpointInfo', { variablesReference: parentRef, name: node.name });
    if (!r.body?.dataId) throw new GatewayError(`${path} cannot be watched: ${r.body?.description ?? 'the adapter gave no reason'}`, 'watch a field (an object member) instead of a local');
    this.dataConnection = this.activeConnection();
    return { dataId: r.body.dataId, accessTypes: r.body.accessTypes };
  }

  async applyExceptionFilters(filters: string[], chosen = false): Promise<void> {
    this.exceptionFilters = filters;
    if (chosen) this.exceptionFiltersChosen = filters;
    if (!this.live) return;
    for (const connection of this.allConnections()) {
      const caps = this.connectionCaps.get(connection) ?? this.capabilities;
      if (!caps.exceptionBreakpointFilters?.length && filters.length === 0) continue;
      await this.request('setExceptionBreakpoints', { filters }, undefined, connection);
    }
  }

  /** Refuses (at set time) what the adapter cannot do rather than silently dropping it. */
  unsupportedFeatures(spec: { condition?: string; hitCondition?: string; logMessage?: string; function?: string }): string[] {
    if (this.state === 'initializing') return [];
    const out: string[] = [];
    if (spec.condition && !this.capabilities.supportsConditionalBreakpoints) out.push('conditions');
    if (spec.hitCondition && !this.capabilities.supportsHitConditionalBreakpoints) out.push('hit conditions');
    if (spec.logMessage && !this.capabilities.supportsLogPoints) out.push('logpoints');
    if (spec.function && !this.capabilities.supportsFunctionBreakpoints) out.push('function breakpoints');
    return out;
  }


  // ---------------------------------------------------------------- execution control

  /** Waits until the session is stopped (with its frames fetched), has exited, or ended. */
  waitForSettled(timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
    const settled = () => SETTLED_STATES.has(this.state) && (this.state !== 'stopped' || this.stopReady);
    if (settled()) return Promise.resolve(this.state as WaitOutcome);
    return new Promise((resolve) => {
      const check = () => {
        if (settled()) finish(this.state as WaitOutcome);
      };
      const finish = (outcome: WaitOutcome) => {
        clearTimeout(timer);
        this.off('state', check);
        signal?.removeEventListener('abort', onAbort);
        resolve(outcome);
      };
      const onAbort = () => finish('cancelled');
      const timer = setTimeout(() => finish('timeout'), Math.max(0, timeoutMs));
      this.on('state', check);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private stopReady = false;

  async continue(threadId?: number): Promise<void> {
    const thread = this.requireStopped('continue', threadId);
    this.markRunning();
    await this.request('continue', { threadId: thread });
  }

  async step(kind: 'over' | 'into' | 'out', threadId?: number): Promise<void> {
    const thread = this.requireStopped('step', threadId);
    const command = kind === 'over' ? 'next' : kind === 'into' ? 'stepIn' : 'stepOut';
    this.markRunning();
    await this.request(command, { threadId: thread });
  }

  async pause(threadId?: number): Promise<void> {
    this.requireLive('pause');
    if (this.state === 'stopped') return;
    const thread = threadId ?? (await this.threads())[0]?.id;
    if (thread === undefined) throw new GatewayError('the program has no threads to pause', 'it may have exited: check debug_status');
    await this.request('pause', { threadId: thread });
  }

  async threads(): Promise<DebugProtocol.Thread[]> {
    this.requireLive('list threads');
    const r = await this.request<DebugProtocol.ThreadsResponse>('threads');
    return r.body?.threads ?? [];
  }

  async stackTrace(threadId: number | undefined, startFrame = 0, levels = 20): Promise<{ frames: DebugProtocol.StackFrame[]; total?: number }> {
    const thread = this.requireStopped('read the stack', threadId);
    const r = await this.request<DebugProtocol.StackTraceResponse>('stackTrace', { threadId: thread, startFrame, levels });
    return { frames: r.body?.stackFrames ?? [], total: r.body?.totalFrames };
  }

  /** The DAP frame id of the `index`-th frame of the stopped thread. */
  async frameId(index = 0, threadId?: number): Promise<number> {
    const stop = this.requireStopInfo('inspect a frame');
    const thread = threadId ?? stop.threadId;
    if (thread === stop.threadId && index < stop.frames.length) return stop.frames[index]!.id;
    const { frames } = await this.stackTrace(thread, index, 1);
    if (!frames[0]) throw new GatewayError(`there is no frame ${index}`, 'list frames with debug_stack');
    return frames[0].id;
  }

  async frameAt(index = 0, threadId?: number): Promise<DebugProtocol.StackFrame> {
    const stop = this.requireStopInfo('inspect a frame');
    const thread = threadId ?? stop.threadId;
    if (thread === stop.threadId && index < stop.frames.length) return stop.frames[index]!;
    const { frames } = await this.stackTrace(thread, index, 1);
    if (!frames[0]) throw new GatewayError(`there is no frame ${index}`, 'list frames with debug_stack');
    return frames[0];
  }

  async scopes(frameId: number): Promise<DebugProtocol.Scope[]> {
    this.requireStopInfo('read scopes');
    return this.cached(`scopes:${frameId}`, async () => (await this.request<DebugProtocol.ScopesResponse>('scopes', { frameId })).body?.scopes ?? []);
  }

  async variables(variablesReference: number): Promise<DebugProtocol.Variable[]> {
    this.requireStopInfo('read variables');
    return this.cached(`variables:${variablesReference}`, async () => (await this.request<DebugProtocol.VariablesResponse>('variables', { variablesReference })).body?.variables ?? []);
  }

  async evaluate(expression: string, frameId: number | undefined, context: string, use: EvalUse = 'evaluate'): Promise<DebugProtocol.EvaluateResponse['body']> {
    this.requireLive('evaluate');
    checkExpression(this.profile, this.config.evalMode ?? 'unrestricted', expression, use);
    this.stateCache.clear(); // an evaluation may change program state
    const r = await this.request<DebugProtocol.EvaluateResponse>('evaluate', { expression, frameId, context }, 30_000);
    return r.body;
  }

  async setVariable(variablesReference: number, name: string, value: string): Promise<DebugProtocol.SetVariableResponse['body']> {
    checkExpression(this.profile, this.config.evalMode ?? 'unrestricted', value, 'setVariable');
    this.stateCache.clear();
    const r = await this.request<DebugProtocol.SetVariableResponse>('setVariable', { variablesReference, name, value });
    return r.body;
  }

  /**
   * Scopes and variables are cached while the program stays stopped (each round trip to some
   * adapters, e.g. debugpy's pydevd, costs ~40 ms); resuming or evaluating clears the cache.
   */
  private readonly stateCache = new Map<string, Promise<unknown>>();

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.stateCache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      this.stateCache.set(key, hit);
      hit.catch(() => this.stateCache.delete(key));
    }
    return hit;
  }

  async source(sourceReference: number, path?: string): Promise<string> {
    const r = await this.request<DebugProtocol.SourceResponse>('source', { sourceReference, source: { sourceReference, path } });
    return r.body?.content ?? '';
  }

  // ---------------------------------------------------------------- ending

  /** Ends the session: terminate (launched) or detach; the adapter process is always ended. */
  async end(terminate: boolean): Promise<void> {
    this.ending = true;
    if (!this.live && !this.adapter?.running) return;
    await this.dispose(terminate);
    if (this.live) this.setState('terminated');
    this.logGatewayEvent('ended', terminate ? 'terminated by debug_stop' : 'detached by debug_stop');
  }

  /**
   * Last resort when the gateway exits: ends the adapter's process group and any program the
   * gateway started, synchronously, without asking anyone.
   */
  killNow(): void {
    for (const adapter of [this.adapter, this.lastAdapter]) {
      if (!adapter?.pid) continue;
      if (adapter.running) killTree(adapter.pid);
      else killGroup(adapter.pid); // its leader is gone; what it started may not be
    }
    if (this.kind === 'launch') for (const d of this.debuggees) d.kill();
  }

  private async dispose(terminate: boolean): Promise<void> {
    await this.dropConnection(terminate);
    if (terminate || this.kind === 'launch') for (const d of this.debuggees) d.kill();
  }

  /** Disconnects (bounded), closes the connection and ends the adapter process. */
  private async dropConnection(terminate: boolean): Promise<void> {
    const children = this.children.splice(0);
    await Promise.all(
      children.map(async (child) => {
        await child.request('disconnect', { terminateDebuggee: terminate, restart: false }, { timeoutMs: 3_000 }).catch(() => undefined);
        child.close('session ended');
      }),
    );
    this.stopConnection = undefined;
    const c = this.connection;
    const adapter = this.adapter;
    this.connection = undefined;
    this.adapter = undefined;
    this.lastAdapter = adapter ?? this.lastAdapter;
    if (c && !c.closed) {
      await c.request('disconnect', { terminateDebuggee: terminate, restart: false }, { timeoutMs: 3_000 }).catch(() => undefined);
      c.close('session ended');
    }
    this.lastConnection = c ?? this.lastConnection;
    await adapter?.kill();
  }

  // ---------------------------------------------------------------- events

  private onEvent(e: DebugProtocol.Event, from: DapConnection): void {
    const body = (e.body ?? {}) as Record<string, any>;
    switch (e.event) {
      case 'stopped':
        void this.onStopped(body as DebugProtocol.StoppedEvent['body'], from);
        return;
      case 'continued':
        if ((!this.stopConnection || from === this.stopConnection) && (body.allThreadsContinued !== false || body.threadId === this.stop?.threadId)) this.markRunning();
        this.logEvent('continued', `thread ${body.threadId} continued`, body);
        return;
      case 'exited':
        if (from !== this.connection && from !== this.children[0]) {
          this.logEvent('exited', `child process exited with code ${body.exitCode}`, body);
          return;
        }
        this.exitCode = body.exitCode;
        this.exitNote = hooksFor(this.profile.hooks).describeExit?.(body.exitCode, this.lastStopDescription);
        this.logEvent('exited', `program exited with code ${body.exitCode}${this.exitNote ? ` (${this.exitNote})` : ''}`, body);
        if (this.live) this.setState('exited');
        return;
      case 'terminated':
        if (from !== this.connection) {
          this.logEvent('terminated', 'child session ended', body);
          return;
        }
        this.logEvent('terminated', 'debug session terminated', body);
        if (this.reconnecting) void this.reconnect('the target ended');
        else if (this.live) {
          this.setState('terminated');
          void this.dispose(this.kind === 'launch');
        }
        return;
      case 'output':
        this.onOutput(body.category ?? 'console', String(body.output ?? ''));
        return;
      case 'breakpoint': {
        const bp = body.breakpoint as DebugProtocol.Breakpoint;
        if (bp) this.sync.onEvent(from, body.reason, bp);
        this.logEvent('breakpoint', `breakpoint ${body.reason}: ${bp?.verified ? 'verified' : 'unverified'} line ${bp?.line ?? '?'}`, body);
        return;
      }
      case 'thread':
        this.logEvent('thread', `thread ${body.threadId} ${body.reason}`, body);
        return;
      case 'process':
        this.logEvent('process', `process ${body.name ?? ''} ${body.systemProcessId ?? ''} started`.replace(/\s+/g, ' '), body);
        return;
      case 'initialized':
      case 'module':
      case 'loadedSource':
        return;
      default:
        this.logEvent(e.event, e.event, body);
    }
  }

  private onOutput(category: string, text: string): void {
    if (this.profile.ignoreOutputCategories.includes(category)) return;
    if (this.profile.ignoreOutputLines.length) {
      const noise = this.profile.ignoreOutputLines.map((p) => new RegExp(p));
      text = (text.match(/[^\n]*(?:\n|$)/g) ?? []).filter((l) => !noise.some((r) => r.test(l.replace(/\r?\n$/, '')))).join('');
      if (!text) return;
    }
    this.output.append({ category, text });
    this.logEvent('output', `[${category}] ${text.length > 200 ? `${text.slice(0, 200)}...` : text.trimEnd()}`);
  }

  private async onStopped(body: DebugProtocol.StoppedEvent['body'], from: DapConnection): Promise<void> {
    const generation = ++this.stopGeneration;
    this.stopConnection = from;
    const threadId =
      body.threadId ?? this.stop?.threadId ?? (await this.request<DebugProtocol.ThreadsResponse>('threads', undefined, undefined, from).then((r) => r.body.threads[0]?.id, () => undefined)) ?? 0;
    this.stateCache.clear();
    const stop: StopInfo = {
      reason: body.reason,
      description: body.description,
      text: body.text,
      threadId,
      allThreadsStopped: body.allThreadsStopped ?? false,
      breakpointIds: [],
      frames: [],
      at: Date.now(),
    };
    this.stop = stop;
    this.lastStopDescription = [body.description, body.text].filter(Boolean).join(': ') || undefined;
    this.stopReady = false;
    this.setState('stopped');
    try {
      const r = await this.request<DebugProtocol.StackTraceResponse>('stackTrace', { threadId, startFrame: 0, levels: FRAMES_AT_STOP }, undefined, from);
      stop.frames = r.body?.stackFrames ?? [];
      stop.totalFrames = r.body?.totalFrames;
    } catch {
      /* frames stay empty; the stop is still reported */
    }
    if (body.reason === 'exception' && (this.connectionCaps.get(from) ?? this.capabilities).supportsExceptionInfoRequest) {
      try {
        const info = await this.request<DebugProtocol.ExceptionInfoResponse>('exceptionInfo', { threadId }, undefined, from);
        stop.text = info.body?.exceptionId ?? stop.text;
        stop.description = info.body?.description ?? info.body?.details?.message ?? stop.description;
      } catch {
        /* the stop is still reported, without the exception's name */
      }
    }
    if (generation !== this.stopGeneration) return; // resumed and stopped again meanwhile
    stop.breakpointIds = this.attributeStop(body, stop, from);
    const where = stop.frames[0] ? `${stop.frames[0].source?.path ?? stop.frames[0].source?.name ?? '?'}:${stop.frames[0].line}` : 'unknown location';
    this.logEvent('stopped', `stopped (${body.reason}${stop.breakpointIds.length ? ` ${stop.breakpointIds.join(',')}` : ''}) at ${where}`, body);
    await this.removeTemporaryHits(stop.breakpointIds);
    this.stopReady = true;
    this.emit('state', this.state);
  }

  /** Which gateway breakpoints caused a stop; counts their hits. */
  private attributeStop(body: DebugProtocol.StoppedEvent['body'], stop: StopInfo, from: DapConnection): string[] {
    const book = this.config.book;
    let hit: BookBreakpoint[] = (body.hitBreakpointIds ?? []).map((id) => this.sync.byAdapterId(from, id)).filter((b): b is BookBreakpoint => !!b);
    const top = stop.frames[0];
    if (hit.length === 0 && /data/i.test(body.reason)) hit = book.dataFor(this.id);
    if (hit.length === 0 && top?.source?.path && (body.reason === 'breakpoint' || body.reason === 'function breakpoint')) {
      hit = book
        .list()
        .filter((b) => (b.kind === 'line' ? samePath(b.file!, top.source!.path!) && (b.bindings.get(this.id)?.line ?? b.line) === top.line : body.reason === 'function breakpoint'));
    }
    for (const b of hit) b.hits++;
    return hit.map((b) => b.id);
  }

  private async removeTemporaryHits(ids: string[]): Promise<void> {
    const temporary = ids.filter((id) => this.config.book.get(id)?.temporary);
    if (temporary.length) this.config.book.remove(temporary);
  }

  private onAdapterExit(): void {
    if (!this.live) return;
    if (this.reconnecting) {
      void this.reconnect(`the debug adapter ${this.adapter?.describeExit() ?? 'exited'}`);
      return;
    }
    this.fail(`the debug adapter ${this.adapter?.describeExit() ?? 'exited'} unexpectedly`);
  }

  private onClose(reason: string): void {
    if (!this.live) return;
    if (this.reconnecting) {
      void this.reconnect(`the connection closed: ${reason}`);
      return;
    }
    if (this.adapter?.running) return; // the process exit handler reports it with more detail
    setTimeout(() => {
      if (this.live) this.fail(`the connection to the debugger closed: ${reason}`);
    }, 50);
  }

  // ---------------------------------------------------------------- helpers

  private markRunning(): void {
    this.stateCache.clear();
    this.stopConnection = undefined;
    this.stopGeneration++;
    this.stop = undefined;
    this.stopReady = false;
    if (this.live && this.state !== 'exited') this.setState('running');
  }

  private setState(state: SessionState): void {
    if (this.state === state) {
      this.emit('state', state);
      return;
    }
    this.state = state;
    this.logGatewayEvent('state', state);
    this.emit('state', state);
  }

  private fail(reason: string): void {
    if (!this.live) return;
    this.failure = { reason, stderrTail: this.stderrTail() };
    this.logGatewayEvent('adapter-failed', reason);
    this.setState('failed');
    void this.dispose(this.kind === 'launch');
  }

  private failureHint(): string {
    const tail = this.stderrTail(8);
    const next = 'start a new session; debug_diagnose shows the adapter traffic';
    return tail ? `${next}. Adapter stderr (last lines):\n${tail}` : next;
  }

  private nextEvent(c: DapConnection, name: string, timeoutMs: number): Promise<DebugProtocol.Event> {
    return new Promise((resolve, reject) => {
      const onEvent = (e: DebugProtocol.Event) => {
        if (e.event !== name) return;
        done();
        resolve(e);
      };
      const onClose = (reason: string) => {
        done();
        reject(new Error(`connection closed before '${name}': ${reason}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`the adapter sent no '${name}' event within ${timeoutMs} ms`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        c.off('event', onEvent);
        c.off('close', onClose);
      };
      c.on('event', onEvent);
      c.on('close', onClose);
    });
  }

  /** A DAP request; a timeout marks the session failed (the adapter stopped answering). */
  async request<R extends DebugProtocol.Response>(command: string, args?: unknown, timeoutMs = this.requestTimeoutMs, connection = this.activeConnection()): Promise<R> {
    if (!connection) throw new GatewayError(`session ${this.id} has no connection`, 'start a new session');
    try {
      return await connection.request<R>(command, args, { timeoutMs });
    } catch (e) {
      if (e instanceof DapTimeoutError && command !== 'evaluate') this.fail(e.message);
      const adapter = this.adapter;
      if (e instanceof DapClosedError && adapter) {
        // the adapter died under this request: report its exit and stderr, not just "closed"
        await Promise.race([adapter.exited, new Promise((r) => setTimeout(r, 1_000))]);
        if (!adapter.running && adapter === this.adapter) this.onAdapterExit();
      }
      if (e instanceof DapClosedError && this.state === 'failed') throw new GatewayError(`session ${this.id} failed: ${this.failure?.reason}`, this.failureHint());
      throw e;
    }
  }

  requireLive(action: string): void {
    if (this.state === 'failed') throw new GatewayError(`cannot ${action}: session ${this.id} failed (${this.failure?.reason})`, 'start a new session with debug_launch or debug_attach; debug_diagnose shows what the adapter said');
    if (this.state === 'terminated') throw new GatewayError(`cannot ${action}: session ${this.id} has ended`, 'start a new session with debug_launch or debug_attach');
  }

  private requireStopInfo(action: string): StopInfo {
    this.requireLive(action);
    if (this.state === 'exited') throw new GatewayError(`cannot ${action}: the program exited${this.exitCode !== undefined ? ` with code ${this.exitCode}` : ''}`, 'see debug_output for what it printed, or launch it again');
    if (this.state !== 'stopped' || !this.stop) throw new GatewayError(`cannot ${action}: session ${this.id} is ${this.state}, not stopped`, 'use debug_pause to stop it, or debug_wait for a breakpoint');
    return this.stop;
  }

  private requireStopped(action: string, threadId: number | undefined): number {
    return threadId ?? this.requireStopInfo(action).threadId;
  }

  private logEvent(type: string, summary: string, body?: unknown): void {
    this.events.append({ type, summary, body });
  }

  private logGatewayEvent(type: string, summary: string): void {
    this.events.append({ type: type === 'state' ? 'state' : type, summary: type === 'state' ? `state -> ${summary}` : summary });
  }
}

function describeStartError(e: unknown): string {
  if (e instanceof DapTimeoutError) return `the adapter did not answer '${e.command}' within ${e.timeoutMs} ms`;
  return (e as Error)?.message ?? String(e);
}
