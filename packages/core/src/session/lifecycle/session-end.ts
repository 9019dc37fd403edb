import { setTimeout as delay } from 'node:timers/promises';
import type { SessionConnections } from '../connection/connections.js';
import { Reconnector } from '../connection/reconnector.js';
import type { SessionState } from '../types.js';
import { releaseTarget, type Detached, type Releasable } from './detach.js';
import { runsUntraced, tracedByOurs } from './proc-state.js';
import { endLaunched, terminateAttached, type TargetEnd } from './target-ending.js';

/** How long a ptrace debugger's detach may take to show in /proc (the process untraced, not stopped). */
const UNTRACED_WITHIN_MS = 2_000;

/** What ending a session, asked for or not, reads and does on it (not the Session class: it owns this). */
export interface EndingHost extends Releasable {
  readonly kind: 'launch' | 'attach';
  readonly target: string;
  readonly targetPid: number | undefined;
  readonly connections: SessionConnections;
  moveTo(state: SessionState): void;
  fail(reason: string): void;
  dispose(terminate: boolean): Promise<void>;
  dropConnection(terminate: boolean): Promise<void>;
  logGatewayEvent(type: string, summary: string): void;
}

/** What the session's start said about ending: whether an attach re-attaches when its target goes, and where it attached. */
export interface EndingOptions {
  reconnect?: boolean;
  attachAddress?: { host: string; port: number };
  /** Connects, initializes and attaches again (bounded by `timeoutMs`); throws when it cannot. */
  establish(timeoutMs: number): Promise<void>;
}

/**
 * How a session ends: asked to (`end`: terminate, or let go of an attached target), or by losing
 * its adapter or its connection (the session fails, or an attach that asked to reconnect attaches
 * again). Once asked to end, it no longer reconnects.
 */
export class SessionEnd {
  /** The session ended by detaching from its program, which was left running (not terminated). */
  detached = false;
  /** What the detach that ended it did to the target (an attached session let go of without terminating it). */
  release: Detached | undefined;
  /** Aborted when the session is being ended: no more reconnecting. */
  private readonly ending = new AbortController();
  private readonly reconnector: Reconnector;

  constructor(
    private readonly s: EndingHost,
    private readonly options: EndingOptions,
  ) {
    this.reconnector = new Reconnector(
      {
        target: s.target,
        get live() {
          return s.live;
        },
        establish: (t) => options.establish(t),
        drop: () => s.dropConnection(false),
        markReconnecting: () => s.moveTo('reconnecting'),
        giveUp: (reason) => {
          s.logGatewayEvent('ended', reason);
          s.moveTo('terminated');
        },
        log: (type, summary) => s.logGatewayEvent(type, summary),
      },
      this.ending.signal,
    );
  }

  get reconnecting(): boolean {
    return this.s.kind === 'attach' && !!this.options.reconnect && !this.ending.signal.aborted && this.s.live;
  }

  reconnect(reason: string): void {
    void this.reconnector.run(reason);
  }

  /**
   * Ends the session: terminate (launched) or detach; the adapter process is always ended. `by`
   * names who asked. Terminating an attached target is checked: the answer says whether it is gone.
   */
  async end(terminate: boolean, by: string): Promise<TargetEnd | undefined> {
    const s = this.s;
    this.ending.abort();
    if (!s.live && !s.connections.adapter?.running) return undefined;
    const wasLive = s.live;
    let traced = false;
    if (!terminate && s.kind === 'attach' && (s.state === 'running' || s.state === 'stopped')) {
      // traced (ptrace) by our adapter: checked in /proc once it let go, instead of a run window before
      traced = await tracedByOurs(s.targetPid, [s.connections.adapterPid].filter((p): p is number => !!p));
      this.release = await releaseTarget(s, traced);
    }
    // a program dapgate launched ends with its session, terminate or not: nothing else would end it (no orphans)
    const outcome = s.kind === 'launch' ? await endLaunched(s) : terminate ? await terminateAttached(s, this.options.attachAddress) : (await s.dispose(false), undefined);
    if (traced && this.release?.running === undefined) this.release = { ...this.release!, ...(await runsUntraced(s.targetPid!, UNTRACED_WITHIN_MS)), afterDetach: true };
    // (the adapter may say `terminated` while it disconnects: whether the program was left running is what this call did)
    if (wasLive && s.kind === 'attach' && (!terminate || outcome?.gone === false) && this.release?.running !== false) this.detached = true;
    if (s.live) s.moveTo('terminated');
    s.logGatewayEvent('ended', terminate || s.kind === 'launch' ? `terminated by ${by}${outcome ? `: ${outcome.detail}` : ''}` : `detached by ${by}`);
    return outcome;
  }

  /** The adapter's process exited while the session was live: re-attach, or the session failed. */
  adapterExited(): void {
    const s = this.s;
    if (!s.live) return;
    const exit = `the debug adapter ${s.connections.adapter?.describeExit() ?? 'exited'}`;
    if (this.reconnecting) this.reconnect(exit);
    else s.fail(`${exit} unexpectedly`);
  }

  /** The connection to the adapter closed while the session was live. */
  connectionClosed(reason: string): void {
    const s = this.s;
    if (!s.live) return;
    if (this.reconnecting) return this.reconnect(`the connection closed: ${reason}`);
    if (s.connections.adapter?.running) return; // the process exit handler reports it with more detail
    void delay(50).then(() => {
      if (s.live) s.fail(`the connection to the debugger closed: ${reason}`);
    });
  }
}
