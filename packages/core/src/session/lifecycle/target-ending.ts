import { pidOwningPort, processAlive, waitForListener } from '@dapgate/dap';
import { pause } from '../bounded-wait.js';
import type { SessionConnections } from '../connection/connections.js';

/** What ending an attached target achieved, as checked afterwards. */
export interface TargetEnd {
  /** The target is gone (its process no longer exists, or nothing listens on its port any more). */
  gone: boolean;
  pid: number | undefined;
  /** One sentence: what was done and what was observed. */
  detail: string;
}

export interface AttachedTarget {
  /** The target's pid if known (the adapter's process event, or the attach named it). */
  pid: number | undefined;
  /** Where the target listens, for a local port-based attach. */
  address: { host: string; port: number } | undefined;
  /** Pids that are the gateway's own (the adapter): never the target. */
  ours: number[];
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::']);

/**
 * Ends an attached target and checks: its pid is found first (the port closes on detach), the
 * adapter is asked (`terminate` where offered, then disconnect with terminateDebuggee), then the
 * pid is signalled if it still runs.
 */
export async function terminateAttached(
  s: { readonly targetPid: number | undefined; readonly connections: SessionConnections; dispose(terminate: boolean): Promise<void> },
  address: AttachedTarget['address'],
): Promise<TargetEnd> {
  const ours = [s.connections.adapterPid].filter((p): p is number => !!p);
  const pid = await findTargetPid({ pid: s.targetPid, address, ours });
  await s.connections.requestTerminate();
  await s.dispose(true);
  return ensureTargetGone(pid, address);
}

/**
 * Ends a program dapgate launched and checks it is gone: disconnect with terminateDebuggee, the
 * adapter's process group and the programs started for it are ended (`dispose`), then the
 * program's pid (the adapter's `process` event, or the process dapgate started for it) is checked
 * and signalled if it still runs. Undefined: the program had already ended, or no pid is known.
 */
export async function endLaunched(s: {
  readonly live: boolean;
  readonly targetPid: number | undefined;
  readonly connections: SessionConnections;
  dispose(terminate: boolean): Promise<void>;
}): Promise<TargetEnd | undefined> {
  const pid = s.live ? (s.targetPid ?? s.connections.programProcess()?.pid) : undefined;
  await s.dispose(true);
  return pid ? ensureTargetGone(pid, undefined) : undefined;
}

/** The target's pid: the known one, else the local process that owns its port (not ours). Call before detaching. */
export async function findTargetPid(t: AttachedTarget): Promise<number | undefined> {
  if (t.pid) return t.pid;
  if (!t.address || !LOCAL_HOSTS.has(t.address.host)) return undefined;
  return pidOwningPort(t.address.port, [process.pid, ...t.ours]).catch(() => undefined);
}

/**
 * After the adapter was asked to end the target (terminate / disconnect with terminateDebuggee):
 * give it a moment, then SIGTERM -> SIGKILL the pid if it still runs, and check that it is gone.
 */
export async function ensureTargetGone(pid: number | undefined, address: AttachedTarget['address']): Promise<TargetEnd> {
  if (pid) {
    if (await exitsWithin(pid, 1_000)) return { gone: true, pid, detail: `the process ${pid} ended` };
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      try {
        process.kill(pid, signal);
      } catch {
        /* gone meanwhile, or not ours to signal: checked below */
      }
      if (await exitsWithin(pid, 2_000)) return { gone: true, pid, detail: `the process ${pid} ended (dapgate sent ${signal}; the debugger's own terminate did not end it)` };
    }
    return { gone: false, pid, detail: `the process ${pid} is still running after SIGTERM and SIGKILL (another user's process?)` };
  }
  if (address && (await waitForListener(address.host, address.port, Date.now() + 1_500))) {
    return { gone: false, pid, detail: `something still listens on ${address.host}:${address.port}, and dapgate could not tell its pid to end it` };
  }
  return { gone: !!address, pid, detail: address ? `nothing listens on ${address.host}:${address.port} any more` : 'dapgate cannot tell whether the target ended (no pid, no port)' };
}

async function exitsWithin(pid: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (processAlive(pid)) {
    if (Date.now() >= end) return false;
    await pause(100);
  }
  return true;
}
