import { execFile } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';

/**
 * The pid of the local process listening on a TCP port, where the platform lets us see it:
 * Linux through /proc (sockets owned by our user), macOS/BSD through `lsof`. `undefined` when it
 * cannot be told (Windows, another user's process, nothing listening).
 */
export async function pidListeningOn(port: number): Promise<number | undefined> {
  if (process.platform === 'linux') return linuxListener(port);
  if (process.platform === 'win32') return undefined;
  return lsofListener(port);
}

async function linuxListener(port: number): Promise<number | undefined> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const row of text.split('\n').slice(1)) {
      const cols = row.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN; column 9 is the inode
      if (cols.length > 9 && cols[3] === '0A' && parseInt(cols[1]!.split(':')[1] ?? '', 16) === port) inodes.add(cols[9]!);
    }
  }
  if (!inodes.size) return undefined;
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((d) => /^\d+$/.test(d));
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      if (inode && inodes.has(inode)) return Number(pid);
    }
  }
  return undefined;
}

function lsofListener(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    execFile('lsof', ['-nP', '-t', `-iTCP:${port}`, '-sTCP:LISTEN'], { timeout: 5_000 }, (error, stdout) => {
      const pid = Number(String(stdout ?? '').split('\n')[0]);
      resolve(!error && pid > 0 ? pid : undefined);
    });
  });
}

/** Whether a process exists (signal 0). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
