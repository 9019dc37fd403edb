// The bare client's trace steps with its own minimal launch arguments and with dapgate's (from
// debug_diagnose, on dapgate's adapter command), taking turns: what the launch arguments alone cost a line.
//   RUNS=4 node --import tsx e2e/bench/trace-bare-args.ts python
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadProfiles, cacheDir } from '@dapgate/core';
import { Gateway, repoRoot } from '../support/gateway.js';
import { BareNodeDriver, BarePythonDriver } from './driver-bare.js';
import { BareAdapterDriver } from './bare-adapter.js';
import type { Driver } from './driver.js';

const cases = {
  python: { program: join(repoRoot, 'examples', 'python', 'scores.py'), fn: 'running_total', condition: 'len(values) == 40' },
  node: { program: join(repoRoot, 'examples', 'node', 'scores.js'), fn: 'runningTotal', condition: 'values.length === 40' },
};
const id = (process.argv[2] ?? 'python') as keyof typeof cases;
const c = cases[id];
const runs = Number(process.env.RUNS ?? 4);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const g = await Gateway.start();
const langs = (await g.ok('debug_languages')).structured.languages as { id: string; path?: string }[];
const r = await g.ok('debug_trace', { program: c.program, function: c.fn, file: c.program, condition: c.condition, maxLines: 400, timeoutMs: 300_000 });
const t = r.structured.traces[0] as { steps: number; startLine: number };
const diagnosed = (await g.ok('debug_diagnose')).structured;
const diag = diagnosed.requestArguments as Record<string, unknown>;
await g.ok('debug_stop');
await g.close();
console.log('dapgate launch arguments', JSON.stringify(diag));
const extra = JSON.parse(process.env.BARE_EXTRA ?? '{}') as Record<string, unknown>;
const drivers: Record<string, () => Driver> = {
  minimal: () =>
    id === 'python'
      ? new BarePythonDriver(langs.find((l) => l.id === 'python')!.path!, diag.python as string)
      : new BareNodeDriver(process.execPath, join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js'), diag),
  dapgate: () => new BareAdapterDriver({ profile: loadProfiles().find((p) => p.id === id)!, command: diagnosed.adapterCommand as string[], cwd: diag.cwd as string, launchArgs: { ...diag, ...extra } }),
};
const times: Record<string, number[]> = { minimal: [], dapgate: [] };
for (let i = 0; i < runs; i++) {
  for (const k of i % 2 ? ['dapgate', 'minimal'] : ['minimal', 'dapgate']) {
    const d = drivers[k]!();
    const first = await d.firstStop(c.program, t.startLine);
    if (first.line !== t.startLine) throw new Error(`stopped at ${first.line}`);
    const t0 = performance.now();
    for (let s = 0; s < t.steps; s++) await d.step();
    const ms = performance.now() - t0;
    await d.stop();
    times[k]!.push(ms);
    console.log(`${k} run ${i + 1}: ${t.steps} steps in ${ms.toFixed(0)} ms, ${((t.steps * 1000) / ms).toFixed(0)} steps/s (load ${loadavg()[0]!.toFixed(1)})`);
  }
}
for (const [k, v] of Object.entries(times)) console.log(`${k}: median ${((t.steps * 1000) / median(v)).toFixed(0)} steps/s`);
