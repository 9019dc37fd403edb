import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Profile } from '../profiles/schema.js';
import { ProfileRegistry } from '../profiles/loader.js';
import { deepMerge, fillTemplate } from '../profiles/template.js';
import { checkArgsDepth } from './checks/args-depth.js';
import { hooksFor, type TemplateVars } from '../profiles/hooks/index.js';
import { waitForListener } from '@dapgate/dap';
import { attachCandidates, type AttachCandidates } from './connection/attach-candidates.js';
import { waitUntraced } from '../process/debug-port.js';
import { appliesTo, BreakpointBook, type BookBreakpoint, type BreakpointSpec } from '../breakpoints/book.js';
import { WorkspaceBreakpoints } from '../breakpoints/workspace-breakpoints.js';
import { GatewayError } from '../errors.js';
import { attachPortFailure } from './connection/attach-port.js';
import { Session, type SessionConfig } from './session.js';
import { BreakpointIntake } from './breakpoints/breakpoint-intake.js';
import { AdapterPool } from './connection/adapter-pool.js';
import { AdapterSupply } from './connection/adapter-supply.js';
import { canonicalPath } from './paths.js';
import { type EvalMode } from '../policy/evaluation.js';
import { adapterCwd, checkRequired } from './checks/request-checks.js';
import { AllowRoots } from '../policy/allow-roots.js';
import type { AttachRequest, LaunchRequest } from './types.js';
import { KeptState } from '../workspace/kept.js';
import type { SavedSession } from '../workspace/state-file.js';

/** How many ended sessions are kept for their output and exit status. */
const KEEP_ENDED = 5;

