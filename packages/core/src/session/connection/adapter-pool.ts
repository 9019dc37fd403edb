import type { DebugProtocol } from '@vscode/debugprotocol';
import { connectTcp, freePort, killTree, startAdapterProcess, startStdioAdapter, waitForLine, type AdapterProcess, type DapConnection } from '@dapgate/dap';
import type { Profile } from '../../profiles/schema.js';
import { INITIALIZE_ARGS } from './dap-client.js';
import { TrafficQuiet } from './traffic-quiet.js';

/** How to start one adapter process of a profile (the resolved command line and its env). */
export interface AdapterRecipe {
  profile: Profile;
  command: string[];
  /** The adapter's working directory (delve builds there); part of the pool key. */
  cwd?: string;
  env: NodeJS.ProcessEnv;
  requestTimeoutMs: number;
}

/** An adapter ready for a session: its process, a connection, and what was done ahead. */
export interface ReadyAdapter {
  adapter: AdapterProcess;
  connection: DapConnection;
  /** tcp-listen adapters: the port further connections (child sessions) go to. */
  port?: number;
  /** Set when `initialize` was sent ahead: the adapter's answer. */
  capabilities?: DebugProtocol.Capabilities;
  /** Events the adapter sent before the session took it. */
  earlyEvents: DebugProtocol.Event[];
  /** The process serves other sessions too: a session must not end it. */
  shared: boolean;
}

interface Warm {
  ready: Promise<ReadyAdapter | undefined>;
  /** Stops collecting the events the idle adapter sends (the session listens from then on). */
  handOver?: () => void;
  /** The process, as soon as it is spawned (so it can be killed while still starting). */
  adapter?: AdapterProcess;
}

interface SharedServer {
  adapter: AdapterProcess;
  port: number;
}

/** Spawns one adapter; for tcp-listen adapters also waits until it listens and connects. */
export async function spawnAdapter(recipe: AdapterRecipe, onSpawn: (adapter: AdapterProcess) => void): Promise<{ adapter: AdapterProcess; connection: DapConnection; port?: number }> {
  const { profile, command, env, requestTimeoutMs } = recipe;
  if (profile.adapter.transport === 'stdio') {
    const { adapter, connection } = startStdioAdapter(command[0]!, command.slice(1), { env, cwd: recipe.cwd, requestTimeoutMs });
    onSpawn(adapter);
    return { adapter, connection };
  }
  const { adapter, port } = await startListener(recipe, onSpawn);
  const { connection } = await connectTcp('127.0.0.1', port, { waitMs: 10_000, requestTimeoutMs });
  return { adapter, connection, port };
}

async function startListener(recipe: AdapterRecipe, onSpawn: (adapter: AdapterProcess) => void): Promise<SharedServer> {
  const port = await freePort();
  const command = recipe.command.map((a) => a.replaceAll('${port}', String(port)));
  const adapter = startAdapterProcess(command[0]!, command.slice(1), { env: recipe.env, cwd: recipe.cwd });
  onSpawn(adapter);
  try {
    if (recipe.profile.adapter.listenPattern) await waitForLine(adapter.child.stdout!, new RegExp(recipe.profile.adapter.listenPattern), 15_000);
  } catch (e) {
    await adapter.kill();
    throw e;
  }
  return { adapter, port };
}

const keyOf = (r: AdapterRecipe) => JSON.stringify([r.profile.id, r.command, r.profile.adapter.env, r.cwd ?? null]);

/**
 * Adapters started ahead of the launches that use them, per profile (`adapter.pool`): up to
 * `size` idle processes, spawned (and `initialize`d when `initialize` is set) before a launch
 * asks, refilled after one is taken; or, with `shared`, one server process that every session
 * connects to. A profile is warmed only once it has been launched in this gateway (or named in
 * `warm`); with `refillWhenQuietMs`, a refill waits until the sessions' adapters have had no
 * request for that long. An idle adapter that exits is dropped; `close`/`killNow` end them all.
 */
