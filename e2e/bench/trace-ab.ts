// Two gateways taking turns on the same debug_trace: the repo's profiles (A) and the profiles in
// DAPGATE_AB_CONFIG_DIR (B, e.g. a copy of adapters-config with one trace key changed) and/or with the
// environment in DAPGATE_AB_ENV (B only, JSON, e.g. another host jar), or another build's gateway
// (DAPGATE_AB_BIN: its packages/mcp/dist/cli.js, with its own profiles and hooks): lines/s of each run, medians.
//   DAPGATE_AB_CONFIG_DIR=/tmp/cfg RUNS=5 node --import tsx e2e/bench/trace-ab.ts rust
//   DAPGATE_AB_ENV='{"DAPGATE_JAVA_DEBUG_HOST_JAR":"/tmp/new.jar"}' node --import tsx e2e/bench/trace-ab.ts java
//   DAPGATE_AB_BIN=/work/main/packages/mcp/dist/cli.js RUNS=5 node --import tsx e2e/bench/trace-ab.ts rust
import { basename, join } from 'node:path';
import { loadavg } from 'node:os';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Gateway, freshStateDir, repoRoot } from '../support/gateway.js';
import { cpuSince, treeCpu } from './proc-cpu.js';

const scores = (lang: string, file: string) => join(repoRoot, 'examples', lang, file);
const cases = {
  python: { program: scores('python', 'scores.py'), fn: 'running_total', condition: 'len(values) == 40' },
  node: { program: scores('node', 'scores.js'), fn: 'runningTotal', condition: 'values.length === 40' },
  go: { program: join(repoRoot, 'examples', 'go', 'scores', 'main.go'), fn: 'runningTotal', condition: 'len(values) == 40' },
  rust: { program: join(repoRoot, 'examples', 'rust', 'src', 'bin', 'scores.rs'), fn: 'running_total', condition: 'values.length == 40' },
  java: { program: scores('java', 'Scores.java'), fn: 'runningTotal', condition: 'values.length == 40' },
};
const id = (process.argv[2] ?? 'rust') as keyof typeof cases;
const c = cases[id];
const otherDir = process.env.DAPGATE_AB_CONFIG_DIR;
const otherEnv = JSON.parse(process.env.DAPGATE_AB_ENV ?? '{}') as Record<string, string>;
const otherBin = process.env.DAPGATE_AB_BIN;
if (!otherDir && !Object.keys(otherEnv).length && !otherBin) throw new Error('set DAPGATE_AB_CONFIG_DIR and/or DAPGATE_AB_ENV, or DAPGATE_AB_BIN, to what B runs with');
const other = otherBin ?? [otherDir, process.env.DAPGATE_AB_ENV].filter(Boolean).join(' ');
const programPattern = new RegExp(basename(c.program).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
const runs = Number(process.env.RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** A gateway run from another build's cli.js. */
async function startBuild(bin: string): Promise<Gateway> {
  const g = new Gateway();
  g.transport = new StdioClientTransport({ command: process.execPath, args: [bin], env: { ...(process.env as Record<string, string>), DAPGATE_STATE_DIR: freshStateDir() }, stderr: 'pipe' });
  await g.client.connect(g.transport);
  await g.client.listTools();
  return g;
}
const B = otherBin ? await startBuild(otherBin) : await Gateway.start({ ...(otherDir ? { DAPGATE_CONFIG_DIR: otherDir } : {}), ...otherEnv });
const gateways = { A: await Gateway.start(), B };
const rates: Record<'A' | 'B', number[]> = { A: [], B: [] };
// CPU ms of the gateway's process tree (gateway, adapter, debuggee, ...) per traced line, each trace
const cpu: Record<'A' | 'B', number[]> = { A: [], B: [] };
// the gateway process's own CPU ms per traced line
const own: Record<'A' | 'B', number[]> = { A: [], B: [] };
try {
  for (let i = 0; i < runs; i++) {
    for (const k of (i % 2 ? ['B', 'A'] : ['A', 'B']) as ('A' | 'B')[]) {
      const before = treeCpu([gateways[k].pid!], programPattern);
      const r = await gateways[k].ok('debug_trace', { program: c.program, function: c.fn, file: c.program, condition: c.condition, maxLines: 400, timeoutMs: 300_000 }, 320_000);
      const t = r.structured.traces[0] as { events: unknown[]; ms: number };
      rates[k].push((t.events.length * 1000) / t.ms);
      const used = cpuSince(before, treeCpu([gateways[k].pid!], programPattern));
      const all = Object.values(used).reduce((a, b) => a + b, 0);
      cpu[k].push(all / t.events.length);
      own[k].push((used.root ?? 0) / t.events.length);
      await gateways[k].ok('debug_stop');
      console.log(`${id} ${k} run ${i + 1}: ${t.events.length} lines in ${t.ms} ms (load ${loadavg()[0]!.toFixed(1)}); CPU ms a line ${(all / t.events.length).toFixed(1)} (${Object.entries(used).map(([n, v]) => `${n} ${v.toFixed(0)}`).join(', ')})`);
    }
  }
} finally {
  await gateways.A.close();
  await gateways.B.close();
}
console.log(`${id}: A (repo profiles) median ${median(rates.A).toFixed(0)} lines/s, B (${other}) median ${median(rates.B).toFixed(0)} lines/s`);
console.log(`${id}: CPU ms a line (the gateway's whole process tree, the trace call's launch included): A median ${median(cpu.A).toFixed(1)}, B median ${median(cpu.B).toFixed(1)}`);
console.log(`${id}: the gateway process alone, CPU ms a line: A median ${median(own.A).toFixed(2)}, B median ${median(own.B).toFixed(2)}; A faster in ${rates.A.filter((r, i) => r > rates.B[i]!).length} of ${runs} pairs`);
