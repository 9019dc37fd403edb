import { ProfileRegistry } from '../profiles/loader.js';
import type { Profile } from '../profiles/schema.js';
import { attachCandidates, type AttachCandidates } from './connection/attach-candidates.js';
import { BreakpointBook, type BookBreakpoint, type BreakpointSpec } from '../breakpoints/book.js';
import { WorkspaceBreakpoints } from '../breakpoints/workspace-breakpoints.js';
import { GatewayError } from '../errors.js';
import { Session } from './session.js';
import { BreakpointIntake } from './breakpoints/breakpoint-intake.js';
import { AdapterPool } from './connection/adapter-pool.js';
import { AdapterSupply } from './connection/adapter-supply.js';
import { type EvalMode } from '../policy/evaluation.js';
import { AllowRoots } from '../policy/allow-roots.js';
import type { AttachRequest, LaunchRequest, StartPlan } from './types.js';
import { planLaunch } from './start/launch-request.js';
import { attachUntilListening, planAttach } from './start/attach-request.js';
import { KeptState } from '../workspace/kept.js';
import type { SavedSession } from '../workspace/state-file.js';
import { backgroundTurn, holdBackground, HOLD_BOUND_MS, LaunchHold } from '../process/foreground.js';

/** Resolves when the session first stops (its frames read), exits or ends; or after HOLD_BOUND_MS. */
const firstSettled = (session: Session): Promise<void> => session.waitForSettled(HOLD_BOUND_MS).then(
  () => undefined,
  () => undefined,
);

/** How many ended sessions are kept for their output and exit status. */
const KEEP_ENDED = 5;

export interface ManagerOptions {
  requestTimeoutMs?: number;
  /** Programs outside these folders are refused (empty = anywhere). */
  allowRoots?: string[];
  /** The operator's evaluation mode (default blocklist). */
  evalMode?: EvalMode;
  /** Warm adapters (profiles' `adapter.pool`); default on. */
  pool?: boolean;
  /** Profiles to warm at once instead of after their first launch. */
  warm?: string[];
  /** A pool owned by another manager (a workspace shares its gateway's); this one never closes it. */
  sharedPool?: AdapterPool;
  /** Numbers session ids; shared by a gateway's workspaces so an id names one session gateway-wide. */
  sessionCounter?: { next: number };
  /** Install a missing adapter into dapgate's cache on first use (default on; `--no-install` turns it off). */
  autoInstall?: boolean;
}

/**
 * All sessions of one workspace (the gateway's, or one MCP client's: see `workspace()`), its
 * breakpoint book, and how a unified launch or attach becomes a profile-specific DAP request.
 */
export class SessionManager {
  readonly book = new BreakpointBook();
  private readonly sessions = new Map<string, Session>();
  /** Launches whose answer background work still waits for, by session id. */
  private readonly launchHolds = new Map<string, LaunchHold>();
  private readonly ids: { next: number };
  private recent: string[] = [];
  readonly pool: AdapterPool;
  private readonly adapters: AdapterSupply;
  private readonly allowed: AllowRoots;
  /** What this workspace keeps between gateway runs (workspace/persistence.ts). */
  readonly kept = new KeptState();
  /** The book's breakpoints as front ends add, list and remove them. */
  readonly breakpoints = new WorkspaceBreakpoints(this);
  private readonly intake = new BreakpointIntake({
    book: this.book,
    profiles: () => this.profiles,
    evalMode: () => this.evalMode,
    sessions: () => this.sessions.values(),
    get: (id) => this.get(id),
  });

