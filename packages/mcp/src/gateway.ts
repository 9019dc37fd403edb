import { loadProfiles, persistWorkspace, ProfileRegistry, resolveAhead, SessionManager, StateFile, type EvalMode } from '@dapgate/core';
import type { McpServer } from '@modelcontextprotocol/server';
import type { Logger } from './logger.js';
import { createMcpServer } from './server.js';
import { listingMemo, warmListing } from './tools/tool-list.js';
import { setSecretMasking } from './format/secrets.js';
import { poolOptions } from './pool-options.js';
import { watchEventLoop } from './health.js';

export interface GatewayOptions {
  allowRoots: string[];
  /** Mask credential-shaped values in answers (default true). */
  maskSecrets?: boolean;
  evalMode?: EvalMode;
  /** Install a missing adapter on a tool's first use of it (default true). */
  autoInstall?: boolean;
  logger: Logger;
}

/** Polite shutdown (disconnect, terminate) gets this long; whatever is left is killed on exit. */
const SHUTDOWN_BOUND_MS = 5_000;

/**
 * One gateway for either transport: the debug sessions and breakpoints, MCP servers over them
 * (stdio has one, HTTP one per MCP session), and the one way it shuts down. `manager` is the
 * gateway's own workspace (stdio's, HTTP's shared one) and owns the warm adapters; HTTP clients'
 * workspaces come from `workspace()`.
 */
export class Gateway {
  readonly manager: SessionManager;
  private readonly workspaces = new Set<SessionManager>();
  private readonly closers: (() => void)[] = [];
  private closing: Promise<void> | undefined;

  constructor(readonly options: GatewayOptions) {
    setSecretMasking(options.maskSecrets !== false);
    const requestTimeoutMs = Number(process.env.DAPGATE_REQUEST_TIMEOUT_MS) || undefined;
    watchEventLoop();
    this.manager = new SessionManager(new ProfileRegistry(loadProfiles()), { allowRoots: options.allowRoots, requestTimeoutMs, evalMode: options.evalMode, autoInstall: options.autoInstall, ...poolOptions() });
    const log = options.logger;
    this.manager.onSessionCreated((s) => {
      log.info(`session ${s.id} (${s.target}) ${s.kind}`);
      s.on('state', (state) => (state === 'failed' ? log.warn(`session ${s.id} failed`) : log.debug(`session ${s.id} ${state}`)));
    });
  }

  /**
   * Looks up every language's adapter and interpreter in the background (once), so the first
   * launch does not wait for them: called once the client has its first answer after initialize
   * (the lookups' process starts would slow the tools/list it waits for), or when HTTP listens.
   */
  lookUpAhead(): void {
    if (this.lookingUp) return;
    this.lookingUp = true;
    const log = this.options.logger;
    const started = Date.now();
    resolveAhead(this.manager.profiles.profiles).then(
      (r) => log.debug(`adapters looked up ahead in ${Date.now() - started} ms: usable ${r.usable.join(', ') || 'none'}${r.unusable.length ? `; not usable: ${r.unusable.join(', ')}` : ''}`),
      (e: Error) => log.debug(`looking up adapters ahead: ${e.message}`),
    );
  }

  private lookingUp = false;

  /** An MCP server with every tool and resource, over the sessions of `workspace` (default: the gateway's own). */
  newServer(workspace = this.manager, connected = true): McpServer {
    const server = createMcpServer(workspace, connected);
    // the tools' JSON schemas, converted while the client reads the initialize answer, not on its tools/list
    if (!this.listingWarmed) {
      this.listingWarmed = true;
      setImmediate(() => void warmListing(listingMemo(workspace.profiles)));
    }
    return server;
  }

  private listingWarmed = false;

  /** A new workspace (own sessions, default session, breakpoint book) sharing this gateway's warm adapters. */
  workspace(): SessionManager {
    const m = this.manager.workspace();
    this.workspaces.add(m);
    return m;
  }

  /** Ends a workspace's sessions and forgets it. */
  async retire(workspace: SessionManager): Promise<void> {
    this.workspaces.delete(workspace);
    const live = workspace.list().filter((s) => s.live).length;
    await workspace.stopAll();
    this.options.logger.info(`a workspace no client was connected to ended${live ? `, with its ${live} live session(s)` : ''}`);
  }

  /** Restores the gateway's own workspace from its state file (per cwd) and keeps saving it. */
  async keepState(): Promise<void> {
    const problem = await persistWorkspace(this.manager, new StateFile(process.cwd()));
    if (problem) this.options.logger.error(problem);
  }

  /** Something to close first when shutting down (a listening socket). */
  onShutdown(close: () => void): void {
    this.closers.push(close);
  }

  /** Ends on SIGINT, SIGTERM and SIGHUP; at exit, kills any adapter the polite shutdown left. */
  handleSignals(): void {
    process.on('exit', () => {
      for (const m of this.workspaces) m.killAllNow();
      this.manager.killAllNow();
    });
    for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void this.shutdown(sig));
  }

  /** The one shutdown path (stdin closed, a signal, the HTTP server closing): ends every session, then exits. */
  shutdown(why: string): Promise<void> {
    this.closing ??= (async () => {
      const log = this.options.logger;
      log.info(`shutting down (${why}): ending ${this.manager.list().filter((s) => s.live).length} live session(s)`);
      const bound = setTimeout(() => process.exit(0), SHUTDOWN_BOUND_MS);
      for (const close of this.closers) {
        try {
          close();
        } catch (e) {
          log.error(`while shutting down: ${(e as Error).message}`);
        }
      }
      await Promise.all([...this.workspaces].map((m) => m.stopAll()));
      await this.manager.stopAll(); // last: it closes the warm adapters
      await log.flush();
      clearTimeout(bound);
      process.exit(0);
    })();
    return this.closing;
  }
}
