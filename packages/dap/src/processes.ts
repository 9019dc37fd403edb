import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Ends a process and everything it started. On POSIX the process must have been spawned
 * `detached` (its own process group), which every spawn in dapgate does; on Windows taskkill /T
 * walks the tree (started, not waited for: this also runs in exit handlers, and must not block).
 */
export function killTree(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (!pid) return;
  if (process.platform === 'win32') {
    spawn('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true }).on('error', () => undefined).unref();
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/** Ends what is left of a process group whose leader already exited (POSIX; no-op elsewhere). */
export function killGroup(pgid: number): void {
  if (process.platform === 'win32') return;
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    /* no such group */
  }
}

/** Keeps the last `capacity` characters written to a stream (an adapter's stderr). */
export class TailBuffer {
  private text = '';
  constructor(private readonly capacity = 8_000) {}
  append(chunk: string): void {
    this.text += chunk;
    if (this.text.length > this.capacity) this.text = this.text.slice(this.text.length - this.capacity);
  }
  get value(): string {
    return this.text;
  }
  lines(max: number): string {
    return this.text.trimEnd().split('\n').slice(-max).join('\n');
  }
}

export interface SpawnOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** Spawns a process in its own process group with piped stdio and no shell. */
export function spawnGroup(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
    windowsHide: true,
    shell: false,
  });
}
