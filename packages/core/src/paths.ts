import { access } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where dapgate keeps adapters it installed (private venvs, jars, servers). */
export function cacheDir(): string {
  if (process.env.DAPGATE_CACHE_DIR) return process.env.DAPGATE_CACHE_DIR;
  if (process.platform === 'win32') return join(process.env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'dapgate');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'dapgate');
  return join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'dapgate');
}

/** The python executable inside a venv, per platform. */
export function venvPython(venvDir: string): string {
  return process.platform === 'win32' ? join(venvDir, 'Scripts', 'python.exe') : join(venvDir, 'bin', 'python');
}

/** Whether something exists at `path`, without blocking the event loop. */
export async function pathExists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
