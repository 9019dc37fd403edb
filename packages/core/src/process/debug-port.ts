import { readFile } from 'node:fs/promises';
import { portsListenedBy, processAlive } from '@dapgate/dap';
import { GatewayError } from '../errors.js';

/**
 * The port a running process opened for a debugger after it was asked to (Node's SIGUSR1, a JVM's
 * `jcmd VM.start_java_debugging`): the first port it listens on that it did not before, or the
 * one `known` port already open. Bounded by `timeoutMs`; `undefined` when none appeared.
 * Where the platform cannot list a process's ports (Windows), `fallback` is the answer.
 */
export async function openedDebugPort(pid: number, before: number[] | undefined, opts: { timeoutMs: number; fallback?: number }): Promise<number | undefined> {
  if (before === undefined) return opts.fallback;
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    const now = await portsListenedBy(pid);
    if (now === undefined) return opts.fallback;
    const opened = now.find((p) => !before.includes(p));
    if (opened !== undefined) return opened;
    if (Date.now() >= deadline || !processAlive(pid)) return undefined;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The process must exist and be ours to signal or attach to; the error says what to check. */
export function checkAttachablePid(pid: number): void {
  try {
    process.kill(pid, 0);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ESRCH') throw new GatewayError(`no process ${pid} is running`, undefined, { code: 'start-failed', next: 'pick-process' });
    if (code === 'EPERM') throw new GatewayError(`process ${pid} belongs to another user: dapgate may not signal or attach to it`, 'run dapgate as that user (or as root)', { code: 'start-failed' });
    throw e;
  }
}

/**
 * Waits (bounded) until no process traces `pid`: a debugger that injects itself with a helper
 * (debugpy's gdb) answers the attach before the helper has detached, and ending the session then
 * kills the helper mid-detach, leaving the target stopped or crashed. Linux only (TracerPid);
 * elsewhere it returns at once. Says whether the target is untraced.
 */
export async function waitUntraced(pid: number, timeoutMs: number): Promise<boolean | undefined> {
  if (process.platform !== 'linux') return undefined;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
    if (status === undefined) return undefined;
    if (/^TracerPid:\s*0\s*$/m.test(status)) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
}