/** What an attach adds to a session's configuration. */
type StartExtras = Partial<Pick<SessionConfig, 'reconnect' | 'attachAddress' | 'targetPid' | 'exceptionFilters' | 'exceptionFilterOptions' | 'exceptionStopCheck' | 'adapterCwd' | 'evaluateOnAttach'>> & {
  sessionId?: string;
  /** The adapter's command line, already being resolved (a launch starts that before its hooks run). */
  adapterCommand?: Promise<string[]>;
};

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

  /** Launches; the breakpoints given to a launch that fails end with it (`req.sessionId`). */
  async launch(req: LaunchRequest): Promise<Session> {
    try {
      return await this.launchAs(req);
    } catch (e) {
      if (req.sessionId) this.endOwned(req.sessionId);
      throw e;
    }
  }

  /** Attaches; the breakpoints given to an attach that fails end with it (`req.sessionId`). */
  async attach(req: AttachRequest): Promise<Session> {
    try {
      return await this.attachAs(req);
    } catch (e) {
      if (req.sessionId) this.endOwned(req.sessionId);
      throw e;
    }
  }

  private async launchAs(req: LaunchRequest): Promise<Session> {
    checkArgsDepth(req.adapterArgs, 'adapterArgs');
    const program = req.program ? canonicalPath(req.program, req.cwd ?? process.cwd()) : undefined;
    const { fields = {}, ...unified } = req;
    const profile = this.profiles.pickFor('launch', req.language, program, fields);
    if (program && !existsSync(program)) throw new GatewayError(`program '${req.program}' not found (looked at ${program})`, 'pass an absolute path, or one relative to cwd', 'not-found');
    const programIsFolder = !!program && statSync(program).isDirectory();
    const cwd = canonicalPath(req.cwd ?? (program ? (programIsFolder ? program : resolve(program, '..')) : process.cwd()));
    if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw new GatewayError(`cwd '${req.cwd}' is not a folder`, 'pass an existing folder as cwd', 'not-found');
    if (program) this.allowed.check('program', program);
    this.allowed.check('cwd', cwd);
    const template = profile.launch;
    checkRequired(profile, 'launch', template.requires, { ...fields, ...unified, program });
    const breakpointFiles = [...new Set(this.book.list().flatMap((b) => (b.file && appliesTo(b, req.sessionId) ? [b.file] : [])))];
    const vars: TemplateVars = { ...req.templateVars, ...fields, ...unified, program, cwd, stopOnEntry: req.stopOnEntry ?? false, breakpointFiles };
    const adapterCommand = this.adapters.ahead(profile);
    await hooksFor(profile.hooks).prepareLaunch?.(vars);
    const args = deepMerge(fillTemplate(template.arguments, vars) as Record<string, unknown>, req.adapterArgs);
    const named = Object.values(fields).find((v): v is string => typeof v === 'string'); // e.g. a module or main class
    const target = `${profile.id} ${program ? basename(program) : named ?? ''}${req.args?.length ? ` ${req.args.join(' ')}` : ''}`.trim();
    return this.start(profile, 'launch', target, cwd, args, undefined, { exceptionFilters: req.exceptionFilters, exceptionFilterOptions: req.exceptionFilterOptions, exceptionStopCheck: req.exceptionStopCheck, adapterCwd: adapterCwd(profile, vars), sessionId: req.sessionId, adapterCommand });
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
    checkArgsDepth(req.adapterArgs, 'adapterArgs');
    const { fields = {}, ...unified } = req;
    const profile = this.profiles.pickFor('attach', req.language, undefined, fields);
    const base = profile.attach;
    if (!base) throw new GatewayError(`${profile.displayName} has no attach support in dapgate yet`, undefined, { code: 'no-attach', next: 'launch-instead' });
    const given: Record<string, unknown> = { ...fields, ...unified };
    const variant = base.variants.find((v) => v.when.every((k) => given[k] !== undefined));
    const template = { ...base, ...variant };
    for (const u of template.unsupported) {
      if ((req as unknown as Record<string, unknown>)[u] !== undefined) {
        throw new GatewayError(`${profile.displayName} cannot attach by ${u}`, `attach by ${u === 'processId' ? 'host and port' : 'processId'} instead`, 'not-supported');
      }
    }
    const host = req.host ?? template.defaultHost;
    const port = req.port ?? template.defaultPort;
    const cwd = canonicalPath(req.cwd ?? process.cwd());
    const vars: TemplateVars = { ...fields, ...unified, host, port, cwd };
    checkRequired(profile, 'attach', template.requires, vars);
    const target = req.processId ? `${profile.id} pid ${req.processId}` : `${profile.id} ${host}:${port}`;
    const holder = this.list().find((s) => s.live && s.kind === 'attach' && s.target === target);
    if (holder) throw new GatewayError(`${target} is already attached by session ${holder.id}`, undefined, { code: 'already-attached', next: 'stop-session', session: holder.id });
    // before the hooks: they may signal the process (Node's SIGUSR1) or ask it to open a port (jcmd)
    const deadline = Date.now() + (req.waitForTargetMs ?? 0);
    if (this.allowed.confining) {
      this.allowed.check('cwd', cwd);
      await this.allowed.checkAttach(req.processId === undefined ? { host, port } : { host: req.host, processId: req.processId }, deadline);
    }
    const hooks = hooksFor(profile.hooks);
    await hooks.prepareAttach?.(vars);
    const args = deepMerge(fillTemplate(template.arguments, vars) as Record<string, unknown>, req.adapterArgs);
    const extra: StartExtras = {
      // every attempt under one id: the breakpoints given to the attach are that session's own
      sessionId: req.sessionId ?? this.reserveSessionId(),
      reconnect: req.reconnect,
      attachAddress: req.processId || port === undefined || !host ? undefined : { host, port },
      targetPid: req.processId,
      exceptionFilters: req.exceptionFilters,
      adapterCwd: adapterCwd(profile, vars),
      evaluateOnAttach: template.evaluateOnAttach === undefined ? undefined : (fillTemplate(template.evaluateOnAttach, vars) as string | undefined),
    };
    const address = template.connect === 'target' ? { host, port: port!, waitMs: req.waitForTargetMs ?? 0 } : undefined;
    for (;;) {
      try {
        const session = await this.start(profile, 'attach', target, cwd, args, address, extra);
        if (template.injects && req.processId !== undefined) await waitUntraced(req.processId, 10_000);
        this.kept.attachRequests.set(session.id, { ...req, waitForTargetMs: undefined, sessionId: undefined, stopOnEntry: undefined });
        this.kept.changed();
        return session;
      } catch (e) {
        // The adapter connects to the target itself: while the target is not listening yet, wait until its port listens (looked up, not connected to where possible), then attach again.
        const refused = template.notListeningPatterns.some((p) => new RegExp(p, 'i').test((e as Error).message));
        const advice = await hooks.explainAttachFailure?.((e as Error).message, vars);
        if (advice) throw new GatewayError(`${(e as Error).message}`, advice, 'no-attach');
        if (address || !refused || port === undefined || Date.now() >= deadline) throw await attachPortFailure(e, profile, req.processId === undefined ? host : undefined, port);
        this.removeFailedAttempt();
        if (!(await waitForListener(host, port, deadline, { greeting: template.portGreeting }))) throw await attachPortFailure(e, profile, host, port);
      }
    }
  }

  /**
   * For an attach given neither port nor process id: the processes of that language to choose from
   * when nothing listens on its default port; `undefined` to attach at the default port as before.
   */
  async attachCandidates(req: Pick<AttachRequest, 'language' | 'fields'>): Promise<AttachCandidates | undefined> {
    return attachCandidates(this.profiles.pickFor('attach', req.language, undefined, req.fields ?? {}));
  }

  /** Forgets the session of an attach attempt that failed (it is retried under the same id). */
  private removeFailedAttempt(): void {
    const last = this.recent[this.recent.length - 1];
    if (last && this.sessions.get(last)?.state === 'failed') this.remove(last);
  }

  private async start(
    profile: Profile,
    kind: 'launch' | 'attach',
    target: string,
    cwd: string,
    requestArguments: Record<string, unknown>,
    targetAddress: { host: string; port: number; waitMs: number } | undefined,
    extra: StartExtras = {},
  ): Promise<Session> {
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
      // the next launch of this language finds an adapter ready; started after this one so they do not compete
      if (adapterCommand) this.adapters.refill(profile, adapterCommand, extra.adapterCwd);
    }
    return session;
  }

  /** The operator's evaluation mode (default blocklist). */
  get evalMode(): EvalMode {
    return this.options.evalMode ?? 'blocklist';
  }

  /** A data breakpoint (watchpoint) on a variable path in a stopped session's frame (see BreakpointIntake.addWatch). */
  addWatch(spec: BreakpointSpec & { watch: string }, sessionId: string | undefined, frame = 0): Promise<BookBreakpoint> {
    return this.intake.addWatch(spec, sessionId, frame);
  }

  addBreakpoint(spec: BreakpointSpec, cwd: string): BookBreakpoint {
    return this.intake.add([spec], cwd)[0]!;
  }

  /** Adds several breakpoints, all or none (see BreakpointIntake.add). */
  addBreakpoints(specs: BreakpointSpec[], cwd: string): BookBreakpoint[] {
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
