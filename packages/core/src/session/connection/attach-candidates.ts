import { pidOwningPort, portsListenedBy } from '@dapgate/dap';
import type { Profile } from '../../profiles/schema.js';
import { descendantsOf, listProcesses } from '../../process/process-list.js';

export interface AttachCandidate {
  pid: number;
  command: string;
  /** TCP ports it listens on (a debug port among them for a program started for debugging); absent when unknown. */
  ports?: number[];
}

export interface AttachCandidates {
  language: string;
  defaultHost: string;
  defaultPort?: number;
  processes: AttachCandidate[];
  /** Candidates left out past the limit. */
  more: number;
}

const LIMIT = 25;

/**
 * For an attach given neither port nor process id: when nothing listens on the profile's default
 * port, the processes of this language that could be attached to (the profile's
 * `attach.processPattern` over command lines; debuggers' own processes and dapgate's children left out). `undefined` when
 * the default port has a listener (attach there as before) or the platform cannot tell.
 */
export async function attachCandidates(profile: Profile): Promise<AttachCandidates | undefined> {
  const attach = profile.attach;
  if (!attach?.processPattern) return undefined;
  if (attach.defaultPort !== undefined && (await pidOwningPort(attach.defaultPort)) !== undefined) return undefined;
  const all = await listProcesses();
  if (!all) return undefined;
  const ours = descendantsOf(process.pid, all);
  const pattern = new RegExp(attach.processPattern);
  const excluded = attach.processExclude ? new RegExp(attach.processExclude) : undefined;
  const matching = all.filter((p) => !ours.has(p.pid) && pattern.test(p.command) && !excluded?.test(p.command)).sort((a, b) => b.pid - a.pid);
  const shown = matching.slice(0, LIMIT);
  const processes = await Promise.all(shown.map(async (p) => ({ pid: p.pid, command: p.command.length > 160 ? `${p.command.slice(0, 157)}...` : p.command, ports: await portsListenedBy(p.pid) })));
  return { language: profile.id, defaultHost: attach.defaultHost, defaultPort: attach.defaultPort, processes, more: matching.length - shown.length };
}