  constructor(
    readonly profiles: ProfileRegistry,
    private readonly options: ManagerOptions = {},
  ) {
    this.ids = options.sessionCounter ?? { next: 1 };
    this.allowed = new AllowRoots(options.allowRoots);
    this.pool = options.sharedPool ?? new AdapterPool(options.pool !== false);
    this.adapters = new AdapterSupply(this.pool, options);
    for (const id of options.warm ?? []) {
      const profile = profiles.profiles.find((p) => p.id === id || p.languages.includes(id));
      if (!profile) throw new GatewayError(`cannot warm '${id}': no such language`, `languages: ${profiles.profiles.map((p) => p.id).join(', ')}`, 'bad-arguments');
      setImmediate(() => void this.adapters.warmUp(profile));
    }
    this.book.on('change', (change) => {
      const syncs = [...this.sessions.values()]
        .filter((s) => s.state !== 'initializing' && s.live && (!change.sessionId || change.sessionId === s.id))
        .map((s) => s.sync.apply(change));
      this.syncing = Promise.all([this.syncing, ...syncs]).then(() => undefined);
    });
  }

  private syncing: Promise<void> = Promise.resolve();

  /**
   * A separate workspace (its own sessions, default session and breakpoint book) over the same
   * profiles, options and warm adapters; session ids stay unique across all of them.
   */
  workspace(): SessionManager {
    const child = new SessionManager(this.profiles, { ...this.options, warm: [], sharedPool: this.pool, sessionCounter: this.ids });
    for (const listener of this.createdListeners) child.onSessionCreated(listener);
    return child;
  }

  /** Resolves once every live session has the breakpoint book's latest state. */
  synced(): Promise<void> {
    return this.syncing;
  }

  private readonly createdListeners = new Set<(session: Session) => void>();

  /** New session ids start after these (sessions lost in a restart keep theirs). */
  reserveIds(ids: string[]): void {
    for (const id of ids) this.ids.next = Math.max(this.ids.next, Number(id.slice(1)) + 1);
  }

  /** A new session id, for a launch that must own breakpoints before it starts (`LaunchRequest.sessionId`). */
  reserveSessionId(): string {
    return `s${this.ids.next++}`;
  }

  /** The agent's choice of exception filters for a session; its language's next sessions start with them too. */
  async chooseExceptionFilters(session: Session, filters: string[]): Promise<void> {
    await session.sync.applyExceptionFilters(filters, true);
    this.kept.exceptionFilterChoices.set(session.profile.id, filters);
    this.kept.changed();
  }

  /** Calls `listener` with every session created from now on; returns the unsubscribe function. */
  onSessionCreated(listener: (session: Session) => void): () => void {
    this.createdListeners.add(listener);
    return () => this.createdListeners.delete(listener);
  }

  /** The sessions an earlier gateway run lost, and why its saved state could not be restored (if it could not). */
  lost(): { sessions: SavedSession[]; problem: string | undefined } {
    return { sessions: [...this.kept.lost.values()], problem: this.kept.problem };
  }

  /** The process ids of the adapters kept warm for the next sessions. */
  warmAdapterPids(): number[] {
    return this.pool.pids();
  }

  /** Every session kept: the live ones and the last few ended ones. */
  list(): Session[] {
    this.dropOldEnded();
    return [...this.sessions.values()];
  }

  /** A session by id, or the most recently used live one (else the most recent). */
  get(id?: string): Session {
    if (id) {
      const s = this.sessions.get(id);
      const lost = s ? undefined : this.kept.lostError(id);
      if (lost) throw lost;
      if (!s) {
        const what = `no session '${id}' in this client's workspace`;
        if (this.sessions.size) throw new GatewayError(what, `sessions: ${[...this.sessions.keys()].join(', ')}`, { code: 'unknown-session' });
        throw new GatewayError(what, undefined, { code: 'unknown-session', next: 'start-session' });
      }
      this.touch(s.id);
      return s;
    }
    const ordered = [...this.recent].reverse().map((x) => this.sessions.get(x)!).filter(Boolean);
    const s = ordered.find((x) => x.live) ?? ordered[0];
    if (!s) throw new GatewayError('there is no debug session', undefined, { code: 'no-session', next: 'start-session-explained' });
    return s;
  }

