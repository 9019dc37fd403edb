import { connectTcp, freePort, startAdapterProcess, startStdioAdapter, waitForLine, type AdapterProcess, type DapConnection } from '@dapgate/dap';
import type { Profile } from '../profiles/schema.js';

export interface AdapterSpec {
  profile: Profile;
  /** Adapter command line, when the adapter is spawned. */
  adapterCommand?: string[];
  adapterEnv?: Record<string, string>;
  /** The adapter's working directory (delve builds the program in it). */
  adapterCwd?: string;
  /** For a `target` connection: where the debuggee serves DAP. */
  targetAddress?: { host: string; port: number; waitMs: number };
  requestTimeoutMs: number;
}

export interface LaunchedAdapter {
  connection: DapConnection;
  /** tcp-listen adapters: the port child sessions connect to. */
  port?: number;
}

/**
 * Reaches a debug adapter in one of three ways: connect to a debuggee that serves DAP itself
 * (`targetAddress`), spawn an adapter speaking DAP on stdio, or spawn one that listens on a free
 * TCP port and connect to it. `onSpawn` gets the process as soon as it exists, so its exit is
 * observed even while the connection is still being made.
 */
export async function launchAdapter(spec: AdapterSpec, onSpawn: (adapter: AdapterProcess) => void): Promise<LaunchedAdapter> {
  const { adapterCommand, adapterEnv, adapterCwd, targetAddress, profile, requestTimeoutMs } = spec;
  if (targetAddress) {
    const { connection } = await connectTcp(targetAddress.host, targetAddress.port, { waitMs: targetAddress.waitMs, requestTimeoutMs });
    return { connection };
  }
  if (!adapterCommand) throw new Error('no adapter command and no target address');
  const env = { ...process.env, ...adapterEnv };
  if (profile.adapter.transport === 'stdio') {
    const { adapter, connection } = startStdioAdapter(adapterCommand[0]!, adapterCommand.slice(1), { env, cwd: adapterCwd, requestTimeoutMs });
    onSpawn(adapter);
    return { connection };
  }
  const port = await freePort();
  const command = adapterCommand.map((a) => a.replaceAll('${port}', String(port)));
  const adapter = startAdapterProcess(command[0]!, command.slice(1), { env, cwd: adapterCwd });
  onSpawn(adapter);
  if (profile.adapter.listenPattern) await waitForLine(adapter.child.stdout!, new RegExp(profile.adapter.listenPattern), 15_000);
  const { connection } = await connectTcp('127.0.0.1', port, { waitMs: 10_000, requestTimeoutMs });
  return { connection, port };
}

/** A further connection to a tcp-listen adapter, for a child session it asked for (startDebugging). */
export async function connectChild(port: number | undefined, requestTimeoutMs: number): Promise<DapConnection> {
  if (port === undefined) throw new Error('startDebugging needs an adapter reached over TCP');
  const { connection } = await connectTcp('127.0.0.1', port, { waitMs: 5_000, requestTimeoutMs });
  return connection;
}
