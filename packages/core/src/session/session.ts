import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Profile } from '../profiles/schema.js';
import { builtOptimized } from './reads/built-sources.js';
import type { BookBreakpoint } from '../breakpoints/book.js';
import { CursorLog } from '../logs/cursor-log.js';
import { GatewayError } from '../errors.js';
import type { EvalMode } from '../policy/evaluation.js';
import { BreakpointSync } from './breakpoints/breakpoint-sync.js';
import { Inspector } from './reads/inspect.js';
import type { Command, DapClient, RequestMap } from './connection/dap-client.js';
import { SessionStateMachine } from './lifecycle/state-machine.js';
import { boundedOnce } from './bounded-wait.js';
import { requestFailure } from './connection/request-failure.js';
import { SessionConnections } from './connection/connections.js';
import { ProgramReads } from './reads/program-reads.js';
import { ProgramView } from './reads/program-view.js';
import { ThreadTable, type ThreadEntry } from './threads/threads.js';
import { ThreadControl } from './threads/thread-control.js';
import { threadsOverview, type ThreadsOverview } from './threads/threads-overview.js';
import { requireLive } from './checks/guards.js';
import { recordOutput, routeEvent } from './events/event-router.js';
import { ProgramExit, type ExitReport } from './lifecycle/program-exit.js';
import type { TargetEnd } from './lifecycle/target-ending.js';
import type { Detached } from './lifecycle/detach.js';
import { SessionEnd } from './lifecycle/session-end.js';
import { establish, startSession } from './lifecycle/session-start.js';
import { hooksFor } from '../profiles/hooks/index.js';
import { FINAL_STATES, SETTLED_STATES, type SessionConfig, type ExceptionStopCheck, type Failure, type OutputEntry, type SessionEvent, type SessionState, type StopInfo, type WaitOutcome } from './types.js';

export type { SessionConfig } from './types.js';

/**
 * One debug session: the lifecycle of its connections (the adapter's, plus child sessions an
 * adapter starts) and the state machine they drive. Translation of requests lives in DapClient,
 * reading program state in ProgramReads/Inspector (what front ends read: ProgramView, which it extends), breakpoints in BreakpointSync, reaching the
 * adapter in adapter-launcher, starting in session-start, ending (asked, or by losing the adapter: re-attaching too) in SessionEnd. Knows nothing of MCP or languages.
 */
export class Session extends ProgramView {
  readonly id: string;
  override readonly profile: Profile;
  readonly kind: 'launch' | 'attach';
  readonly target: string;
  readonly cwd: string;
  readonly startedAt = Date.now();
  readonly events = new CursorLog<SessionEvent>(1_000);
  readonly output = new CursorLog<OutputEntry>(5_000, 1_000_000, (e) => e.text.length);
  /** @internal */
  override readonly reads: ProgramReads;
  override readonly inspector: Inspector;
  readonly evalMode: EvalMode;

  /** The debugged process's pid, when known (the attach named it, or the adapter's process event). */
  targetPid: number | undefined;
  /** @internal How the program ended, as observed (process status, a trusted adapter, or unknown with why); front ends read exitReport(). */
  readonly exit = ProgramExit.read(() => hooksFor(this.profile.hooks), () => this.lastStopDescription);
  /** Settles once an `exited` report has been resolved into `exit` (lifecycle/program-end.ts). */
  exitSettled: Promise<void> = Promise.resolve();
  lastStopDescription: string | undefined;
  failure: Failure | undefined;

  /** The launch's exception stop check, while the launch's own exception filters apply (the agent chose none since). */
  get exceptionStopCheck(): ExceptionStopCheck | undefined {
    const check = this.config.exceptionStopCheck;
    const own = this.config.exceptionFilters;
    const now = this.sync.exceptionFilters;
    return check && own && own.length === now.length && own.every((f) => now.includes(f)) ? check : undefined;
  }
  /** @internal The program's threads on every connection (target), and which are stopped where. */
  override readonly threads = new ThreadTable();
  /** Frames read at each stop, when not the default (set while a trace runs: its profile's `trace.stopFrames`). */
  framesAtStop: number | undefined;
  /** Set while a trace runs: asks for its next reads as soon as a stop's frames are read (see ProgramReads.aheadTarget). */
  readAhead: ((stop: StopInfo, client: DapClient) => void) | undefined;
  /** @internal */
  readonly control: ThreadControl;
  /** @internal */
  override readonly sync: BreakpointSync;
  /** @internal */
  readonly machine = new SessionStateMachine();

