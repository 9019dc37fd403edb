import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './gateway.js';

export const liveFixture = (name: string) => join(repoRoot, 'e2e', 'fixtures', 'live', name);

/** A service the test started (in its own process group), the port it serves on, and what it printed. */
export interface LiveService {
  child: ChildProcess;
  port: number;
  output: () => string;
}

/** Starts `command args` and waits (bounded) for its "listening PORT" line. */
export async function startService(command: string, args: string[], env: Record<string, string> = {}): Promise<LiveService> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, ...env } });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const deadline = Date.now() + 30_000;
  while (!/listening (\d+)/.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`service did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, port: Number(/listening (\d+)/.exec(out)![1]), output: () => out };
}

/** One request to the service; bounded, so a frozen service fails the test instead of hanging it. */
export async function request(port: number, path: string, timeoutMs = 5_000): Promise<string> {
  const r = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(timeoutMs) });
  return (await r.text()).trim();
}
