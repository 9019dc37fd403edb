import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapClient } from '../connection/dap-client.js';
import type { StopInfo } from '../types.js';

/** One thread of the debugged program, on one of the session's connections (targets). */
export interface ThreadEntry {
  /** The id the agent sees (unique in the session; the adapter's own id when that is free). */
  readonly id: number;
  /** The adapter's id for it, valid on `client` only. */
  readonly adapterId: number;
  readonly client: DapClient;
  name: string | undefined;
  state: 'running' | 'stopped';
  /** Its own stop (a `stopped` event naming it); absent when it stopped because all threads did. */
  stop: StopInfo | undefined;
}

/**
 * The threads of a session (docs/architecture.md, Principles): fed by `thread`, `stopped` (allThreadsStopped) and
 * `continued` (allThreadsContinued) events and by `threads` answers. Every stop is kept: the
 * focused thread is the one answers show; the other stopped threads wait in stop order. The
 * session is stopped while any thread is.
 */
export class ThreadTable {
  private readonly entries = new Map<number, ThreadEntry>();
  private readonly byClient = new Map<DapClient, Map<number, ThreadEntry>>();
  /** The thread answers are about; kept on a stepping thread until it stops again. */
  private focusId: number | undefined;
  private stepping: number | undefined;
  private stopSeq = 0;
  /** Connections stopped as a whole (allThreadsStopped): threads first seen there now are stopped too. */
  private readonly allStopped = new Set<DapClient>();

  /** The entry for an adapter thread on a connection, created (running) on first sight. */
  entry(client: DapClient, adapterId: number, name?: string): ThreadEntry {
    let mine = this.byClient.get(client);
    if (!mine) this.byClient.set(client, (mine = new Map()));
    let e = mine.get(adapterId);
    if (!e) {
      const id = this.entries.has(adapterId) ? this.freeId() : adapterId;
      e = { id, adapterId, client, name, state: this.allStopped.has(client) ? 'stopped' : 'running', stop: undefined };
      mine.set(adapterId, e);
      this.entries.set(id, e);
    }
    if (name) e.name = name;
    return e;
  }

  get(id: number): ThreadEntry | undefined {
    return this.entries.get(id);
  }

  all(): ThreadEntry[] {
    return [...this.entries.values()];
  }

  /**
   * Threads a `threads` answer lists for a connection; those it no longer lists are gone (also one
   * counted as paused with the others: a goroutine that ended), except a thread with a stop of its own.
   */
  refresh(client: DapClient, threads: DebugProtocol.Thread[]): ThreadEntry[] {
    const listed = threads.map((t) => this.entry(client, t.id, t.name));
    for (const e of this.byClient.get(client)?.values() ?? []) if (!listed.includes(e) && !e.stop) this.remove(e);
    return listed;
  }

  /** A `thread` event: started threads are added, exited ones removed. */
  onThreadEvent(client: DapClient, reason: string, adapterId: number): ThreadEntry | undefined {
    if (reason === 'started') return this.entry(client, adapterId);
    const e = this.byClient.get(client)?.get(adapterId);
    if (reason === 'exited' && e) this.remove(e);
    return e;
  }

  /** A stop of one thread (and, with allThreadsStopped, of every thread on its connection). */
  stopped(client: DapClient, adapterId: number, stop: StopInfo): ThreadEntry {
    const e = this.entry(client, adapterId);
    stop.seq = ++this.stopSeq;
    e.state = 'stopped';
    e.stop = stop;
    if (stop.allThreadsStopped) {
      this.allStopped.add(client);
      for (const other of this.byClient.get(client)?.values() ?? []) other.state = 'stopped';
    }
    const focus = this.focus();
    if (!focus || focus === e || (focus.state === 'running' && this.stepping !== focus.id)) this.focusId = e.id;
    if (this.stepping === e.id) this.stepping = undefined;
    return e;
  }

  /** The adapter paused every thread of a connection (e.g. at the gateway's request): all stopped, also those seen later. */
  allPaused(client: DapClient): void {
    this.allStopped.add(client);
    for (const e of this.byClient.get(client)?.values() ?? []) e.state = 'stopped';
  }