  /** @internal */
  readonly connections: SessionConnections;
  /** How it ends: asked to, or by losing its adapter or connection. */
  private readonly ending: SessionEnd;
  private readonly requestTimeoutMs: number;

  constructor(private readonly config: SessionConfig) {
    super();
    this.id = config.id;
    this.profile = config.profile;
    this.kind = config.kind;
    this.target = config.target;
    this.cwd = config.cwd;
    this.evalMode = config.evalMode ?? 'unrestricted';
    this.targetPid = config.targetPid;
    this.requestTimeoutMs = config.requestTimeoutMs ?? 10_000;
    this.machine.on('state', (to, from) => {
      if (to !== from) this.logGatewayEvent('state', `state -> ${to}`);
      this.emit('state', to);
    });
    const self = this;
    this.sync = new BreakpointSync({
      sessionId: config.id,
      adapterName: config.profile.adapter.name,
      book: config.book,
      get live() {
        return self.live;
      },
      defaultExceptionFilters: config.exceptionFilters,
      defaultExceptionFilterOptions: config.exceptionFilterOptions,
      connections: () => this.connections.all(),
      ready: () => this.connections.ready(),
      active: () => this.activeClient(),
      send: (command, args, timeoutMs, client) => this.send(command, args, timeoutMs, client),
      pausedAt: () => {
        const top = self.state === 'stopped' ? self.stop?.frames[0] : undefined;
        return top?.source?.path ? { path: top.source.path, line: top.line } : undefined;
      },
      heldCondition: config.profile.breakpointKinds.removedWhilePaused?.condition,
      ambiguousNames: config.profile.breakpointKinds.ambiguous,
    });
    this.connections = new SessionConnections(
      { ...config, requestTimeoutMs: this.requestTimeoutMs, adapterId: config.profile.adapterId, adapterName: config.profile.adapter.name, childSessions: config.profile.childSessions },
      {
        onEvent: (e, from) => routeEvent(this, e, from),
        onMainClosed: (reason) => this.ending.connectionClosed(reason),
        onChildClosed: (client) => this.targetEnded(client),
        onAdapterExit: () => this.ending.adapterExited(),
        onProgramProcessEnd: (end) => this.exit.fromProcess(end),
        onConfiguring: () => this.moveTo('configuring'),
        prepare: (client, timeoutMs) => this.sync.prepare(client, timeoutMs),
        onOutput: (category, text) => this.onOutput(category, text),
        logEvent: (type, summary) => this.logEvent(type, summary),
        log: (type, summary) => this.logGatewayEvent(type, summary),
      },
    );
    this.reads = new ProgramReads(this);
    this.control = new ThreadControl(this);
    this.inspector = new Inspector(this.reads.target(), config.profile.variables);
    this.ending = new SessionEnd(this, { reconnect: config.reconnect, attachAddress: config.attachAddress, establish: (t) => establish(this, config, t) });
  }

  override get state(): SessionState {
    return this.machine.state;
  }

  get live(): boolean {
    return !FINAL_STATES.has(this.state);
  }

  /** The merged capabilities of the adapter's connection. */
  override get capabilities(): DebugProtocol.Capabilities {
    const c = this.connections;
    return (c.main ?? c.lastMain)?.capabilities ?? {};
  }

  /** Its own breakpoints, removed from the book when it ended (what its answers say about them). */
  readonly endedBreakpoints: BookBreakpoint[] = [];

  /** The gateway breakpoints that apply to it (the workspace's and its own, with this session's bindings among theirs). */
  breakpoints(): BookBreakpoint[] {
    return [...this.config.book.for(this.id), ...this.endedBreakpoints];
  }

  get exitCode(): number | undefined {
    return this.exit.code;
  }

  /** How the program ended, as far as known (its code or signal, or why the code is unknown). */
  exitReport(): ExitReport {
    return this.exit.report();
  }

  get adapterPid(): number | undefined {
    return this.connections.adapterPid;
  }

  get adapterCommand(): string[] | undefined {
    return this.config.adapterCommand;
  }

  get requestArguments(): Record<string, unknown> {
    return this.config.requestArguments;
  }

  stderrTail(lines = 20): string {
    return this.connections.stderrTail(lines);
  }

  diagnostics() {
    return this.connections.diagnostics();
  }

