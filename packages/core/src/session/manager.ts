import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Profile } from '../profiles/schema.js';
import { ProfileRegistry } from '../profiles/loader.js';
import { deepMerge, fillTemplate } from '../profiles/template.js';
import { hooksFor, type TemplateVars } from '../profiles/hooks/index.js';
import { waitForPort } from '@dapgate/dap';
import { resolveAdapter } from '../adapters/resolver.js';
import { options, sameLine } from '../breakpoints/same-line.js';
import { BreakpointBook, type BookBreakpoint, type BreakpointSpec } from '../breakpoints/book.js';
import { GatewayError } from '../errors.js';
import { Session, type SessionConfig } from './session.js';
import { AdapterPool, type AdapterRecipe } from './adapter-pool.js';
import { canonicalPath } from './paths.js';
import { checkExpression, type EvalMode } from '../policy/evaluation.js';
import type { AttachRequest, LaunchRequest } from './types.js';

/** What the adapter says about watching a variable path of a stopped session's frame. */
async function dataBreakpointInfo(s: Session, path: string, frame: number): Promise<{ dataId: string; accessTypes?: string[] }> {
  if (!(s.activeClient() ?? s.connections.main)?.capabilities.supportsDataBreakpoints) {
    throw new GatewayError(`${s.profile.adapter.name} has no data breakpoints (watchpoints)`, 'use a conditional line breakpoint where the value changes', { code: 'not-supported' });
  }
  const { node, parentRef } = await s.inspector.resolvePath(frame, path);
  const body = await s.send('dataBreakpointInfo', { variablesReference: parentRef, name: node.name });
  if (!body?.dataId) throw new GatewayError(`${path} cannot be watched: ${body?.description ?? 'the adapter gave no reason'}`, 'watch a field (an object member) instead of a local');
  s.sync.resolvedDataOn(s.activeClient());
  return { dataId: body.dataId, accessTypes: body.accessTypes };
}

/** How many ended sessions are kept for their output and exit status. */
const KEEP_ENDED = 5;

/** What an attach adds to a session's configuration. */
type StartExtras = Partial<Pick<SessionConfig, 'reconnect' | 'attachAddress' | 'targetPid' | 'exceptionFilters' | 'exceptionFilterOptions' | 'adapterCwd'>>;

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
}

/**
 * All sessions of the gateway, the gateway-wide breakpoint book, and how a unified launch or
 * attach becomes a profile-specific DAP request.
 */
export class SessionManager {
  readonly book = new BreakpointBook();
  private readonly sessions = new Map<string, Session>();
  private nextId = 1;
  private recent: string[] = [];
  readonly pool: AdapterPool;

  constructor(
    readonly profiles: ProfileRegistry,
    private readonly options: ManagerOptions = {},
  ) {
    this.pool = new AdapterPool(options.pool !== false);
    for (const id of options.warm ?? []) {
      const profile = profiles.profiles.find((p) => p.id === id || p.languages.includes(id));
      if (!profile) throw new GatewayError(`cannot warm '${id}': no such language`, `languages: ${profiles.profiles.map((p) => p.id).join(', ')}`);
      setImmediate(() => void this.warmUp(profile));
    }
    this.book.on('change', (change) => {
      const syncs = [...this.sessions.values()]
        .filter((s) => s.state !== 'initializing' && s.live && (change.kind !== 'data' || change.sessionId === s.id))
        .map((s) => s.sync.apply(change));
      this.syncing = Promise.all([this.syncing, ...syncs]).then(() => undefined);
    });
  }

  private syncing: Promise<void> = Promise.resolve();

  /** Resolves once every live session has the breakpoint book's latest state. */
  synced(): Promise<void> {
    return this.syncing;
  }

  private readonly createdListeners = new Set<(session: Session) => void>();

