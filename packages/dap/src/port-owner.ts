import { execFile } from 'node:child_process';
import { readdir, readFile, readlink } from 'node:fs/promises';

/**
 * The pid of the local process that owns a TCP port (listens on it, or holds a connection on it:
 * a JDWP agent stops listening while a debugger is attached), other than `exclude`, where the
 * platform lets us see it: Linux through /proc (our user's sockets), macOS/BSD through `lsof`.
 * `undefined` when it cannot be told (Windows, another user's process, nothing there).
 */
export async function pidOwningPort(port: number, exclude: number[] = []): Promise<number | undefined> {
  if (process.platform === 'linux') return linuxOwner(port, exclude);
  if (process.platform === 'win32') return undefined;
  return lsofOwner(port, exclude);
}

async function linuxOwner(port: number, exclude: number[]): Promise<number | undefined> {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const row of text.split('\n').slice(1)) {
      const cols = row.trim().split(/\s+/);
      // local_address is HEX_IP:HEX_PORT; state 0A is LISTEN, 01 ESTABLISHED; column 9 is the inode
      if (cols.length > 9 && (cols[3] === '0A' || cols[3] === '01') && parseInt(cols[1]!.split(':')[1] ?? '', 16) === port) inodes.add(cols[9]!);
    }
  }
  if (!inodes.size) return undefined;
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((d) => /^\d+$/.test(d) && !exclude.includes(Number(d)));
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

function lsofOwner(port: number, exclude: number[]): Promise<number | undefined> {
  return new Promise((resolve) => {
    // -F pn: one "p<pid>" line per process, then "n<local>-><remote>" per socket
    execFile('lsof', ['-nP', '-a', `-iTCP:${port}`, '-Fpn'], { timeout: 5_000 }, (error, stdout) => {
      if (error) return resolve(undefined);
      let pid = 0;
      for (const line of String(stdout).split('\n')) {
        if (line.startsWith('p')) pid = Number(line.slice(1));
        else if (line.startsWith('n') && new RegExp(`:${port}(->|$)`).test(line.slice(1)) && pid > 0 && !exclude.includes(pid)) return resolve(pid);
      }
      resolve(undefined);
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

/**
 * The TCP ports a local process listens on, where the platform lets us see them: Linux through
 * /proc (our user's processes), macOS/BSD through `lsof`; `undefined` when it cannot be told
 * (Windows, another user's process).
 */
export async function portsListenedBy(pid: number): Promise<number[] | undefined> {
  if (process.platform === 'win32') return undefined;
  if (process.platform !== 'linux') return lsofListening(pid);
  const fds = await readdir(`/proc/${pid}/fd`).catch(() => undefined);
  if (!fds) return undefined;
  const inodes = new Set<string>();
  for (const fd of fds) {
    const inode = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''))?.[1];
    if (inode) inodes.add(inode);
  }
  const ports = new Set<number>();
  for (const table of [`/proc/${pid}/net/tcp`, `/proc/${pid}/net/tcp6`]) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const row of text.split('\n').slice(1)) {
      const cols = row.trim().split(/\s+/);
      if (cols.length > 9 && cols[3] === '0A' && inodes.has(cols[9]!)) ports.add(parseInt(cols[1]!.split(':')[1] ?? '', 16));
    }
  }
  return [...ports].sort((a, b) => a - b);
}

function lsofListening(pid: number): Promise<number[] | undefined> {
  return new Promise((resolve) => {
    execFile('lsof', ['-nP', '-a', '-p', String(pid), '-iTCP', '-sTCP:LISTEN', '-Fn'], { timeout: 5_000 }, (error, stdout) => {
      if (error && !stdout) return resolve((error as { code?: unknown }).code === 1 ? [] : undefined);
      const ports = String(stdout)
        .split('\n')
        .flatMap((l) => (l.startsWith('n') ? [Number(/:(\d+)$/.exec(l)?.[1])] : []))
        .filter((p) => p > 0);
      resolve([...new Set(ports)].sort((a, b) => a - b));
    });
  });
}