  /**
   * Connects, initializes, sends launch/attach, applies breakpoints between `initialized` and
   * `configurationDone`, and returns once the adapter accepted the launch. Throws GatewayError
   * (the session is then `failed`) when any of it does not happen in time.
   */
  start(): Promise<void> {
    return startSession(this, this.config);
  }

  /** The focused thread's stop: the one answers show (other stopped threads wait their turn). */
  get stop(): StopInfo | undefined {
    return this.state === 'stopped' ? this.threads.focus()?.stop : undefined;
  }

  /**
   * A stop the adapter reported whose frames are still being read: the session shows it (state
   * `stopped`) only once read, so meanwhile it is running to every waiter, yet the program is not.
   */
  get stopBeingRead(): { threadId: number; reason: string; sinceMs: number } | undefined {
    const e = this.threads.all().find((t) => t.state === 'stopped' && t.stop && !t.stop.ready);
    return e?.stop ? { threadId: e.id, reason: e.stop.reason, sinceMs: Date.now() - e.stop.at } : undefined;
  }

  /** Whether the build compiled the file at `path` with optimizations (SessionConfig.builtSources). */
  optimizedCode(path: string): boolean {
    return builtOptimized(this.config.builtSources, path);
  }

  /** Where requests about program state go: the focused stopped thread's connection, else the program's. */
  activeClient(): DapClient | undefined {
    const focus = this.state === 'stopped' ? this.threads.focus() : undefined;
    return focus?.client ?? this.connections.program();
  }

  /** What happened to targets (e.g. "target 2 ([worker 1]) ended") since the last answer; said once. */
  takeNotices(): string[] {
    return this.control.takeNotices();
  }

  isMain(client: DapClient): boolean {
    return client === this.connections.main;
  }

  /** The program's connection (a later child's exit is a forked process's). */
  isProgram(client: DapClient): boolean {
    return client === this.connections.main || client === this.connections.children[0];
  }

  /** An attach that asked to reconnect, not being ended: losing its target means attaching again. */
  get reconnecting(): boolean {
    return this.ending.reconnecting;
  }

  reconnect(reason: string): void {
    this.ending.reconnect(reason);
  }

  /** Refuses (at set time) what the adapter cannot do rather than silently dropping it. */
  unsupportedFeatures(spec: { condition?: string; logMessage?: string; function?: string }): string[] {
    return this.state === 'initializing' ? [] : BreakpointSync.unsupported(this.capabilities, spec);
  }

  /** Waits until the session is stopped (with its frames fetched), has exited, or ended. */
  waitForSettled(timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
    return this.waitUntil(() => SETTLED_STATES.has(this.state) && (this.state !== 'stopped' || !!this.stop?.ready), timeoutMs, signal);
  }

  /** Waits (bounded, cancellable) until `settled` holds after a state change; returns the state then, or why not. */
  async waitUntil(settled: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
    const r = settled() ? undefined : await boundedOnce(this, 'state', { timeoutMs, signal, until: settled });
    return !r || r.outcome === 'done' ? (this.state as WaitOutcome) : r.outcome;
  }

  /** Waits until a thread has stopped again (its stop read), is gone, or the program ended; `timeout` while it still runs. */
  async waitForThread(threadId: number, timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
    const thread = this.threads.get(threadId);
    const outcome = await this.waitUntil(() => !this.live || this.threads.get(threadId) !== thread || (thread?.state === 'stopped' && (!thread.stop || thread.stop.ready)), timeoutMs, signal);
    return outcome === 'timeout' && this.state === 'stopped' && thread?.state !== 'stopped' ? 'timeout' : outcome;
  }

  /** Resumes every stopped thread, or only `threadId`. */
  async continue(threadId?: number): Promise<void> {
    await this.control.continue(threadId);
    await this.sync.releaseHeld().catch((e: Error) => this.logGatewayEvent('breakpoints', `held breakpoints not released: ${e.message}`));
  }

  /**
   * Steps one thread (the focused one unless given) and waits (bounded) until it stops again (on
   * adapters that stop all threads, another thread's stop also stops it: that stop then takes the
   * focus), or the program ends. Other threads' stops meanwhile are kept, not waited for.
   */
  step(kind: 'over' | 'into' | 'out', threadId?: number, timeoutMs = 10_000, signal?: AbortSignal): Promise<WaitOutcome> {
    return this.control.step(kind, threadId, timeoutMs, signal);
  }

