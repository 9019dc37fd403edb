import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU ms (user + system, /proc, Linux) of the live processes in the trees under `roots`, summed by
 * what they are (js-debug, its watchdog, the debuggee `program`, the roots themselves as `root`, the rest). On a loaded machine a
 * process's CPU time moves far less than the wall time of what it does, so A/B runs compare it too.
 */
export function treeCpu(roots: number[], program = /scores\.js/): Record<string, number> {
  const stats = new Map<number, { ppid: number; ms: number; name: string }>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${d}/cmdline`, 'utf8');
      const name = /dapDebugServer/.test(cmd) ? 'js-debug' : /watchdog\.js/.test(cmd) ? 'watchdog' : program.test(cmd) ? 'debuggee' : 'other';
      stats.set(Number(d), { ppid: Number(f[1]), ms: ((Number(f[11]) + Number(f[12])) * 1000) / 100, name });
    } catch {
      // gone
    }
  }
  const out: Record<string, number> = {};
  const seen = new Set<number>();
  const visit = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    const s = stats.get(pid);
    // a root given is named apart (a gateway's own CPU, beside its adapter's)
    const name = roots.includes(pid) && s?.name === 'other' ? 'root' : s?.name;
    if (s && name) out[name] = (out[name] ?? 0) + s.ms;
    for (const [child, x] of stats) if (x.ppid === pid) visit(child);
  };
  roots.forEach(visit);
  return out;
}

/** `after - before`, per name. */
export function cpuSince(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
}
