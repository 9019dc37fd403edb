import { portsListenedBy } from '@dapgate/dap';
import { GatewayError } from '../../errors.js';
import { checkAttachablePid, openedDebugPort } from '../../process/debug-port.js';

/**
 * Opens the inspector of a Node process that was not started for debugging, as VS Code's "Attach
 * to Node Process" does: SIGUSR1 makes Node listen on 127.0.0.1:9229 (or the port of an earlier
 * --inspect-port). Returns the port it actually listens on, read from the process's sockets;
 * an inspector already open is used as it is.
 */
export async function openInspector(pid: number): Promise<number> {
  checkAttachablePid(pid);
  if (process.platform === 'win32') {
    throw new GatewayError('dapgate cannot open the inspector of a running Node process on Windows yet', 'start it with --inspect (or --inspect=0) and attach by port', 'not-supported');
  }
  const before = await portsListenedBy(pid);
  process.kill(pid, 'SIGUSR1');
  const port = await openedDebugPort(pid, before, { timeoutMs: 5_000, fallback: 9229 });
  if (port !== undefined) return port;
  // SIGUSR1 on a process whose inspector is already open changes nothing: attach to the open one.
  const already = before?.find((p) => p === 9229) ?? (before?.length === 1 ? before[0] : undefined);
  if (already !== undefined) return already;
  throw new GatewayError(
    `node process ${pid} opened no inspector port within 5 s of SIGUSR1`,
    'Node then prints why on its own stderr (e.g. "Starting inspector on 127.0.0.1:9229 failed: address already in use": another program holds 9229). Start it with --inspect=0 (any free port) or --inspect-port=PORT and attach by port; a process started with --disable-sigusr1 cannot be opened this way',
    'no-attach',
  );
}
