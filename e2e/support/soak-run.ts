import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, pyExample, repoRoot } from './gateway.js';
import { pidsMatching, pidsWithEnv } from './processes.js';

/** One language's cycle: its program, the line to stop at and what to evaluate there. */
interface Cycle {
  language: string;
  program: string;
  line: number;
  expression: string;
  expect: RegExp;
}

function cycles(): Cycle[] {
  const py = pyExample('quick.py');
  const js = join(repoRoot, 'examples', 'node', 'quick.js');
  const java = join(repoRoot, 'examples', 'java', 'Ledger.java');
  return [
    { language: 'python', program: py, line: lineOf(py, 'return out'), expression: 'len(out)', expect: /\d/ },
    { language: 'node', program: js, line: lineOf(js, 'return count;'), expression: 'count * 2', expect: /\d/ },
    { language: 'java', program: java, line: lineOf(java, 'return sum;'), expression: 'sum + 1', expect: /-?\d/ },
  ];
}

export interface SoakReport {
  cycles: number;
  perLanguage: Record<string, number>;
  rssStartKb: number;
  rssWarmKb: number;
  rssEndKb: number;
  growthPercent: number;
  fdsWarm: number;
  fdsEnd: number;
  /** When there are more at the end: the gateway's descriptors open then and not after the warm-up (what each is). */
  fdsAdded: string[];
  /** The pool's warm adapters when the descriptors were counted, after the warm-up and at the end. */
  warmAdaptersWarm: number[];
  warmAdaptersEnd: number[];
  leftover: number[];
  failures: string[];
  seconds: number;
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
/** The gateway's open descriptors, each as what it is (`socket:[inode]`, `pipe:[inode]`, a path). */
const fdTargets = (pid: number) =>
  readdirSync(`/proc/${pid}/fd`).map((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      return 'closed meanwhile';
    }
  });

/**
 * The descriptors open once the pool holds its warm adapters (one per language cycled: each warm
 * adapter holds its stdio, 3 descriptors), so the two counts compare like with like: a pool refill
 * that starts after a session's first stop (and, for Java, after a second of quiet) is not yet
 * there right after a cycle. A pool that does not settle (bounded) is a broken bound of its own.
 */
async function settledFds(g: Gateway, pid: number, languages: number, report: SoakReport): Promise<{ fds: string[]; warm: number[] }> {
  let warm: number[] = [];
  const settled = await eventually(async () => {
    warm = ((await g.ok('debug_diagnose', {}, 10_000)).structured.gateway.warmAdapterPids as number[] | undefined) ?? [];
    return warm.length === languages;
  }, 20_000, 250);
  if (!settled) report.failures.push(`the pool held ${warm.length} warm adapters, not one per language (${languages})`);
  return { fds: fdTargets(pid), warm };
}

/**
 * `n` launch -> stop at a breakpoint -> evaluate -> stop cycles, round robin over Python, Node and
 * Java, in one gateway. Memory and descriptors are measured after a warm-up (the first
 * `warmup` cycles: adapters pooled, code paths compiled) and at the end; RSS as the median of the
 * 10 % of cycles after the warm-up and of the last 10 %.
 */
