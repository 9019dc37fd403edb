import { readFile } from 'node:fs/promises';
import { processAlive } from '@dapgate/dap';
import { pause } from '../bounded-wait.js';

/** Process states (Linux /proc) that mean stopped: T by a signal, t by a tracer (a debugger's stop). */
export const STOPPED_STATES = new Set(['T', 't']);

/** The process's state letter (Linux /proc: R, S, T stopped, t traced...), undefined where not told. */
export async function runState(pid: number): Promise<string | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat ? /\)\s+(\S)/.exec(stat)?.[1] : undefined;
}

/** The id of the thread that traces it (0: none), undefined where not told. */
export async function tracerPid(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const m = /^TracerPid:\s*(\d+)$/m.exec(status);
  return m ? Number(m[1]) : undefined;
}

/** A thread's process (Tgid) and that process's parent, from /proc/<tid>/status. */
async function processAndParent(tid: number): Promise<{ tgid: number; ppid: number } | undefined> {
  const status = await readFile(`/proc/${tid}/status`, 'utf8').catch(() => '');
  const tgid = /^Tgid:\s*(\d+)$/m.exec(status)?.[1];
  const ppid = /^PPid:\s*(\d+)$/m.exec(status)?.[1];
  return tgid && ppid ? { tgid: Number(tgid), ppid: Number(ppid) } : undefined;
}

/**
 * Whether `pid` is traced (ptrace) by one of `ours` or a process they started (lldb's
 * lldb-server): then a stop the debugger reports is a stop of the process, and once the debugger has
 * let go the kernel tells whether it runs.
 */
export async function tracedByOurs(pid: number | undefined, ours: number[]): Promise<boolean> {
  if (!pid || !ours.length) return false;
  // TracerPid names the tracing thread (delve traces from one of its threads): its process, then that one's parents
  let p = await tracerPid(pid);
  for (let depth = 0; p && p > 1 && depth < 6; depth++) {
    const ids = await processAndParent(p);
    if (!ids) return false;
    if (ours.includes(ids.tgid)) return true;
    p = ids.ppid;
  }
  return false;
}

/**
 * After a ptrace debugger detached: the process runs when it exists, is not stopped and nobody
 * traces it (nothing can stop it at a breakpoint any more). The detach may take a moment to show:
 * polled, bounded by `ms`.
 */
export async function runsUntraced(pid: number, ms: number): Promise<{ running: boolean; detail: string }> {
  const end = Date.now() + ms;
  for (;;) {
    if (!processAlive(pid)) return { running: false, detail: `the process ${pid} is gone after the detach` };
    const [state, tracer] = await Promise.all([runState(pid), tracerPid(pid)]);
    const stopped = !!state && STOPPED_STATES.has(state);
    if (!stopped && !tracer) return { running: true, detail: `the process ${pid} runs (state ${state ?? 'not told'}), no debugger traces it` };
    if (Date.now() >= end) {
      if (stopped) return { running: false, detail: `the process ${pid} is still stopped ${ms} ms after the detach (state ${state})` };
      return { running: true, detail: `the process ${pid} runs (state ${state ?? 'not told'}) but is still traced by process ${tracer} ${ms} ms after the detach` };
    }
    await pause(20);
  }
}
