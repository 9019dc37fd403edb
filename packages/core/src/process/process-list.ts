import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The command line, arguments joined by spaces. */
  command: string;
}

/**
 * The processes this user can see: Linux through /proc, macOS/BSD through `ps`; `undefined` where
 * dapgate cannot list them (Windows).
 */
export async function listProcesses(): Promise<ProcessInfo[] | undefined> {
  if (process.platform === 'win32') return undefined;
  if (process.platform !== 'linux') return psList();
  const out: ProcessInfo[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const [cmdline, stat] = await Promise.all([readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => ''), readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')]);
    const command = cmdline.split('\0').filter(Boolean).join(' ');
    // stat: "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (command) out.push({ pid: Number(entry), ppid, command });
  }
  return out;
}

function psList(): Promise<ProcessInfo[] | undefined> {
  return new Promise((resolve) => {
    execFile('ps', ['-axo', 'pid=,ppid=,args='], { timeout: 5_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return resolve(undefined);
      const rows = String(stdout).split('\n').flatMap((line) => {
        const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
        return m ? [{ pid: Number(m[1]), ppid: Number(m[2]), command: m[3]! }] : [];
      });
      resolve(rows);
    });
  });
}

/** The processes started (directly or not) by `root`, and `root` itself. */
export function descendantsOf(root: number, all: ProcessInfo[]): Set<number> {
  const found = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) if (!found.has(p.pid) && found.has(p.ppid)) grew = found.add(p.pid).size > 0;
  }
  return found;
}
