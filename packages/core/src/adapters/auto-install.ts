import { AsyncLocalStorage } from 'node:async_hooks';
import { GatewayError } from '../errors.js';
import type { Profile } from '../profiles/schema.js';
import { installAdapter } from './installer.js';
import { installHint, resolveAdapter, type AdapterStatus } from './resolver.js';

/**
 * Where a tool call wants install progress lines (an MCP progress notification each); set by the
 * front end around a call, read here, so no request type has to carry it.
 */
export const installProgress = new AsyncLocalStorage<(line: string) => void>();

/** Install kinds dapgate carries out itself; the others need the system's package manager or a vendor. */
const SELF_INSTALLED = new Set(['pip-venv', 'npm-extract', 'maven-jar', 'go-install']);

/** One install per adapter at a time; every caller waiting on it hears its progress. */
const running = new Map<string, { done: Promise<AdapterStatus>; listeners: Set<(line: string) => void> }>();

/**
 * The profile's adapter, installed into dapgate's cache first when it is missing and `autoInstall`
 * is on (a `.mcpb` user has no shell to run `dapgate adapters install` in). A debugpy found only on
 * PATH is replaced by dapgate's own patched venv when one can be made (unpatched debugpy costs
 * ~40 ms a request); if that fails, the PATH one is used.
 */
export async function usableAdapter(profile: Profile, autoInstall: boolean): Promise<AdapterStatus> {
  const status = await resolveAdapter(profile);
  const kind = profile.adapter.install.kind;
  const preferOwn = status.installed && status.source === 'path' && kind === 'pip-venv';
  if ((status.installed && !preferOwn) || !autoInstall || !SELF_INSTALLED.has(kind)) return status;
  try {
    return await installOnce(profile);
  } catch (e) {
    if (preferOwn) return status;
    throw new GatewayError(
      `${profile.adapter.name} is not installed, and installing it into dapgate's cache failed: ${(e as Error).message}`,
      `fix what the install needs, then ${installHint(profile).replace(/^run: /, 'run ')} by hand`,
      { code: 'start-failed' },
    );
  }
}

function installOnce(profile: Profile): Promise<AdapterStatus> {
  const report = installProgress.getStore();
  let job = running.get(profile.id);
  if (!job) {
    const listeners = new Set<(line: string) => void>();
    const done = installAdapter(profile, (line) => listeners.forEach((l) => l(line))).finally(() => running.delete(profile.id));
    job = { done, listeners };
    running.set(profile.id, job);
  }
  if (report) {
    job.listeners.add(report);
    report(`${profile.id}: installing ${profile.adapter.name} into dapgate's cache (first use)`);
  }
  return job.done.finally(() => report && job.listeners.delete(report));
}
