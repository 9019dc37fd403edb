import { connectTcp, type AdapterProcess, type DapConnection } from '@dapgate/dap';
import type { Profile } from '../../profiles/schema.js';
import { AdapterPool, type ReadyAdapter } from './adapter-pool.js';

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
  /** Where warm adapters come from; without one every launch spawns its own. */
  pool?: AdapterPool;
}

export type LaunchedAdapter = Omit<ReadyAdapter, 'adapter'>;

const NO_POOL = new AdapterPool(false);

/**
 * Reaches a debug adapter in one of three ways: connect to a debuggee that serves DAP itself
 * (`targetAddress`), or take an adapter from the pool (a warm one, a shared server, or one spawned
 * now) speaking DAP on stdio or on a TCP port. `onSpawn` gets the process as soon as it exists, so
 * its exit is observed even while the connection is still being made.
 */
export async function launchAdapter(spec: AdapterSpec, onSpawn: (adapter: AdapterProcess) => void): Promise<LaunchedAdapter> {
  const { adapterCommand, adapterEnv, adapterCwd, targetAddress, profile, requestTimeoutMs } = spec;
  if (targetAddress) {
    const { connection } = await connectTcp(targetAddress.host, targetAddress.port, { waitMs: targetAddress.waitMs, requestTimeoutMs });
    return { connection, earlyEvents: [], shared: false };
  }
  if (!adapterCommand) throw new Error('no adapter command and no target address');
  const recipe = { profile, command: adapterCommand, cwd: adapterCwd, env: { ...process.env, ...adapterEnv }, requestTimeoutMs };
  const { adapter: _, ...rest } = await (spec.pool ?? NO_POOL).acquire(recipe, onSpawn);
  return rest;
}

/** A further connection to a tcp-listen adapter, for a child session it asked for (startDebugging). */
export async function connectChild(port: number | undefined, requestTimeoutMs: number): Promise<DapConnection> {
  if (port === undefined) throw new Error('startDebugging needs an adapter reached over TCP');
  const { connection } = await connectTcp('127.0.0.1', port, { waitMs: 5_000, requestTimeoutMs });
  return connection;
}
