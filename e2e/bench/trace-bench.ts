// debug_trace: line events per second through dapgate, next to a bare DAP client doing the same
// number of steps (next + stopped + stackTrace + scopes + variables) on the same function, in one run.
// Node's bare client runs twice: with dapgate's TCP_NODELAY preloads and without them (BENCH_TRACE_UNFIXED=0 skips that run).
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { cacheDir, loadProfiles } from '@dapgate/core';
import { type Gateway, repoRoot } from '../support/gateway.js';
import { BareNodeDriver, BarePythonDriver } from './driver-bare.js';
import { BareAdapterDriver } from './bare-adapter.js';
import type { Driver } from './driver.js';

type Row = [string, string, string, string];

/** Runs per language (BENCH_TRACE_RUNS; a Node run takes minutes here). */
const RUNS = Number(process.env.BENCH_TRACE_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const scores = (lang: string, file: string) => join(repoRoot, 'examples', lang, file);

async function bareSteps(d: Driver, program: string, line: number, steps: number): Promise<number> {
  const first = await d.firstStop(program, line);
  if (first.line !== line) {
    await d.stop();
    throw new Error(`bare client stopped at line ${first.line}, not at the trace's start ${line}`);
  }
  const t = performance.now();
  for (let i = 0; i < steps; i++) await d.step();
  const elapsed = performance.now() - t;
  await d.stop();
  return elapsed;
}

/** dapgate's launch arguments; the JVM through the core's own launcher (no runInTerminal to answer), as the Java launch bench does. */
function bareLaunchArgs(diag: Record<string, unknown>): Record<string, unknown> {
  return diag.console === 'integratedTerminal' ? { ...diag, console: 'internalConsole' } : diag;
}

/** One row per language: dapgate's lines/s (from the trace itself) and the bare client's steps/s. */
export async function traceBench(g: Gateway, log: (line: string) => void): Promise<Row[]> {
  const langs = (await g.ok('debug_languages')).structured.languages as { id: string; installed: boolean; path?: string }[];
  const rows: Row[] = [];
  const cases = [
    { id: 'python', program: scores('python', 'scores.py'), fn: 'running_total', condition: 'len(values) == 40' },
    { id: 'node', program: scores('node', 'scores.js'), fn: 'runningTotal', condition: 'values.length === 40' },
    { id: 'go', program: join(repoRoot, 'examples', 'go', 'scores', 'main.go'), fn: 'runningTotal', condition: 'len(values) == 40' },
    { id: 'rust', program: join(repoRoot, 'examples', 'rust', 'src', 'bin', 'scores.rs'), fn: 'running_total', condition: 'values.length == 40' },
    { id: 'java', program: scores('java', 'Scores.java'), fn: 'runningTotal', condition: 'values.length == 40' },
  ];
  const profiles = loadProfiles();
  const only = process.env.BENCH_TRACE_LANGS?.split(',');
  for (const c of cases.filter((x) => !only || only.includes(x.id))) {
    const lang = langs.find((l) => l.id === c.id);
    if (!lang?.installed) {
      log(`trace bench: ${c.id} skipped (adapter not installed)`);
      continue;
    }
    // dapgate and the bare client take turns; the medians go in the row (the machine's load moves between runs)
    const gateMs: number[] = [];
    const bareMsRuns: number[] = [];
    let t: { events: unknown[]; steps: number; ms: number; startLine: number } | undefined;
    let lastDiag: Record<string, unknown> = {};
    const jsDebug = join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js');
    for (let run = 0; run < RUNS; run++) {
      const r = await g.ok('debug_trace', { program: c.program, function: c.fn, file: c.program, condition: c.condition, maxLines: 400, timeoutMs: 300_000 });
      t = r.structured.traces[0];
      const diagnosed = (await g.ok('debug_diagnose')).structured;
      const diag = diagnosed.requestArguments as Record<string, unknown>;
      lastDiag = diag;
      await g.ok('debug_stop');
      const driver: Driver =
        c.id === 'python'
          ? new BarePythonDriver(lang.path!, diag.python as string)
          : c.id === 'node'
            ? new BareNodeDriver(process.execPath, jsDebug, diag)
            : new BareAdapterDriver({ profile: profiles.find((p) => p.id === c.id)!, command: diagnosed.adapterCommand as string[], cwd: diag.cwd as string, launchArgs: bareLaunchArgs(diag), condition: c.condition });
      const bareMs = await bareSteps(driver, c.program, t!.startLine, t!.steps);
      gateMs.push(t!.ms);
      bareMsRuns.push(bareMs);
      log(`trace bench: ${c.id} run ${run + 1}: ${t!.events.length} lines / ${t!.steps} steps in ${t!.ms} ms; bare ${t!.steps} steps in ${bareMs.toFixed(0)} ms`);
    }
    const gateRate = (t!.events.length * 1000) / median(gateMs);
    const bareMs = median(bareMsRuns);
    const bareRate = (t!.steps * 1000) / bareMs;
    rows.push([`debug_trace ${c.id} (${t!.events.length} lines, ${c.fn}; median of ${RUNS})`, `${gateRate.toFixed(0)} lines/s (${(median(gateMs) / 1000).toFixed(1)} s)`, `bare DAP: ${bareRate.toFixed(0)} steps/s (${(bareMs / 1000).toFixed(1)} s)`, `${((gateRate / bareRate) * 100).toFixed(0)}% (load ${loadavg()[0]!.toFixed(1)})`]);
    if (c.id === 'node' && process.env.BENCH_TRACE_UNFIXED !== '0') {
      // the bare client without the TCP_NODELAY preloads: what the Node stall cost (one run)
      const unfixedMs = await bareSteps(new BareNodeDriver(process.execPath, jsDebug, lastDiag, false), c.program, t!.startLine, t!.steps);
      const unfixedRate = (t!.steps * 1000) / unfixedMs;
      log(`trace bench: node bare DAP, no NODELAY preloads: ${t!.steps} steps in ${unfixedMs.toFixed(0)} ms`);
      rows.push([`debug_trace node (${t!.events.length} lines, ${c.fn})`, `${gateRate.toFixed(0)} lines/s (${(median(gateMs) / 1000).toFixed(1)} s)`, `bare DAP, no NODELAY preloads: ${unfixedRate.toFixed(0)} steps/s (${(unfixedMs / 1000).toFixed(1)} s)`, `${((gateRate / unfixedRate) * 100).toFixed(0)}% (load ${loadavg()[0]!.toFixed(1)})`]);
    }
  }
  return rows;
}