  /**
   * Launches; the breakpoints given to a launch that fails end with it (`req.sessionId`). Background
   * work (lookups ahead, warm adapters) waits from the request until the program's first stop or
   * end (bounded: foreground.ts), so it does not compete with the launch for the CPU.
   */
  async launch(req: LaunchRequest): Promise<Session> {
    const hold = new LaunchHold();
    try {
      const session = await this.launchAs(req);
      this.holdUntilAnswered(session, hold);
      return session;
    } catch (e) {
      hold.end();
      if (req.sessionId) this.endOwned(req.sessionId);
      throw e;
    }
  }

  /** Attaches; the breakpoints given to an attach that fails end with it (`req.sessionId`). Background work waits for the attach. */
  async attach(req: AttachRequest): Promise<Session> {
    const release = holdBackground();
    try {
      return await this.attachAs(req);
    } catch (e) {
      if (req.sessionId) this.endOwned(req.sessionId);
      throw e;
    } finally {
      release();
    }
  }

  /**
   * The launch's answer is made (the caller read what it reports after the first stop): background
   * work waits no longer for it. Harmless for a session whose hold has ended.
   */
  launchAnswered(sessionId: string): void {
    const hold = this.launchHolds.get(sessionId);
    // once the answer is written (the caller sends it after this returns): a warm adapter's spawn would delay it
    if (hold) setImmediate(() => hold.answer());
  }

  /** Its own function: closures made in `launch` would share that call's context, and so keep its session reachable. */
  private holdUntilAnswered(session: Session, hold: LaunchHold): void {
    const id = session.id;
    this.launchHolds.set(id, hold);
    void firstSettled(session).then(() => hold.settled());
    // the hold ends at the bound at the latest; its entry goes with it
    void hold.ended.then(() => this.launchHolds.get(id) === hold && this.launchHolds.delete(id));
  }

  private async launchAs(req: LaunchRequest): Promise<Session> {
    return this.start(await planLaunch(req, { profiles: this.profiles, allowed: this.allowed, book: this.book, adapters: this.adapters }));
  }

  /**
   * A session's own breakpoints end with it (kept on the session, for what its answers say about
   * them); also for an id reserved for a launch or attach that never started.
   */
  endOwned(sessionId: string): void {
    const ended = this.book.endOwned(sessionId);
    const s = this.sessions.get(sessionId);
    if (s && ended.length) s.endedBreakpoints.push(...ended);
  }

  private async attachAs(req: AttachRequest): Promise<Session> {
    const plan = await planAttach(req, {
      profiles: this.profiles,
      allowed: this.allowed,
      holderOf: (target) => this.list().find((s) => s.live && s.kind === 'attach' && s.target === target)?.id,
      reserveSessionId: () => this.reserveSessionId(),
    });
    const session = await attachUntilListening(plan, (p) => this.start(p), () => this.removeFailedAttempt());
    this.kept.attachRequests.set(session.id, { ...req, waitForTargetMs: undefined, sessionId: undefined, stopOnEntry: undefined });
    this.kept.changed();
    return session;
  }

  /**
   * For an attach given neither port nor process id: the processes of that language to choose from
   * when nothing listens on its default port; `undefined` to attach at the default port as before.
   */
  async attachCandidates(req: Pick<AttachRequest, 'language' | 'fields'>): Promise<AttachCandidates | undefined> {
    return attachCandidates(await this.profiles.pickFor('attach', req.language, undefined, req.fields ?? {}));
  }

  /** Forgets the session of an attach attempt that failed (it is retried under the same id). */
  private removeFailedAttempt(): void {
    const last = this.recent[this.recent.length - 1];
    if (last && this.sessions.get(last)?.state === 'failed') this.remove(last);
  }

