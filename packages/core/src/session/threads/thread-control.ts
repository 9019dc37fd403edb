import { AdapterTimeoutError } from '../../adapter-errors.js';
import { GatewayError } from '../../errors.js';
import type { Profile } from '../../profiles/schema.js';
import type { DapClient, SendRequest } from '../connection/dap-client.js';
import { requireLive, requireStopInfo, type Guarded } from '../checks/guards.js';
import { pauseTarget } from './pause-target.js';
import type { ThreadEntry, ThreadTable } from './threads.js';
import { FINAL_STATES, type WaitOutcome } from '../types.js';

/** How long a step whose thread ended waits for the program's exit (or another stop) to be told. */
const THREAD_END_SETTLE_MS = 2_000;

/** What thread control needs from its session. */
export interface ControlHost extends Guarded {
  readonly kind: 'launch' | 'attach';
  readonly profile: Profile;
  readonly threads: ThreadTable;
  readonly requestArguments: Record<string, unknown>;
  readonly live: boolean;
  send: SendRequest;
  /** Threads were resumed: the session runs again unless some thread is still stopped. */
  afterResume(): void;
  /** The connection the program runs on (threads are asked there when none is known). */
  programClient(): DapClient | undefined;
  logGatewayEvent(type: string, summary: string): void;
  waitUntil(settled: () => boolean, timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome>;
}

/**
 * Execution control by thread: continue resumes every stopped thread unless given one (on
 * adapters where continue acts on one thread, each stopped thread is continued); a step acts on
 * one thread; requests go to the connection that owns the thread. After a stop that left the
 * other threads running, the profile's `threads.suspendOthers` request pauses them.
 */
export class ThreadControl {
  /**
   * Connections whose other threads the gateway paused since everything last resumed: `pause`
   * stops there are those threads pausing (not stops of their own), unless the agent asked to pause.
   */
  private readonly othersPaused = new Set<DapClient>();
  /** Connections whose other threads the suspend request paused, with nothing resumed or started since. */
  private readonly stillPaused = new Set<DapClient>();
  /** Connections whose next stop ends a step that left the other threads paused (`keptBySteps`): no suspend request then. */
  private readonly stepKeptPaused = new Set<DapClient>();
  private readonly agentPausing = new Set<DapClient>();
  /** Suspend-others requests under way: a resume on that connection waits for it (else it would pause threads after the resume). */
  private readonly suspendsUnderWay = new Map<DapClient, Promise<unknown>>();
  private readonly endedTargets = new WeakSet<DapClient>();
  private readonly notices: string[] = [];

  constructor(private readonly host: ControlHost) {}

  /** The stopped thread a command acts on: the given one (which must be stopped), else the focused one. */
  stoppedThread(threadId: number | undefined, action: string): ThreadEntry {
    requireStopInfo(this.host, action);
    const { threads } = this.host;
    const e = threadId === undefined ? threads.focus() : threads.get(threadId);
    if (!e) throw new GatewayError(`cannot ${action}: this session has no thread ${threadId}`, `threads: ${threads.all().map((t) => t.id).slice(0, 20).join(', ')}`, { code: 'no-threads', next: 'list-threads' });
    if (e.state !== 'stopped') throw new GatewayError(`cannot ${action}: thread ${e.id}${e.name ? ` (${e.name})` : ''} is running`, undefined, { code: 'not-stopped', next: 'list-threads' });
    return e;
  }

  /** Resumes one thread, or every stopped thread on every connection. */
  async continue(threadId?: number): Promise<void> {
    const { threads } = this.host;
    if (threadId !== undefined) {
      const e = this.stoppedThread(threadId, 'continue');
      await this.settledSuspends(e.client);
      this.othersMayRun(e.client);
      const mark = threads.lastStopSeq;
      threads.resume(e);
      this.host.afterResume();
      const body = await this.host.send('continue', { threadId: e.adapterId, singleThread: true }, undefined, e.client);
      if (body?.allThreadsContinued !== false) threads.allContinuedSince(e.client, mark);
      return this.host.afterResume();
    }
    requireStopInfo(this.host, 'continue');
    await Promise.all([...this.suspendsUnderWay.values()]);
    const byClient = new Map<DapClient, ThreadEntry[]>();
    for (const e of threads.stoppedThreads()) byClient.set(e.client, [...(byClient.get(e.client) ?? []), e]);
    for (const e of threads.stoppedThreads()) threads.resume(e);
    for (const client of byClient.keys()) {
      this.othersPaused.delete(client);
      this.othersMayRun(client);
    }
    this.host.afterResume();
    await Promise.all([...byClient].map(([client, stopped]) => this.continueAll(client, stopped)));
  }

