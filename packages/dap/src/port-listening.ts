import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createConnection } from 'node:net';

export type PortState = 'listening' | 'refused' | 'no answer';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

/**
 * What is at host:port, told without connecting where the platform lets us see the listening
 * sockets (a local port: Linux /proc/net/tcp, elsewhere `lsof`). A connection that is opened and
 * dropped alarms some targets: a JDWP agent prints "Debugger failed to attach: handshake failed"
 * into the program's output. Where a connection is needed (a remote host, no socket table),
 * `greeting` is sent and its echo awaited before closing, as the target's own protocol opens
 * (JDWP: "JDWP-Handshake" both ways), so the target sees a debugger come and go, not a failure.
 */
export async function portState(host: string, port: number, options: { timeoutMs?: number; greeting?: string } = {}): Promise<PortState> {
  const timeoutMs = options.timeoutMs ?? 1_000;
  if (LOCAL_HOSTS.has(host)) {
    const local = await localListener(port, timeoutMs);
    if (local !== undefined) return local ? 'listening' : 'refused';
  }
  return connectProbe(host, port, timeoutMs, options.greeting);
}

/** Resolves once host:port listens (checked every 250 ms as portState does); false at the deadline. */
export async function waitForListener(host: string, port: number, deadline: number, options: { greeting?: string; signal?: AbortSignal } = {}): Promise<boolean> {
  while (Date.now() < deadline && !options.signal?.aborted) {
    if ((await portState(host, port, { greeting: options.greeting, timeoutMs: Math.min(1_000, Math.max(100, deadline - Date.now())) })) === 'listening') return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/** Whether a local socket listens on `port`; undefined when this platform's table cannot be read. */
async function localListener(port: number, timeoutMs: number): Promise<boolean | undefined> {
  if (process.platform === 'linux') {
    let readable = false;
    for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
      const text = await readFile(table, 'utf8').catch(() => undefined);
      if (text === undefined) continue;
      readable = true;
      for (const row of text.split('\n').slice(1)) {
        const cols = row.trim().split(/\s+/);
        // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN
        if (cols.length > 3 && cols[3] === '0A' && parseInt(cols[1]!.split(':')[1] ?? '', 16) === port) return true;
      }
    }
    return readable ? false : undefined;
  }
  if (process.platform === 'win32') return undefined;
  return new Promise((resolve) => {
    execFile('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-t'], { timeout: Math.max(timeoutMs, 2_000) }, (error, stdout) => {
      // lsof exits 1 with no output when nothing matches; any other failure (not installed) cannot tell
      if (!error) return resolve(String(stdout).trim().length > 0);
      resolve((error as { code?: unknown }).code === 1 && !String(stdout).trim() ? false : undefined);
    });
  });
}

function connectProbe(host: string, port: number, timeoutMs: number, greeting: string | undefined): Promise<PortState> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    let answered = '';
    let connected = false;
    let settled = false;
    const done = (r: PortState, polite = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (polite) socket.end();
      else socket.destroy();
      resolve(r);
    };
    const timer = setTimeout(() => done(connected ? 'listening' : 'no answer'), timeoutMs);
    socket.once('connect', () => {
      connected = true;
      if (!greeting) return done('listening');
      socket.write(greeting);
    });
    socket.on('data', (chunk: Buffer) => {
      answered += chunk.toString('latin1');
      if (answered.length >= greeting!.length) done('listening', true);
    });
    socket.once('error', () => done('refused'));
  });
}