  /** Calls `listener` with every session created from now on. */
  onSessionCreated(listener: (session: Session) => void): void {
    this.createdListeners.add(listener);
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
      if (!s) {
        if (this.sessions.size) throw new GatewayError(`no session '${id}'`, `sessions: ${[...this.sessions.keys()].join(', ')}`, { code: 'unknown-session' });
        throw new GatewayError(`no session '${id}'`, undefined, { code: 'unknown-session', next: 'start-session' });
      }
      this.touch(s.id);
      return s;
    }
    const ordered = [...this.recent].reverse().map((x) => this.sessions.get(x)!).filter(Boolean);
    const s = ordered.find((x) => x.live) ?? ordered[0];
    if (!s) throw new GatewayError('there is no debug session', undefined, { code: 'no-session', next: 'start-session-explained' });
    return s;
  }

  async launch(req: LaunchRequest): Promise<Session> {
    const program = req.program ? canonicalPath(req.program, req.cwd ?? process.cwd()) : undefined;
    const { fields = {}, ...unified } = req;
    const profile = this.profiles.pickFor('launch', req.language, program, fields);
    if (program && !existsSync(program)) throw new GatewayError(`program '${req.program}' not found (looked at ${program})`, 'pass an absolute path, or one relative to cwd');
    const programIsFolder = !!program && statSync(program).isDirectory();
    const cwd = canonicalPath(req.cwd ?? (program ? (programIsFolder ? program : resolve(program, '..')) : process.cwd()));
    if (!existsSync(cwd) || !statSync(cwd).isDirectory()) throw new GatewayError(`cwd '${req.cwd}' is not a folder`, 'pass an existing folder as cwd');
    if (program) this.checkAllowed(program);
    const template = profile.launch;
    this.checkRequired(profile, 'launch', template.requires, { ...fields, ...unified, program });
    const breakpointFiles = [...new Set(this.book.list().flatMap((b) => (b.file ? [b.file] : [])))];
    const vars: TemplateVars = { ...req.templateVars, ...fields, ...unified, program, cwd, stopOnEntry: req.stopOnEntry ?? false, breakpointFiles };
    await hooksFor(profile.hooks).prepareLaunch?.(vars);
    const args = deepMerge(fillTemplate(template.arguments, vars) as Record<string, unknown>, req.adapterArgs);
    const named = Object.values(fields).find((v): v is string => typeof v === 'string'); // e.g. a module or main class
    const target = `${profile.id} ${program ? basename(program) : named ?? ''}${req.args?.length ? ` ${req.args.join(' ')}` : ''}`.trim();
    return this.start(profile, 'launch', target, cwd, args, undefined, { exceptionFilters: req.exceptionFilters, exceptionFilterOptions: req.exceptionFilterOptions, adapterCwd: adapterCwd(profile, vars) });
  }

  async attach(req: AttachRequest): Promise<Session> {
    const { fields = {}, ...unified } = req;
    const profile = this.profiles.pickFor('attach', req.language, undefined, fields);
    const base = profile.attach;
    if (!base) throw new GatewayError(`${profile.displayName} has no attach support in dapgate yet`, undefined, { code: 'no-attach', next: 'launch-instead' });
    const given: Record<string, unknown> = { ...fields, ...unified };
    const variant = base.variants.find((v) => v.when.every((k) => given[k] !== undefined));
    const template = { ...base, ...variant };
    for (const u of template.unsupported) {
      if ((req as unknown as Record<string, unknown>)[u] !== undefined) {
        throw new GatewayError(`${profile.displayName} cannot attach by ${u}`, `attach by ${u === 'processId' ? 'host and port' : 'processId'} instead`);
      }
    }
    const host = req.host ?? template.defaultHost;
    const port = req.port ?? template.defaultPort;
    const cwd = canonicalPath(req.cwd ?? process.cwd());
    const vars: TemplateVars = { ...fields, ...unified, host, port, cwd };
    this.checkRequired(profile, 'attach', template.requires, vars);
    const hooks = hooksFor(profile.hooks);
    await hooks.prepareAttach?.(vars);
    const args = deepMerge(fillTemplate(template.arguments, vars) as Record<string, unknown>, req.adapterArgs);
    const target = req.processId ? `${profile.id} pid ${req.processId}` : `${profile.id} ${host}:${port}`;
    const holder = this.list().find((s) => s.live && s.kind === 'attach' && s.target === target);
    if (holder) throw new GatewayError(`${target} is already attached by session ${holder.id}`, `use session ${holder.id}, or end it with debug_stop {sessionId: "${holder.id}"} first`);
    const extra: StartExtras = {
      reconnect: req.reconnect,
      attachAddress: req.processId || port === undefined || !host ? undefined : { host, port },
      targetPid: req.processId,
      exceptionFilters: req.exceptionFilters,
      adapterCwd: adapterCwd(profile, vars),
    };
    const address = template.connect === 'target' ? { host, port: port!, waitMs: req.waitForTargetMs ?? 0 } : undefined;
    const deadline = Date.now() + (req.waitForTargetMs ?? 0);
    for (;;) {
      try {
        return await this.start(profile, 'attach', target, cwd, args, address, extra);
      } catch (e) {
        // The adapter connects to the target itself: while the target is not listening yet, wait
        // until its port accepts connections, then attach again.
        const refused = template.notListeningPatterns.some((p) => new RegExp(p, 'i').test((e as Error).message));
        const advice = await hooks.explainAttachFailure?.((e as Error).message, vars);
        if (advice) throw new GatewayError(`${(e as Error).message}`, advice);
        if (address || !refused || port === undefined || Date.now() >= deadline) throw e;
        this.removeFailedAttempt();
        if (!(await waitForPort(host, port, deadline))) throw e;
      }
    }
  }

  /** Forgets the session of an attach attempt that failed (it is retried under a new one). */
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
    const adapterCommand = targetAddress ? undefined : await this.adapterCommand(profile);
    const session = new Session({
      id: `s${this.nextId++}`,
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
      exceptionFilters: extra.exceptionFilters ?? profile.defaultExceptionFilters,
      exceptionFilterOptions: extra.exceptionFilterOptions,
      requestTimeoutMs: this.options.requestTimeoutMs,
      reconnect: extra.reconnect,
      attachAddress: extra.attachAddress,
      targetPid: extra.targetPid,
      evalMode: this.evalMode,
      pool: this.pool,
    });
    this.dropOldEnded();
    this.sessions.set(session.id, session);
    this.touch(session.id);
    for (const listener of this.createdListeners) listener(session);
    try {
      await session.start();
    } finally {
      // the next launch of this language finds an adapter ready; started after this one so they do not compete
      if (adapterCommand) this.pool.refill(this.recipe(profile, adapterCommand, extra.adapterCwd));
    }
    return session;
  }

  private async adapterCommand(profile: Profile): Promise<string[]> {
    const status = await resolveAdapter(profile);
    if (!status.installed) throw new GatewayError(`${profile.adapter.name} is not installed: ${status.problem}`, status.install);
    return profile.adapter.command.map((part) => part.replaceAll('${runtime}', status.runtime!).replaceAll('${adapterProgram}', status.adapterProgram ?? ''));
  }

  private recipe(profile: Profile, command: string[], cwd?: string): AdapterRecipe {
    return { profile, command, cwd, env: { ...process.env, ...profile.adapter.env }, requestTimeoutMs: this.options.requestTimeoutMs ?? 10_000 };
  }

  /** Starts warm adapters for a profile now (`warm`), if it is installed. */
  private async warmUp(profile: Profile): Promise<void> {
    try {
      this.pool.refill(this.recipe(profile, await this.adapterCommand(profile)));
    } catch {
      /* not installed: its first launch says so */
    }
  }

  /** Adds breakpoints to the book; relative files resolve against `cwd`. Refuses missing files. */
  get evalMode(): EvalMode {
    return this.options.evalMode ?? 'blocklist';
  }

  /**
   * A data breakpoint (watchpoint) on a variable path in a stopped session's frame; only the
   * adapters that offer them (e.g. fields of objects).
   */
  async addWatch(spec: BreakpointSpec & { watch: string }, sessionId: string | undefined, frame = 0): Promise<BookBreakpoint> {
    this.checkBreakpointExpressions(spec);
    const s = this.get(sessionId);
    const info = await dataBreakpointInfo(s, spec.watch, frame);
    const accessType = spec.accessType ?? 'write';
    if (info.accessTypes && !info.accessTypes.includes(accessType)) {
      throw new GatewayError(`${spec.watch} cannot be watched for ${accessType}`, `it supports: ${info.accessTypes.join(', ')}`);
    }
    return this.book.add({ ...spec, accessType, sessionId: s.id, dataId: info.dataId, file: undefined, line: undefined, function: undefined });
  }

  addBreakpoint(spec: BreakpointSpec, cwd: string): BookBreakpoint {
    return this.addBreakpoints([spec], cwd)[0]!;
  }

  /**
   * Adds several breakpoints, all or none: each is checked (files, adapters' support, one per line,
   * also within the batch) before any is added.
   */
  addBreakpoints(specs: BreakpointSpec[], cwd: string): BookBreakpoint[] {
    const checked = specs.map((spec) => this.checkBreakpoint(spec, cwd));
    const lines = new Map<string, BreakpointSpec>();
    for (const spec of checked) {
      if (!spec.file) continue;
      const key = `${spec.file}:${spec.line}`;
      const earlier = lines.get(key);
      if (earlier && sameLine({ ...earlier, id: 'the breakpoint given before it', kind: 'line', hits: 0, bindings: new Map() }, spec).action === 'replace') {
        throw new GatewayError(`two breakpoints for ${key} (${options(earlier)}; ${options(spec)}); adapters keep one breakpoint per line`, 'give one breakpoint per line: a logpoint with a condition logs only when it holds; a breakpoint with a condition stops only when it holds');
      }
      lines.set(key, spec);
      sameLine(this.book.atLine(spec.file, spec.line!), spec); // refuses a conflict before anything is added
    }
    return checked.map((spec) => {
      const outcome = spec.file ? sameLine(this.book.atLine(spec.file, spec.line!), spec) : { action: 'new' as const };
      if (outcome.action === 'same') return Object.assign(outcome.existing, { replaced: undefined });
      const b = this.book.add(spec);
      if (outcome.action === 'replace') b.replaced = `${outcome.existing.id} had: ${outcome.had}`;
      return b;
    });
  }

  /** A breakpoint as the book keeps it (absolute file), or a refusal saying what to change. */
  private checkBreakpoint(spec: BreakpointSpec, cwd: string): BreakpointSpec {
    this.checkBreakpointExpressions(spec);
    for (const s of this.sessions.values()) {
      const missing = s.live ? s.unsupportedFeatures(spec) : [];
      if (missing.length) throw new GatewayError(`${s.profile.adapter.name} (session ${s.id}) does not support ${missing.join(', ')}`, spec.function ? 'set a line breakpoint in the function instead' : 'set a plain breakpoint instead');
    }
    if (spec.watch) throw new GatewayError('a watch (data breakpoint) is set in a stopped session', undefined, { code: 'watch-needs-stop', next: 'watch-while-stopped' });
    if (spec.function) return { ...spec, file: undefined, line: undefined };
    if (!spec.file || !spec.line) throw new GatewayError('a breakpoint needs file and line, or function', 'e.g. {file: "app.py", line: 12}');
    let file = canonicalPath(spec.file, cwd);
    if (!existsSync(file) && existsSync(canonicalPath(spec.file))) file = canonicalPath(spec.file);
    if (!existsSync(file)) throw new GatewayError(`file '${spec.file}' not found (looked at ${file})`, 'pass an absolute path, or one relative to the session cwd');
    return { ...spec, file };
  }

  /** The folder relative breakpoint paths resolve against: the current session's cwd, else ours. */
  defaultCwd(): string {
    try {
      return this.get().cwd;
    } catch {
      return process.cwd();
    }
  }

  async stopAll(): Promise<void> {
    await Promise.all([this.pool.close(), ...this.list().map((s) => s.end(s.kind === 'launch').catch(() => undefined))]);
  }

  /** Synchronous last resort at exit: no adapter or launched program outlives the gateway. */
  killAllNow(): void {
    this.pool.killNow();
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
    this.recent = this.recent.filter((x) => x !== id);
    this.book.dropSession(id);
  }

  private touch(id: string): void {
    this.recent = this.recent.filter((x) => x !== id).concat(id);
  }

  /** Conditions and logpoints are expressions too: the evaluation mode applies to them. */
  private checkBreakpointExpressions(spec: BreakpointSpec): void {
    if (!spec.condition && !spec.logMessage) return;
    let profiles = this.profiles.profiles;
    if (spec.file) {
      try {
        profiles = [this.profiles.pick(undefined, spec.file)];
      } catch {
        /* unknown extension: check against every language */
      }
    }
    for (const p of profiles) {
      if (spec.condition) checkExpression(p, this.evalMode, spec.condition, 'condition');
      if (spec.logMessage) checkExpression(p, this.evalMode, spec.logMessage, 'logMessage');
    }
  }

  private checkAllowed(program: string): void {
    const roots = this.options.allowRoots ?? [];
    if (roots.length === 0) return;
    if (!roots.some((r) => program === canonicalPath(r) || program.startsWith(canonicalPath(r) + (process.platform === 'win32' ? '\\' : '/')))) {
      throw new GatewayError(`program '${program}' is outside the allowed folders`, `the server allows: ${roots.join(', ')} (set by its operator)`);
    }
  }

  private checkRequired(profile: Profile, what: string, requires: string[][], given: Record<string, unknown>): void {
    for (const oneOf of requires) {
      if (!oneOf.some((k) => given[k] !== undefined)) {
        throw new GatewayError(`${profile.displayName} ${what} needs ${oneOf.join(' or ')}`, `pass ${oneOf.join(' or ')}`);
      }
    }
  }
}

/** The adapter's working directory from the profile's template (undefined: the gateway's). */
function adapterCwd(profile: Profile, vars: Record<string, unknown>): string | undefined {
  const cwd = profile.adapter.cwd === undefined ? undefined : fillTemplate(profile.adapter.cwd, vars);
  return typeof cwd === 'string' && cwd ? cwd : undefined;
}