  /** One continue; when the adapter says it resumed only that thread, each other stopped thread too. */
  private async continueAll(client: DapClient, stopped: ThreadEntry[]): Promise<void> {
    const [first, ...rest] = stopped;
    const body = await this.host.send('continue', { threadId: first!.adapterId }, undefined, client);
    if (body?.allThreadsContinued !== false) return;
    for (const e of rest) {
      // the program may end (or the thread finish) while the others are being resumed: that is no failure
      if (client.closed || !this.host.live) return;
      await this.host.send('continue', { threadId: e.adapterId }, undefined, client).catch((err: Error) => this.host.logGatewayEvent('threads', `thread ${e.id} was not resumed: ${err.message}`));
    }
  }

  /**
   * Steps one thread (the focused one unless given) and waits (bounded) until it stops again (on
   * adapters that stop all threads, another thread's stop also stops it: that stop then takes the
   * focus), or the program ends. Other threads' stops meanwhile are kept, not waited for.
   */
  async step(kind: 'over' | 'into' | 'out', threadId: number | undefined, timeoutMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
    const { threads } = this.host;
    const e = this.stoppedThread(threadId, 'step');
    const command = kind === 'over' ? 'next' : kind === 'into' ? 'stepIn' : 'stepOut';
    const mark = threads.lastStopSeq;
    await this.settledSuspends(e.client);
    // the adapter resumes only this thread: the others the gateway paused stay paused through the step
    const kept = this.stillPaused.has(e.client) && this.host.profile.threads.suspendOthers?.keptBySteps === true;
    this.othersMayRun(e.client);
    if (kept) this.stepKeptPaused.add(e.client);
    threads.resume(e, true);
    this.host.afterResume();
    await this.host.send(command, { threadId: e.adapterId }, undefined, e.client);
    const ended = () => FINAL_STATES.has(this.host.state) || this.host.state === 'exited' || threads.get(e.id) !== e;
    const started = Date.now();
    let outcome = await this.host.waitUntil(() => ended() || (e.state === 'stopped' && (!e.stop || e.stop.ready)), timeoutMs, signal);
    // the stepping thread ended (the program's last line ran): its exit or another stop follows soon; say which
    if (threads.get(e.id) !== e && outcome === 'running') {
      const settled = () => FINAL_STATES.has(this.host.state) || this.host.state === 'exited' || this.host.state === 'stopped';
      const after = await this.host.waitUntil(settled, Math.min(THREAD_END_SETTLE_MS, Math.max(1, timeoutMs - (Date.now() - started))), signal);
      if (after !== 'timeout') outcome = after;
    }
    if (this.host.state === 'stopped' && !((e.stop?.seq ?? 0) > mark)) threads.release();
    return outcome;
  }

  /**
   * Pauses a thread (the given one, also while another thread is stopped; else the program's
   * first). 'unanswered' when the adapter did not answer within `timeoutMs`: the program was not
   * paused then, and a stop it reports later is taken as any other.
   */
  async pause(threadId?: number, timeoutMs?: number): Promise<'requested' | 'unanswered'> {
    requireLive(this.host, 'pause');
    const { threads } = this.host;
    let e = threadId === undefined ? undefined : threads.get(threadId);
    if (threadId !== undefined && !e) throw new GatewayError(`this session has no thread ${threadId}`, undefined, { code: 'no-threads', next: 'list-threads' });
    if (e?.state === 'stopped' || (!e && this.host.state === 'stopped')) return 'requested';
    if (!e) {
      const client = this.host.programClient();
      const listed = client ? ((await this.host.send('threads', undefined, undefined, client))?.threads ?? []) : [];
      e = client ? pauseTarget(threads.refresh(client, listed), this.host.profile.threads.systemThreads) : undefined;
    }
    if (!e) throw new GatewayError('the program has no threads to pause', undefined, { code: 'no-threads', next: 'check-status' });
    this.agentPausing.add(e.client);
    const client = e.client;
    try {
      await this.beforePause(client, timeoutMs);
      await this.host.send('pause', { threadId: e.adapterId }, timeoutMs, client);
      setTimeout(() => this.agentPausing.delete(client), 1_000).unref(); // its stop event may follow the response
      return 'requested';
    } catch (err) {
      this.agentPausing.delete(client);
      // the session turns an unanswered request into its own error (request-timeout: the session lives on)
      if (err instanceof AdapterTimeoutError || (err instanceof GatewayError && err.step?.code === 'request-timeout')) return 'unanswered';
      throw err;
    }
  }

