import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Pids of processes whose command line contains `marker` (Linux/macOS: pgrep). */
export function pidsMatching(marker: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number)
      .filter((pid) => pid !== process.pid);
  } catch {
    return [];
  }
}

/** Starts a Python program under `python -m debugpy --listen` for attach tests. */
export function startDebugpyListener(python: string, port: number, program: string, args: string[] = [], waitForClient = false): ChildProcess {
  const child = spawn(python, ['-m', 'debugpy', '--listen', `127.0.0.1:${port}`, ...(waitForClient ? ['--wait-for-client'] : []), program, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' },
  });
  return child;
}

export function killGroup(child: ChildProcess | undefined): void {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* gone */
  }
}

/** Starts a JVM running a single-file Java program with a JDWP agent listening on `port`. */
export function startJdwpTarget(program: string, port: number, options: { suspend?: boolean; args?: string[] } = {}): ChildProcess {
  const agent = `-agentlib:jdwp=transport=dt_socket,server=y,suspend=${options.suspend ? 'y' : 'n'},address=127.0.0.1:${port}`;
  return spawn('java', [agent, program, ...(options.args ?? [])], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
}

/** Starts `node --inspect[-brk]=127.0.0.1:PORT program` for attach tests. */
export function startInspectTarget(program: string, port: number, options: { brk?: boolean; args?: string[] } = {}): ChildProcess {
  const flag = `--inspect${options.brk ? '-brk' : ''}=127.0.0.1:${port}`;
  return spawn(process.execPath, [flag, program, ...(options.args ?? [])], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
}

/** Pids of processes whose environment holds `marker` (Linux /proc; every process the gateway starts inherits its env). */
export function pidsWithEnv(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) pids.push(Number(entry));
    } catch {
      /* gone, or not ours */
    }
  }
  return pids;
}

/** A process's command line (Linux /proc), '' when it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}