export async function soak(n: number, log: (line: string) => void = () => undefined): Promise<SoakReport> {
  const envMarker = `dapgate-soak-${randomUUID()}`;
  const g = await Gateway.start({ DAPGATE_SOAK: envMarker });
  const pid = g.pid!;
  const plan = cycles();
  const warmup = Math.max(plan.length * 2, Math.round(n / 10));
  // RSS after warm-up is the baseline: by then adapters are pooled and V8 has compiled the paths a cycle takes
  const report: SoakReport = { cycles: 0, perLanguage: {}, rssStartKb: rssKb(pid), rssWarmKb: 0, rssEndKb: 0, growthPercent: 0, fdsWarm: 0, fdsEnd: 0, fdsAdded: [], warmAdaptersWarm: [], warmAdaptersEnd: [], leftover: [], failures: [], seconds: 0 };
  const started = Date.now();
  const samples: number[] = [];
  let fdsAfterWarmup: string[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const c = plan[i % plan.length]!;
      const marker = `${envMarker}-${i}`;
      try {
        const r = await g.ok('debug_launch', { program: c.program, args: [marker], breakpoints: [{ file: c.program, line: c.line }], timeoutMs: 60_000 }, 90_000);
        if (r.structured.state !== 'stopped' || r.structured.stop?.line !== c.line) throw new Error(`did not stop at line ${c.line}: ${r.text.split('\n')[0]}`);
        const e = await g.ok('debug_evaluate', { expression: c.expression }, 30_000);
        if (!c.expect.test(e.text)) throw new Error(`evaluate ${c.expression}: ${e.text}`);
        await g.ok('debug_stop', {}, 30_000);
        await g.ok('debug_breakpoint_remove', { all: true }, 10_000);
        if (!(await eventually(() => pidsMatching(marker).length === 0, 10_000))) throw new Error(`cycle ${i}: processes left: ${pidsMatching(marker).join(', ')}`);
        report.perLanguage[c.language] = (report.perLanguage[c.language] ?? 0) + 1;
      } catch (e) {
        report.failures.push(`cycle ${i} (${c.language}): ${(e as Error).message}`);
        await g.call('debug_stop', {}, 30_000).catch(() => undefined);
        await g.call('debug_breakpoint_remove', { all: true }, 10_000).catch(() => undefined);
        if (report.failures.length > 5) break;
      }
      report.cycles++;
      samples.push(rssKb(pid));
      if (i + 1 === warmup) {
        const at = await settledFds(g, pid, plan.length, report);
        [fdsAfterWarmup, report.fdsWarm, report.warmAdaptersWarm] = [at.fds, at.fds.length, at.warm];
      }
      if ((i + 1) % 50 === 0) log(`${i + 1}/${n} cycles, RSS ${Math.round(rssKb(pid) / 1024)} MB, ${fdTargets(pid).length} fds, ${Math.round((Date.now() - started) / 1000)} s`);
    }
    // RSS swings with V8's collections (77 to 115 MB at the same load), so each end is the median of a window, not one sample
    const window = Math.max(3, Math.round(n / 10));
    report.rssWarmKb = median(samples.slice(warmup - 1, warmup - 1 + window));
    report.rssEndKb = median(samples.slice(-window));
    const end = await settledFds(g, pid, plan.length, report);
    [report.fdsEnd, report.warmAdaptersEnd] = [end.fds.length, end.warm];
    // what the new descriptors are, when there are more (a warm adapter replaced since has new ones too)
    if (report.fdsEnd > report.fdsWarm) report.fdsAdded = end.fds.filter((f) => !fdsAfterWarmup.includes(f));
    report.growthPercent = report.rssWarmKb ? Math.round(((report.rssEndKb - report.rssWarmKb) / report.rssWarmKb) * 1000) / 10 : 0;
  } finally {
    await g.close();
    await eventually(() => pidsWithEnv(envMarker).length === 0, 15_000);
    report.leftover = pidsWithEnv(envMarker);
    report.seconds = Math.round((Date.now() - started) / 1000);
  }
  return report;
}

/** From how many cycles the RSS bound applies (a 300-cycle run measured 71 -> 91 MB over the first 100, then 90-111 MB, ending at 95). */
export const RSS_BOUNDED_FROM = 300;

/** The bounds a soak must keep; each broken one is a line. */
export function brokenBounds(r: SoakReport, n: number): string[] {
  const broken = [...r.failures];
  if (r.cycles !== n) broken.push(`${r.cycles} of ${n} cycles ran`);
  // a short run ends while V8's heap is still growing to its working size (about 100 cycles here): its RSS is printed, not bounded
  if (n >= RSS_BOUNDED_FROM && r.growthPercent >= 10) broken.push(`RSS grew ${r.growthPercent} % after warm-up (${r.rssWarmKb} -> ${r.rssEndKb} kB)`);
  if (r.fdsEnd > r.fdsWarm + 3) broken.push(`open fds grew from ${r.fdsWarm} to ${r.fdsEnd} (warm adapters ${r.warmAdaptersWarm.length} then ${r.warmAdaptersEnd.length}; new: ${r.fdsAdded.join(' ')})`);
  if (r.leftover.length) broken.push(`processes left after the gateway closed: ${r.leftover.join(', ')}`);
  return broken;
}