  /** The profile's `threads.beforePause` request (bounded; a failure is logged and the pause is sent anyway). */
  private async beforePause(client: DapClient, timeoutMs: number | undefined): Promise<void> {
    const spec = this.host.profile.threads.beforePause;
    if (!spec) return;
    try {
      await client.requestCustom(spec.request, spec.arguments, Math.min(timeoutMs ?? 5_000, 5_000));
    } catch (err) {
      this.host.logGatewayEvent('threads', `${spec.request} before the first pause failed: ${(err as Error).message}`);
    }
  }

  /** Whether the other threads are paused at a stop (the profile's request; the agent's argument, else the default). */
  get suspendsOthers(): boolean {
    const spec = this.host.profile.threads.suspendOthers;
    if (!spec) return false;
    const given = this.host.requestArguments[spec.argument];
    return typeof given === 'boolean' ? given : spec.default[this.host.kind];
  }

  /** After a stop of one thread only: pause the others (bounded; a failure is logged, the stop stands). */
  async suspendOthers(e: ThreadEntry): Promise<void> {
    const spec = this.host.profile.threads.suspendOthers;
    if (!spec || !this.suspendsOthers || e.stop?.allThreadsStopped || e.state !== 'stopped') return;
    this.othersPaused.add(e.client);
    if (this.stepKeptPaused.delete(e.client)) {
      this.stillPaused.add(e.client);
      this.host.threads.allPaused(e.client);
      return;
    }
    const request = e.client.requestCustom(spec.request, { threadId: e.adapterId }, 5_000);
    this.suspendsUnderWay.set(e.client, request.catch(() => undefined));
    try {
      await request;
      // every other thread is paused now, whether or not its `pause` event has arrived yet
      if (this.othersPaused.has(e.client)) this.host.threads.allPaused(e.client);
      this.stillPaused.add(e.client);
    } catch (err) {
      this.host.logGatewayEvent('threads', `could not pause the other threads: ${(err as Error).message}`);
    } finally {
      if (this.suspendsUnderWay.get(e.client)) this.suspendsUnderWay.delete(e.client);
    }
  }

  /** Something resumed threads on this connection (a continue, a `continued` event) or started one: the next stop pauses the others again. */
  othersMayRun(client: DapClient): void {
    this.stillPaused.delete(client);
    this.stepKeptPaused.delete(client);
  }

  /** Waits (bounded by the request's own 5 s) for a suspend-others request on the connection to be answered. */
  private async settledSuspends(client: DapClient): Promise<void> {
    await this.suspendsUnderWay.get(client);
  }

  /**
   * What a `pause` stop the agent did not ask for is, where the gateway pauses other threads:
   * `with-others` (paused along with a stop), `stale` (its pause was overtaken by a resume: the
   * thread runs), or undefined (a stop of its own).
   */
  pausedWithOthers(client: DapClient, reason: string): 'with-others' | 'stale' | undefined {
    if (reason !== 'pause' || !this.suspendsOthers || this.agentPausing.has(client)) return undefined;
    return this.othersPaused.has(client) ? 'with-others' : 'stale';
  }

  /** A target (worker, child process) ended: its threads are gone, and the next answer says so. False if already known. */
  targetEnded(client: DapClient, name: string): boolean {
    if (this.endedTargets.has(client)) return false;
    this.endedTargets.add(client);
    this.host.threads.forget(client);
    this.notices.push(`${name} ended`);
    this.host.logGatewayEvent('target', `${name} ended`);
    this.host.afterResume();
    return true;
  }

  takeNotices(): string[] {
    return this.notices.splice(0);
  }
}