  private async start({ profile, kind, target, cwd, requestArguments, targetAddress, extra }: StartPlan): Promise<Session> {
    const adapterCommand = targetAddress ? undefined : await (extra.adapterCommand ?? this.adapters.command(profile));
    const session = new Session({
      id: extra.sessionId ?? this.reserveSessionId(),
      profile,
      kind,
      target,
      cwd,
      requestArguments,
      adapterCommand,
      adapterEnv: profile.adapter.env,
      adapterCwd: extra.adapterCwd,
      targetAddress,
      book: this.book,
      exceptionFilters: extra.exceptionFilters ?? this.kept.exceptionFilterChoices.get(profile.id) ?? profile.defaultExceptionFilters,
      exceptionFilterOptions: extra.exceptionFilterOptions,
      exceptionStopCheck: extra.exceptionStopCheck,
      requestTimeoutMs: this.options.requestTimeoutMs,
      reconnect: extra.reconnect,
      attachAddress: extra.attachAddress,
      targetPid: extra.targetPid,
      evalMode: this.evalMode,
      pool: this.pool,
      evaluateOnAttach: extra.evaluateOnAttach,
      builtSources: extra.builtSources,
    });
    this.dropOldEnded();
    this.sessions.set(session.id, session);
    this.touch(session.id);
    let started = false;
    session.on('state', () => {
      if (started && !session.live) this.endOwned(session.id);
      this.kept.changed();
    });
    this.kept.changed();
    for (const listener of this.createdListeners) listener(session);
    try {
      await session.start();
      started = true;
      if (!session.live) this.endOwned(session.id);
    } finally {
      // the next launch of this language finds an adapter ready; started once no launch is on its
      // way to its first stop (this one's included: bounded), so they do not compete for the CPU
      if (adapterCommand) this.refillInTurn(profile, adapterCommand, extra.adapterCwd);
    }
    return session;
  }

  /**
   * A warm adapter once background work has its turn. Its own function: a closure made in
   * `launchAs` would share that call's context, and so keep its session reachable while it waits.
   */
  private refillInTurn(profile: Profile, command: string[], cwd: string | undefined): void {
    void backgroundTurn().then(() => this.adapters.refill(profile, command, cwd));
  }

  /** The operator's evaluation mode (default blocklist). */
  get evalMode(): EvalMode {
    return this.options.evalMode ?? 'blocklist';
  }

  /** A data breakpoint (watchpoint) on a variable path in a stopped session's frame (see BreakpointIntake.addWatch). */
  addWatch(spec: BreakpointSpec & { watch: string }, sessionId: string | undefined, frame = 0): Promise<BookBreakpoint> {
    return this.intake.addWatch(spec, sessionId, frame);
  }

  async addBreakpoint(spec: BreakpointSpec, cwd: string): Promise<BookBreakpoint> {
    return (await this.intake.add([spec], cwd))[0]!;
  }

  /** Adds several breakpoints, all or none (see BreakpointIntake.add). */
  addBreakpoints(specs: BreakpointSpec[], cwd: string): Promise<BookBreakpoint[]> {
    return this.intake.add(specs, cwd);
  }

  /** The folder relative breakpoint paths resolve against: the current session's cwd, else ours. */
  defaultCwd(): string {
    return this.sessions.size ? this.get().cwd : process.cwd();
  }

  async stopAll(): Promise<void> {
    await this.kept.stopping();
    const pool = this.options.sharedPool ? undefined : this.pool.close();
    await Promise.all([pool, ...this.list().map((s) => s.end(s.kind === 'launch').catch(() => undefined))]);
  }

  /** Synchronous last resort at exit: no adapter or launched program outlives the gateway. */
  killAllNow(): void {
    if (!this.options.sharedPool) this.pool.killNow();
    for (const s of this.list()) s.killNow();
  }

  /** Ended sessions dropped so far (only the last few are kept, with their output). */
  droppedEnded = 0;

  /** Keeps the last KEEP_ENDED ended sessions; older ones (and their breakpoint bindings) go. */
  private dropOldEnded(): void {
    const ended = [...this.sessions.values()].filter((s) => !s.live);
    for (const s of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED))) {
      this.remove(s.id);
      this.droppedEnded++;
    }
  }

  remove(id: string): void {
    this.sessions.delete(id);
    this.kept.attachRequests.delete(id);
    this.recent = this.recent.filter((x) => x !== id);
    this.book.dropSession(id);
  }

  private touch(id: string): void {
    this.recent = this.recent.filter((x) => x !== id).concat(id);
  }
}
