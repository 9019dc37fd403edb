import { readFile } from 'node:fs/promises';
import { pidOwningPort, portsListenedBy } from '@dapgate/dap';
import { GatewayError } from '../../errors.js';
import { checkAttachablePid, openedDebugPort } from '../../process/debug-port.js';

/** The port SIGUSR1 opens when the process was not started with --inspect-port. */
const SIGUSR1_PORT = 9229;

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
  const port = await openedDebugPort(pid, before, { timeoutMs: 5_000, fallback: SIGUSR1_PORT });
  if (port !== undefined) return port;
  // SIGUSR1 on a process whose inspector is already open changes nothing: attach to the open one
  // (9229, or its only port if that port is an inspector: not a service's own HTTP port)
  if (before?.includes(SIGUSR1_PORT)) return SIGUSR1_PORT;
  if (before?.length === 1 && (await isInspector(before[0]!))) return before[0]!;
  const holder = await pidOwningPort(SIGUSR1_PORT, [pid]);
  if (holder !== undefined) {
    throw new GatewayError(
      `node process ${pid} could not open its inspector: SIGUSR1 opens 127.0.0.1:${SIGUSR1_PORT}, and process ${holder} (${await commandOf(holder)}) holds that port`,
      `Node opens ${SIGUSR1_PORT} for every SIGUSR1, and a Node process opened this way keeps it until it exits. Attach to process ${holder} if it is the one you meant, or end it; or start this service with --inspect-port=0 (SIGUSR1 then opens a free port) or --inspect=0 and attach by pid or port`,
      'no-attach',
    );
  }
  throw new GatewayError(
    `node process ${pid} opened no inspector port within 5 s of SIGUSR1`,
    'Node then prints why on its own stderr (e.g. "Starting inspector on 127.0.0.1:9229 failed: address already in use": another program holds 9229). Start it with --inspect=0 (any free port) or --inspect-port=PORT and attach by port; a process started with --disable-sigusr1 cannot be opened this way',
    'no-attach',
  );
}

/** Whether a V8 inspector answers on the port (its HTTP endpoint /json/version); bounded. */
async function isInspector(port: number): Promise<boolean> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/json/version`, { signal: AbortSignal.timeout(1_000) });
    return /"V8-Version"/.test(await r.text());
  } catch {
    return false;
  }
}

async function commandOf(pid: number): Promise<string> {
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  const command = cmdline.split('\0').filter(Boolean).join(' ');
  return command.length > 120 ? `${command.slice(0, 117)}...` : command || 'command unknown';
}
