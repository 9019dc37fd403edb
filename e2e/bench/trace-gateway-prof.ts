// The gateway's own CPU during N traces, sampled by V8 (--cpu-prof on the unbundled cli.js): the
// functions with the most self time, and the gateway's CPU ms per traced line (/proc).
//   N=10 node --import tsx e2e/bench/trace-gateway-prof.ts python
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Gateway, freshStateDir, repoRoot } from '../support/gateway.js';

const cases = {
  python: { program: join(repoRoot, 'examples', 'python', 'scores.py'), fn: 'running_total', condition: 'len(values) == 40' },
  node: { program: join(repoRoot, 'examples', 'node', 'scores.js'), fn: 'runningTotal', condition: 'values.length === 40' },
};
const id = (process.argv[2] ?? 'python') as keyof typeof cases;
const c = cases[id];
const n = Number(process.env.N ?? 10);
const dir = mkdtempSync(join(tmpdir(), 'dapgate-prof-'));
const g = new Gateway();
g.transport = new StdioClientTransport({
  command: process.execPath,
  args: [...(process.env.NODE_FLAGS?.split(' ').filter(Boolean) ?? []), ...(process.env.PROF === '0' ? [] : ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', '100']), join(repoRoot, 'packages', 'mcp', 'dist', 'cli.js')],
  env: { ...(process.env as Record<string, string>), DAPGATE_STATE_DIR: freshStateDir() },
  stderr: 'pipe',
});
await g.client.connect(g.transport);
await g.client.listTools();
const cpu = () => {
  const f = readFileSync(`/proc/${g.pid}/stat`, 'utf8');
  const x = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return ((Number(x[11]) + Number(x[12])) * 1000) / 100;
};
if (process.env.PERF) {
  const { spawn } = await import('node:child_process');
  const perf = spawn('perf', ['record', '--no-inherit', '-F', '4000', '-g', '-o', process.env.PERF, '-p', String(g.pid)], { stdio: 'inherit' });
  process.on('exit', () => perf.kill('SIGINT'));
  await new Promise((r) => setTimeout(r, 1000));
}
let lines = 0;
let traceCpu = 0;
let wall = 0;
for (let i = 0; i < n; i++) {
  const before = cpu();
  const r = await g.ok('debug_trace', { program: c.program, function: c.fn, file: c.program, condition: c.condition, maxLines: Number(process.env.MAXLINES ?? 400), timeoutMs: 300_000 }, 320_000);
  traceCpu += cpu() - before;
  const t = r.structured.traces[0] as { events: unknown[]; ms: number };
  lines += t.events.length;
  wall += t.ms;
  await g.ok('debug_stop');
}
await g.close();
console.log(`${n} traces, ${lines} lines, ${(wall / n).toFixed(0)} ms a trace; gateway CPU ${(traceCpu / lines).toFixed(2)} ms a line (debug_trace calls, launch included)`);
if (process.env.PROF === '0') process.exit(0);
await new Promise((r) => setTimeout(r, 500));
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile');
interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[]; hitCount?: number }
const prof = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const self = new Map<number, number>();
prof.samples.forEach((s, i) => self.set(s, (self.get(s) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const byFn = new Map<string, number>();
for (const node of prof.nodes) {
  const t = self.get(node.id) ?? 0;
  const k = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.replace(/.*\/(packages|node_modules)\//, '$1/')}:${node.callFrame.lineNumber + 1}`;
  byFn.set(k, (byFn.get(k) ?? 0) + t);
}
const total = [...byFn].filter(([k]) => !k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
console.log(`profile: busy ${(total / 1000).toFixed(0)} ms, ${(total / 1000 / lines).toFixed(3)} ms a line; profile dir ${dir}`);
for (const [k, v] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 40))) console.log(`${(v / 1000).toFixed(1).padStart(8)} ms ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