  /** Threads that run again: the named one, or (all) every thread on the connection. */
  continued(client: DapClient, adapterId: number | undefined, all: boolean): ThreadEntry[] {
    const mine = [...(this.byClient.get(client)?.values() ?? [])];
    const resumed = all ? mine : mine.filter((e) => e.adapterId === adapterId);
    if (all) this.allStopped.delete(client);
    for (const e of resumed) this.resume(e);
    return resumed;
  }

  /**
   * The adapter answered a continue saying every thread of the connection runs: mark them so,
   * unless a stop there came after `mark` (its event can overtake the answer's processing).
   */
  allContinuedSince(client: DapClient, mark: number): void {
    const mine = [...(this.byClient.get(client)?.values() ?? [])];
    if (mine.some((e) => (e.stop?.seq ?? 0) > mark)) return;
    this.continued(client, undefined, true);
  }

  /** The gateway resumed a thread (continue or step). A stepping thread keeps the focus. */
  resume(e: ThreadEntry, step = false): void {
    e.state = 'running';
    e.stop = undefined;
    if (![...(this.byClient.get(e.client)?.values() ?? [])].some((t) => t.state === 'stopped')) this.allStopped.delete(e.client);
    if (step) {
      this.stepping = e.id;
      this.focusId = e.id;
    } else if (this.focusId === e.id && this.stepping !== e.id) this.focusId = undefined;
  }

  /** A step ended in another thread's stop: the focus goes there. */
  release(): void {
    this.stepping = undefined;
    if (this.focus()?.state !== 'stopped') this.focusId = this.stoppedThreads()[0]?.id;
  }

  /** The connection ended: its threads are gone. */
  forget(client: DapClient): ThreadEntry[] {
    const gone = [...(this.byClient.get(client)?.values() ?? [])];
    for (const e of gone) this.remove(e);
    this.byClient.delete(client);
    this.allStopped.delete(client);
    return gone;
  }

  clear(): void {
    this.entries.clear();
    this.byClient.clear();
    this.allStopped.clear();
    this.focusId = undefined;
    this.stepping = undefined;
  }

  /** Answers are about this stopped thread from now on (e.g. the one a pause shows instead of the adapter's). */
  focusOn(e: ThreadEntry): void {
    if (e.state === 'stopped' && this.entries.get(e.id) === e) this.focusId = e.id;
  }

  /** The focused thread; when it runs (and is not stepping), the oldest stopped thread takes over. */
  focus(): ThreadEntry | undefined {
    const f = this.focusId === undefined ? undefined : this.entries.get(this.focusId);
    if (f && (f.state === 'stopped' || this.stepping === f.id)) return f;
    const next = this.stoppedThreads()[0];
    this.focusId = next?.id ?? f?.id;
    return next ?? f;
  }

  /** Stopped threads: those with a stop of their own first, in stop order, then the ones stopped with all. */
  stoppedThreads(): ThreadEntry[] {
    const stopped = this.all().filter((e) => e.state === 'stopped');
    const own = stopped.filter((e) => e.stop).sort((a, b) => a.stop!.seq - b.stop!.seq);
    return [...own, ...stopped.filter((e) => !e.stop)];
  }

  get anyStopped(): boolean {
    return this.all().some((e) => e.state === 'stopped');
  }

  /** The latest stop number handed out: a wait for "a stop after this one" starts from it. */
  get lastStopSeq(): number {
    return this.stopSeq;
  }

  private remove(e: ThreadEntry): void {
    this.entries.delete(e.id);
    this.byClient.get(e.client)?.delete(e.adapterId);
    if (this.focusId === e.id) this.focusId = undefined;
    if (this.stepping === e.id) this.stepping = undefined;
  }

  /** An id no thread has (adapters' ids collide across connections, e.g. js-debug's children). */
  private freeId(): number {
    let id = 1;
    while (this.entries.has(id)) id++;
    return id;
  }
}