export class AdapterPool {
  private readonly idle = new Map<string, Warm[]>();
  private readonly servers = new Map<string, Promise<SharedServer>>();
  private readonly live = new Set<AdapterProcess>();
  private readonly traffic = new TrafficQuiet();
  /** Refills waiting for quiet (`refillWhenQuietMs`), by pool key. */
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly enabled = true) {}

  /** An adapter for a session: a warm one if there is one, else started now. */
  async acquire(recipe: AdapterRecipe, onSpawn: (adapter: AdapterProcess) => void): Promise<ReadyAdapter> {
    const ready = await this.take(recipe, onSpawn);
    this.traffic.watch(ready.connection);
    return ready;
  }

  private async take(recipe: AdapterRecipe, onSpawn: (adapter: AdapterProcess) => void): Promise<ReadyAdapter> {
    const pool = this.enabled ? recipe.profile.adapter.pool : undefined;
    if (pool?.shared && recipe.profile.adapter.transport === 'tcp-listen') return this.connectShared(recipe, onSpawn);
    for (let warm = this.takeIdle(recipe); warm; warm = this.takeIdle(recipe)) {
      const ready = await warm.ready;
      warm.handOver?.();
      if (ready && ready.adapter.running && !ready.connection.closed) {
        this.live.delete(ready.adapter);
        onSpawn(ready.adapter);
        return ready;
      }
    }
    const fresh = await spawnAdapter(recipe, onSpawn);
    return { ...fresh, earlyEvents: [], shared: false };
  }

  /** Fills the profile's pool up to its size in the background (after a launch of it, or on `warm`). */
  refill(recipe: AdapterRecipe): void {
    const pool = recipe.profile.adapter.pool;
    if (!this.enabled || this.closed || !pool) return;
    if (pool.shared) {
      if (recipe.profile.adapter.transport === 'tcp-listen') void this.server(recipe).catch(() => undefined);
      return;
    }
    const key = keyOf(recipe);
    const wait = pool.refillWhenQuietMs === undefined ? 0 : pool.refillWhenQuietMs - this.traffic.quietMs();
    if (wait > 0) {
      if (!this.waiting.has(key)) this.waiting.set(key, setTimeout(() => (this.waiting.delete(key), this.refill(recipe)), wait).unref());
      return;
    }
    const list = this.idle.get(key) ?? [];
    this.idle.set(key, list);
    while (list.length < pool.size) list.push(this.startWarm(recipe, pool.initialize));
  }

  /** Ends the idle adapters (or shared server) started for this recipe: a command line guessed ahead that the resolution did not confirm. */
  discard(recipe: AdapterRecipe): void {
    const key = keyOf(recipe);
    const waiting = this.waiting.get(key);
    if (waiting) clearTimeout(waiting);
    this.waiting.delete(key);
    const idle = this.idle.get(key) ?? [];
    this.idle.delete(key);
    for (const warm of idle) void warm.ready.then((ready) => (ready ?? warm).adapter?.kill(0));
    const server = this.servers.get(key);
    this.servers.delete(key);
    void server?.then((s) => s.adapter.kill(0)).catch(() => undefined);
  }

  /** Processes the pool holds now (idle ones and shared servers), for diagnostics and tests. */
  pids(): number[] {
    return [...this.live].map((a) => a.pid).filter((p): p is number => p !== undefined);
  }

  /** Ends every idle adapter and shared server (bounded); the pool starts nothing after this. */
  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.waiting.values()) clearTimeout(t);
    this.waiting.clear();
    const all = [...this.live];
    this.idle.clear();
    this.servers.clear();
    this.live.clear();
    await Promise.all(all.map((a) => a.kill(1_000)));
  }

  /** Synchronous last resort at exit. */
  killNow(): void {
    this.closed = true;
    for (const t of this.waiting.values()) clearTimeout(t);
    for (const a of this.live) killTree(a.pid);
    this.live.clear();
  }

  private takeIdle(recipe: AdapterRecipe): Warm | undefined {
    const list = this.idle.get(keyOf(recipe));
    // prefer one that has already spawned; an idle one that exited was removed by its exit handler
    return list?.shift();
  }

  private track(adapter: AdapterProcess, onExit: () => void): void {
    this.live.add(adapter);
    void adapter.exited.then(() => {
      this.live.delete(adapter);
      onExit();
    });
  }

  private startWarm(recipe: AdapterRecipe, initialize: boolean): Warm {
    const key = keyOf(recipe);
    const warm: Warm = { ready: Promise.resolve(undefined) };
    const drop = () => {
      const list = this.idle.get(key);
      const i = list?.indexOf(warm) ?? -1;
      if (i >= 0) list!.splice(i, 1);
    };
    warm.ready = (async () => {
      const spawned = await spawnAdapter(recipe, (adapter) => {
        warm.adapter = adapter;
        this.track(adapter, drop);
        if (this.closed) void adapter.kill(0);
      });
      const earlyEvents: DebugProtocol.Event[] = [];
      const record = (e: DebugProtocol.Event) => earlyEvents.push(e);
      spawned.connection.on('event', record);
      warm.handOver = () => spawned.connection.off('event', record);
      let capabilities: DebugProtocol.Capabilities | undefined;
      if (initialize) {
        const r = await spawned.connection.request('initialize', INITIALIZE_ARGS(recipe.profile.adapterId), { timeoutMs: 30_000 });
        capabilities = (r.body as DebugProtocol.Capabilities | undefined) ?? {};
      }
      return { ...spawned, capabilities, earlyEvents, shared: false };
    })().catch(() => {
      drop();
      void warm.adapter?.kill(0);
      return undefined;
    });
    return warm;
  }

  private server(recipe: AdapterRecipe): Promise<SharedServer> {
    const key = keyOf(recipe);
    let server = this.servers.get(key);
    if (!server) {
      server = startListener(recipe, (adapter) =>
        this.track(adapter, () => {
          if (this.servers.get(key) === server) this.servers.delete(key);
        }),
      );
      this.servers.set(key, server);
      server.catch(() => this.servers.get(key) === server && this.servers.delete(key));
    }
    return server;
  }

  private async connectShared(recipe: AdapterRecipe, onSpawn: (adapter: AdapterProcess) => void): Promise<ReadyAdapter> {
    let server = await this.server(recipe);
    if (!server.adapter.running) {
      this.servers.delete(keyOf(recipe));
      server = await this.server(recipe);
    }
    onSpawn(server.adapter);
    const { connection } = await connectTcp('127.0.0.1', server.port, { waitMs: 5_000, requestTimeoutMs: recipe.requestTimeoutMs });
    return { adapter: server.adapter, connection, port: server.port, earlyEvents: [], shared: true };
  }
}
