import { execFile } from 'node:child_process';

export interface ToolRun {
  ok: boolean;
  stdout: string;
  stderr: string;
  /** Why it did not run or failed: spawn error, timeout, or the exit code. */
  failure?: string;
}

/**
 * Runs a build tool (a compiler, cargo, dotnet) without blocking the event loop, bounded in time
 * and output; never throws.
 */
export function runTool(command: string, args: string[], options: { cwd?: string; timeoutMs: number; env?: NodeJS.ProcessEnv }): Promise<ToolRun> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd: options.cwd, env: options.env, timeout: options.timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024, encoding: 'utf8', windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, stdout, stderr });
        const e = error as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
        const failure = e.killed ? `timed out after ${Math.round(options.timeoutMs / 1000)} s` : typeof e.code === 'number' ? `exit code ${e.code}` : e.message;
        resolve({ ok: false, stdout: stdout ?? '', stderr: stderr ?? '', failure });
      },
    );
  });
}

/** The first lines of a tool's complaint, for an error message. */
export function firstLines(text: string, count = 30): string {
  return text.trim().split('\n').slice(0, count).join('\n');
}

/** Shares one run among concurrent callers with the same key (two launches of one file build once). */
export class OncePerKey<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    let p = this.running.get(key);
    if (!p) {
      p = work().finally(() => this.running.delete(key));
      this.running.set(key, p);
    }
    return p;
  }
}
