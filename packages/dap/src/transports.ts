import { createConnection, createServer, type Socket } from 'node:net';
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { DapConnection } from './connection.js';
import { TailBuffer, killTree, spawnGroup, type SpawnOptions } from './processes.js';

/** A debug adapter process we started: its pid, exit state and stderr tail. */
export class AdapterProcess {
  readonly stderr = new TailBuffer();
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  readonly exited: Promise<void>;
  spawnError: Error | undefined;
  private readonly exitListeners = new Set<() => void>();
  private exitReported = false;

  constructor(
    readonly child: ChildProcess,
    readonly commandLine: string[],
  ) {
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (c: string) => this.stderr.append(c));
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        // let its last stderr lines arrive (bounded: a child process may hold the pipe open)
        if (!child.stderr || child.stderr.readableEnded) resolve();
        else {
          const timer = setTimeout(resolve, 200);
          child.stderr.once('end', () => {
            clearTimeout(timer);
            resolve();
          });
        }
      });
      child.once('error', (e) => {
        this.spawnError = e;
        this.exit ??= { code: null, signal: null };
        resolve();
      });
    });
    void this.exited.then(() => {
      this.exitReported = true;
      for (const listener of this.exitListeners) listener();
      this.exitListeners.clear();
    });
  }

  /**
   * Calls `listener` once the process has exited; returns the unsubscribe function. Unlike
   * `exited.then`, unsubscribing releases what the listener holds: a shared adapter outlives the
   * sessions that watch it.
   */
  onExit(listener: () => void): () => void {
    if (this.exitReported) {
      queueMicrotask(listener);
      return () => undefined;
    }
    this.exitListeners.add(listener);
    return () => this.exitListeners.delete(listener);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.exit === undefined;
  }

  describeExit(): string {
    if (this.spawnError) return `could not start ${this.commandLine[0]}: ${this.spawnError.message}`;
    if (!this.exit) return 'still running';
    return this.exit.signal ? `killed by ${this.exit.signal}` : `exited with code ${this.exit.code}`;
  }

  /** Ends the adapter and everything it started; waits at most `graceMs` for the exit. */
  async kill(graceMs = 2_000): Promise<void> {
    if (!this.running) {
      killTree(this.pid); // the group may outlive its leader
      return;
    }
    killTree(this.pid, 'SIGTERM');
    const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
    await Promise.race([this.exited, timer]);
    killTree(this.pid, 'SIGKILL'); // whatever of the group is left, e.g. a debuggee that ignored SIGTERM
  }
}

/** Spawns an adapter that speaks DAP over its stdin/stdout. */
export function startStdioAdapter(command: string, args: string[], options: SpawnOptions & { requestTimeoutMs?: number } = {}) {
  const child = spawnGroup(command, args, options);
  const adapter = new AdapterProcess(child, [command, ...args]);
  const connection = new DapConnection(child.stdout!, child.stdin!, options.requestTimeoutMs);
  void adapter.exited.then(() => connection.close(`the adapter ${adapter.describeExit()}`));
  return { adapter, connection };
}

/** Spawns an adapter process without connecting to it (tcp-listen adapters). */
export function startAdapterProcess(command: string, args: string[], options: SpawnOptions = {}): AdapterProcess {
  return new AdapterProcess(spawnGroup(command, args, options), [command, ...args]);
}

/**
 * Connects to a DAP server on host:port, retrying refused connections until `waitMs` has passed
 * (0 = one attempt). Each attempt is bounded by `attemptTimeoutMs`.
 */
export async function connectTcp(
  host: string,
  port: number,
  options: { waitMs?: number; attemptTimeoutMs?: number; requestTimeoutMs?: number; signal?: AbortSignal } = {},
): Promise<{ socket: Socket; connection: DapConnection }> {
  const deadline = Date.now() + (options.waitMs ?? 0);
  let lastError: Error | undefined;
  for (;;) {
    if (options.signal?.aborted) throw new Error('cancelled while connecting');
    try {
      const socket = await connectOnce(host, port, options.attemptTimeoutMs ?? 3_000);
      socket.setNoDelay(true);
      const connection = new DapConnection(socket, socket, options.requestTimeoutMs);
      socket.on('close', () => connection.close(`the connection to ${host}:${port} closed`));
      return { socket, connection };
    } catch (e) {
      lastError = e as Error;
      if (Date.now() + 200 > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`cannot connect to ${host}:${port}: ${lastError?.message ?? 'unknown error'}`);
}

function connectOnce(host: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

/** Asks the OS for a free TCP port on loopback. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when a line of `stream` matches `pattern`; rejects after `timeoutMs`. */
export function waitForLine(stream: Readable, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer | string) => {
      seen += chunk.toString();
      const match = pattern.exec(seen);
      if (match) {
        done();
        resolve(match);
      } else if (seen.length > 64_000) seen = seen.slice(-8_000);
    };
    const onEnd = () => {
      done();
      reject(new Error(`stream ended before a line matched ${pattern}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no line matched ${pattern} within ${timeoutMs} ms`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', onEnd);
    };
    stream.on('data', onData);
    stream.on('end', onEnd);
  });
}

/** Resolves once something accepts TCP connections on host:port (probing every 250 ms); false at the deadline. */
export async function waitForPort(host: string, port: number, deadline: number, signal?: AbortSignal): Promise<boolean> {
  while (Date.now() < deadline && !signal?.aborted) {
    try {
      const socket = await connectOnce(host, port, 1_000);
      socket.destroy();
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return false;
}
