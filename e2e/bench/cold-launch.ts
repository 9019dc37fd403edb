// The first launch in a gateway just started (what a user feels), next to a bare DAP client on the same adapter;
//   node --import tsx e2e/bench/cold-launch.ts     (BENCH_RUNS=N, default 5; BENCH_COLD_LANGS=python,node)
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '@dapgate/core';
import { Gateway, lineOf, pyExample, repoRoot, sleep } from '../support/gateway.js';
import { GAP_MS } from './compare.js';
import { BareNodeDriver, BarePythonDriver } from './driver-bare.js';
import type { Driver } from './driver.js';

type Row = [string, string, string, string];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;

interface ColdRun {
  /** Spawn to the initialize result (connect). */
  initialize: number;
  /** The first tools/list, and one after the launch (the schemas' JSON converted by then). */
  firstList: number;
  laterList: number;
  /** debug_launch with one breakpoint, to its answer (the stop, with stack and locals). */
  launch: number;
}

/** A fresh gateway: initialize, tools/list, `pauseMs` (an agent's model thinking), then launch `program` stopping at `line`. */
async function coldRun(program: string, line: number, pauseMs: number): Promise<ColdRun> {
  const t0 = performance.now();
  const g = await Gateway.connect({}, ['--quiet']);
  const t1 = performance.now();
  await g.client.listTools();
  const t2 = performance.now();
  if (pauseMs) await sleep(pauseMs);
  const t3 = performance.now();
  const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] });
  const t4 = performance.now();
  if (r.structured.stop?.line !== line) throw new Error(`cold launch stopped at ${r.structured.stop?.line}, not ${line}: ${r.text}`);
  await g.ok('debug_stop');
  const t5 = performance.now();
  await g.client.listTools();
  const laterList = performance.now() - t5;
  await g.close();
  return { initialize: t1 - t0, firstList: t2 - t1, laterList, launch: t4 - t3 };
}

async function bareRun(d: Driver, program: string, line: number): Promise<number> {
  const t = performance.now();
  const stop = await d.firstStop(program, line);
  const elapsed = performance.now() - t;
  if (stop.line !== line) throw new Error(`bare client stopped at ${stop.line}, not ${line}`);
  await d.stop();
  return elapsed;
}

/**
 * Cold gateway to first stop vs a bare DAP client (each run a fresh gateway, launching at once and
 * after GAP_MS; the bare client a fresh adapter, after one uncounted run), alternating; and the
 * first tools/list of each fresh gateway.
 */
export async function coldLaunch(runs: number, say: (line: string) => void): Promise<Row[]> {
  const wanted = (process.env.BENCH_COLD_LANGS ?? 'python,node').split(',');
  const ledger = pyExample('ledger.py');
  const pyLine = lineOf(ledger, 'fee = 1 if amount < 0');
  const postJs = join(repoRoot, 'e2e', 'bench', 'programs', 'post.js');
  const jsLine = lineOf(postJs, 'const fee = amount < 0');
  // what dapgate runs (adapter runtime, debuggee interpreter, js-debug arguments), so the bare client matches it
  const setup = await Gateway.start({}, ['--quiet']);
  const langs = (await setup.ok('debug_languages')).structured.languages;
  const python = langs.find((l: any) => l.id === 'python').path as string;
  const node = langs.find((l: any) => l.id === 'node');
  await setup.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line: pyLine }] });
  const debuggee = (await setup.ok('debug_diagnose')).structured.requestArguments.python as string;
  await setup.ok('debug_stop');
  let jsArgs: Record<string, unknown> | undefined;
  if (node?.installed) {
    await setup.ok('debug_launch', { program: postJs, breakpoints: [{ file: postJs, line: jsLine }] });
    jsArgs = (await setup.ok('debug_diagnose')).structured.requestArguments as Record<string, unknown>;
    await setup.ok('debug_stop');
  }
  await setup.close();

  const scenarios: { id: string; program: string; line: number; bare: () => Driver }[] = [];
  if (wanted.includes('python')) scenarios.push({ id: 'python', program: ledger, line: pyLine, bare: () => new BarePythonDriver(python, debuggee) });
  if (wanted.includes('node') && jsArgs) {
    const server = join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js');
    scenarios.push({ id: 'node', program: postJs, line: jsLine, bare: () => new BareNodeDriver(node.path, server, jsArgs!) });
  } else if (wanted.includes('node')) say(`node cold row skipped: js-debug not installed (${node?.problem})`);

  const rows: Row[] = [];
  const lists: ColdRun[] = [];
  for (const s of scenarios) {
    await bareRun(s.bare(), s.program, s.line); // first use: imports, caches; not counted
    const cold: ColdRun[] = [];
    const paused: ColdRun[] = [];
    const bare: number[] = [];
    for (let i = 0; i < runs; i++) {
      cold.push(await coldRun(s.program, s.line, 0));
      paused.push(await coldRun(s.program, s.line, GAP_MS));
      bare.push(await bareRun(s.bare(), s.program, s.line));
      say(`cold ${s.id} ${i + 1}/${runs}: gateway ${ms(cold[i]!.launch)}, after ${GAP_MS} ms ${ms(paused[i]!.launch)}, bare ${ms(bare[i]!)} (load ${loadavg()[0]!.toFixed(1)})`);
    }
    lists.push(...cold, ...paused);
    const b = median(bare);
    const row = (what: string, runs: ColdRun[]): Row => {
      const c = median(runs.map((r) => r.launch));
      return [`${s.id}: launch to first stop in a gateway just started (${what})`, ms(c), `bare DAP client, fresh adapter: ${ms(b)}`, `${(c / b).toFixed(2)}x (${c >= b ? '+' : ''}${ms(c - b)}; load ${loadavg()[0]!.toFixed(1)})`];
    };
    rows.push(row('initialize, tools/list, debug_launch at once', cold), row(`the same with ${GAP_MS} ms before debug_launch, as an agent's model takes`, paused));
  }
  if (lists.length) {
    rows.push(['first tools/list in a gateway just started (after the initialize result)', ms(median(lists.map((r) => r.firstList))), `a later tools/list: ${ms(median(lists.map((r) => r.laterList)))}`, `spawn to initialize result: ${ms(median(lists.map((r) => r.initialize)))}`]);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await coldLaunch(Number(process.env.BENCH_RUNS ?? 5), (l) => console.error(`[cold] ${l}`));
  console.log('| measure | dapgate | baseline | ratio |\n|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
  process.exit(0);
}