  /** Asks the adapter to pause a thread (the program's first unless given); 'unanswered' when it did not answer within `timeoutMs` (the session stays: a later stop is still a stop). */
  pause(threadId?: number, timeoutMs?: number): Promise<'requested' | 'unanswered'> {
    return this.control.pause(threadId, timeoutMs);
  }

  /** Its threads, the focused stop first, then the other stopped ones, then the running. */
  threadsOverview(): Promise<ThreadsOverview> {
    return threadsOverview(this);
  }

  /** Which target a thread belongs to (`the program`, `target 2 (...)`). */
  targetName(t: ThreadEntry): string {
    return this.connections.nameOf(t.client);
  }

  /** The connection the program runs on. */
  programClient = (): DapClient | undefined => this.connections.program();
  /** The connections that run program threads. */
  targets = (): DapClient[] => this.connections.all();

  /** A target's connection ended or said `terminated`: its breakpoint bindings and threads are gone; said once. */
  targetEnded(client: DapClient): void {
    if (this.control.targetEnded(client, this.connections.nameOf(client))) this.sync.forget(client);
  }

  /** The session ended by detaching from its program, which was left running (not terminated). */
  get detached(): boolean {
    return this.ending.detached;
  }

  requireLive(action: string): void {
    requireLive(this, action);
  }

  /**
   * Ends the session: terminate (launched) or detach; the adapter process is always ended. `by`
   * names who asked. Terminating an attached target is checked: the answer says whether it is gone.
   */
  end(terminate: boolean, by = 'the client'): Promise<TargetEnd | undefined> {
    return this.ending.end(terminate, by);
  }

  /** What the detach that ended it did to the target (an attached session let go of without terminating it). */
  get release(): Detached | undefined {
    return this.ending.release;
  }

  /** Last resort at gateway exit: ends the adapter's process group and what we started, synchronously. */
  killNow(): void {
    this.connections.killNow(this.kind === 'launch');
  }

  async dispose(terminate: boolean): Promise<void> {
    await this.dropConnection(terminate);
    if (terminate || this.kind === 'launch') this.connections.killDebuggees();
  }

  /** Disconnects (terminating the debuggee if asked) and closes the connections. */
  async dropConnection(terminate: boolean): Promise<void> {
    this.threads.clear();
    await this.connections.drop(terminate);
  }

  /** Threads ran again: what was read is stale; the session runs unless some thread is still stopped. */
  afterResume(): void {
    this.reads.clear();
    if (this.threads.anyStopped) {
      if (this.state === 'stopped') this.emit('state', this.state); // the focus may have moved: waiters re-check
      return;
    }
    if (this.live && this.state === 'stopped') this.moveTo('running');
  }

  /**
   * Moves along the state table. A move the table forbids comes from an adapter event that does
   * not fit (e.g. a stop after the program exited): it is logged and ignored, not applied.
   */
  moveTo(state: SessionState): void {
    if (this.machine.can(state)) this.machine.to(state);
    else this.logGatewayEvent('ignored-event', `state ${this.state} cannot become ${state}`);
  }

  fail(reason: string): void {
    if (!this.live) return;
    this.failure = { reason, stderrTail: this.stderrTail() };
    this.logGatewayEvent('adapter-failed', reason);
    this.moveTo('failed');
    void this.dispose(this.kind === 'launch');
  }

  /** @internal A typed DAP request; a failure is said as `requestFailure` reads it (a timeout fails the session, except an evaluation's or a pause's). */
  async send<C extends Command>(command: C, args: RequestMap[C]['args'], timeoutMs = this.requestTimeoutMs, client = this.activeClient()): Promise<RequestMap[C]['body']> {
    if (!client) throw new GatewayError(`session ${this.id} has no connection`, undefined, { code: 'session-ended', next: 'new-session' });
    try {
      return await client.request(command, args, { timeoutMs });
    } catch (e) {
      throw await requestFailure(this, command, e, () => this.ending.adapterExited());
    }
  }

  announceStop = (): void => void this.emit('state', this.state);

  forgetReads = (): void => this.reads.clear();
  /** Program output; lines the adapter printed for logpoints (found by their markers) count hits and are filed as `logpoint`. */
  onOutput(category: string, text: string): void {
    recordOutput({ profile: this.profile, sync: this.sync, book: this.config.book, output: this.output, logEvent: (t, x) => this.logEvent(t, x) }, category, text);
  }

  logEvent(type: string, summary: string, body?: unknown): void {
    this.events.append({ type, summary, body });
  }

  logGatewayEvent(type: string, summary: string): void {
    this.events.append({ type, summary });
  }
}
