// Where a traced line's time goes through dapgate: debug_trace on a real gateway whose DAP
// messages are timed in its own process (dap-timing-preload.mjs), summed per step (from one
// `next` to the next): each request's round trip, the stopped event, and the gateway's own time.
// Node: then a bare DAP client on js-debug (same launch arguments) steps as often, reading the
// first scope only (as trace-bench's bare client does) and then every scope dapgate reads per line.
//   node --import tsx e2e/bench/trace-phases.ts [node|python|go|rust|java]
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { cacheDir } from '@dapgate/core';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Gateway, freshStateDir, repoRoot } from '../support/gateway.js';
import { BareJsDebug, withInspectorPreload } from './bare-jsdebug.js';
import { nextEvent } from './next-event.js';

interface Row {
  t: number;
  dir: 'in' | 'out' | 'mark';
  type: string;
  seq: number;
  req?: number;
  what: string;
  args?: Record<string, unknown>;
  reason?: string;
  scopes?: [string, number][];
  count?: number;
}

const cases = {
  node: { program: join(repoRoot, 'examples', 'node', 'scores.js'), function: 'runningTotal', condition: 'values.length === 40' },
  python: { program: join(repoRoot, 'examples', 'python', 'scores.py'), function: 'running_total', condition: 'len(values) == 40' },
  go: { program: join(repoRoot, 'examples', 'go', 'scores', 'main.go'), function: 'runningTotal', condition: 'len(values) == 40' },
  rust: { program: join(repoRoot, 'examples', 'rust', 'src', 'bin', 'scores.rs'), function: 'running_total', condition: 'values.length == 40' },
  java: { program: join(repoRoot, 'examples', 'java', 'Scores.java'), function: 'runningTotal', condition: 'values.length == 40' },
};
const lang = (process.argv[2] ?? 'node') as keyof typeof cases;
const c = cases[lang];
const timing = join(tmpdir(), `dapgate-trace-phases-${process.pid}.json`);
// PHASES_ROOT: another build's tree (its gateway and its own copy of the timing preload)
const gatewayRoot = process.env.PHASES_ROOT ?? repoRoot;
const preload = join(gatewayRoot, 'e2e', 'bench', 'dap-timing-preload.mjs');
// the unbundled entry: the preload patches the one DapConnection class it uses
const g = new Gateway();
g.transport = new StdioClientTransport({
  command: process.execPath,
  args: [...(process.env.PHASES_MARKS ? ['--import', process.env.PHASES_MARKS] : []), '--import', preload, join(gatewayRoot, 'packages', 'mcp', 'dist', 'cli.js')],
  env: { ...(process.env as Record<string, string>), DAPGATE_STATE_DIR: freshStateDir(), DAPGATE_BENCH_TIMING_FILE: timing },
  stderr: 'pipe',
});
await g.client.connect(g.transport);
let ms = 0;
let lines = 0;
let steps = 0;
let startLine = 0;
let launchArgs: Record<string, unknown> = {};
try {
  // PHASES_TRACES: traces before the one measured, in the same gateway (its code warmed as a gateway's that has traced before)
  for (let i = 1; i < Number(process.env.PHASES_TRACES ?? 1); i++) {
    await g.ok('debug_trace', { program: c.program, function: c.function, file: c.program, condition: c.condition, maxLines: 400, timeoutMs: 300_000 }, 320_000);
    await g.ok('debug_stop');
  }
  const r = await g.ok('debug_trace', { program: c.program, function: c.function, file: c.program, condition: c.condition, maxLines: 400, timeoutMs: 300_000 }, 320_000);
  const t = r.structured.traces[0];
  ms = t.ms;
  lines = t.events.length;
  steps = t.steps;
  startLine = t.startLine;
  launchArgs = (await g.ok('debug_diagnose')).structured.requestArguments as Record<string, unknown>;
  await g.ok('debug_stop');
} finally {
  await g.close();
}
const marksFile = `${timing}.marks`;
const rows = [...(JSON.parse(readFileSync(timing, 'utf8')) as Row[]), ...(existsSync(marksFile) ? (JSON.parse(readFileSync(marksFile, 'utf8')) as Row[]) : [])].sort((a, b) => a.t - b.t);
rmSync(marksFile, { force: true });
rmSync(timing, { force: true });

// steps: from each `next` sent to the next one (the trace's own steps only, after its entry stop)
const starts = rows.flatMap((r, i) => (r.dir === 'out' && r.what === 'next' ? [i] : []));
const perKind: Record<string, number[]> = {};
const add = (k: string, v: number) => (perKind[k] ??= []).push(v);
const requestsPerStep: number[] = [];
const scopeNames = new Map<number, string>();
for (let s = 0; s + 1 < starts.length; s++) {
  const slice = rows.slice(starts[s], starts[s + 1]! + 1);
  const t0 = slice[0]!.t;
  const end = slice[slice.length - 1]!.t;
  add('step, next to next', end - t0);
  let busy = 0; // time with at least one request outstanding or the stop awaited
  const open = new Map<number, Row>();
  let lastChange = t0;
  let waitingStop = true;
  let requests = 0;
  for (const r of slice.slice(0, -1)) {
    if (open.size || waitingStop) busy += r.t - lastChange;
    lastChange = r.t;
    if (r.dir === 'out' && r.type === 'request') {
      open.set(r.seq, r);
      requests++;
    } else if (r.type === 'response' && r.req !== undefined && open.has(r.req)) {
      const q = open.get(r.req)!;
      open.delete(r.req);
      const label = q.what === 'variables' ? `variables ${scopeNames.get(q.args?.variablesReference as number) ?? '(a value)'}` : q.what;
      if (r.scopes) for (const [name, ref] of r.scopes) scopeNames.set(ref, name);
      add(label, r.t - q.t);
    } else if (r.type === 'event' && r.what === 'stopped' && waitingStop) {
      add('next sent -> stopped event', r.t - t0);
      waitingStop = false;
    }
  }
  if (open.size || waitingStop) busy += end - lastChange;
  add('gateway-side (no request open)', end - t0 - busy);
  requestsPerStep.push(requests);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
if (process.env.PHASES_EDGES) {
  const a = rows.map((r) => r.what).lastIndexOf("trace start");
  const b = rows.map((r) => r.what).lastIndexOf("trace end");
  const first = rows.findIndex((r, i) => i > a && r.what === "next");
  const last = starts[starts.length - 1]!;
  for (const r of [...rows.slice(a, first + 1), ...rows.slice(last, b + 1)]) console.log(`    +${(r.t - rows[a]!.t).toFixed(2).padStart(8)} ${r.dir} ${r.type} ${r.what} ${JSON.stringify(r.args ?? r.scopes ?? r.count ?? "")}`);
}
if (process.env.PHASES_GAPS) {
  // each pair of consecutive messages or marks within a step (the last trace's steps): median time between them
  const gaps = new Map<string, number[]>();
  const label = (r: Row) => (r.dir === 'mark' ? r.what : `${r.dir === 'out' ? '>' : '<'}${r.what}`);
  const lastTrace = rows.map((r) => r.what).lastIndexOf('trace start');
  for (let s = 0; s + 1 < starts.length; s++) {
    if (starts[s]! < lastTrace) continue;
    const slice = rows.slice(starts[s], starts[s + 1]! + 1);
    for (let i = 1; i < slice.length; i++) {
      const k = `${label(slice[i - 1]!)} -> ${label(slice[i]!)}`;
      (gaps.get(k) ?? gaps.set(k, []).get(k)!).push(slice[i]!.t - slice[i - 1]!.t);
    }
  }
  for (const [k, v] of [...gaps].filter(([, v]) => v.length > 20)) console.log(`  ${k.padEnd(60)} n=${String(v.length).padStart(4)} median ${median(v).toFixed(3)} ms`);
}
if (process.env.PHASES_SLOW) {
  // the slowest steps, each with its messages: where a tail comes from
  const spans = starts.slice(0, -1).map((s, i) => ({ i, ms: rows[starts[i + 1]!]!.t - rows[s]!.t }));
  for (const { i, ms } of spans.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.PHASES_SLOW))) {
    const slice = rows.slice(starts[i], starts[i + 1]! + 1);
    console.log(`  step ${i}: ${ms.toFixed(2)} ms: ${slice.map((r) => `+${(r.t - slice[0]!.t).toFixed(1)} ${r.dir === 'mark' ? r.what : `${r.dir === 'out' ? '>' : '<'}${r.what}`}`).join(', ')}`);
  }
}
if (process.env.PHASES_STEP) {
  const s = Number(process.env.PHASES_STEP);
  const slice = rows.slice(starts[s], starts[s + 1]! + 1);
  for (const r of slice) console.log(`    +${(r.t - slice[0]!.t).toFixed(2).padStart(7)} ${r.dir} ${r.type} ${r.what} ${r.seq}/${r.req ?? ''} ${JSON.stringify(r.args ?? r.scopes ?? r.count ?? '')}`);
}
console.log(`${lang} ${c.function}: ${lines} lines in ${ms} ms (load ${loadavg()[0]!.toFixed(1)}); ${starts.length} steps; requests per step median ${median(requestsPerStep)}`);
for (const [k, v] of Object.entries(perKind)) console.log(`  ${k.padEnd(34)} n=${String(v.length).padStart(4)}  median ${median(v).toFixed(2).padStart(7)} ms  total ${sum(v).toFixed(0).padStart(6)} ms`);

/** A bare client's steps (next, stopped, stackTrace, scopes, and the scopes `pick` chooses read at once): each step's time. */
async function bareSteps(pick: (scopes: DebugProtocol.Scope[]) => DebugProtocol.Scope[]): Promise<number[]> {
  const client = await BareJsDebug.start(process.execPath, join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js'));
  try {
    await client.launchToBreakpoint(withInspectorPreload({ ...launchArgs, program: c.program }, true), c.program, startLine);
    const { connection, threadId } = client.stoppedIn!;
    const out: number[] = [];
    for (let i = 0; i < steps; i++) {
      const t = performance.now();
      const stopped = nextEvent(connection, 'stopped');
      await connection.request('next', { threadId });
      await stopped;
      const st = (await connection.request('stackTrace', { threadId, startFrame: 0, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
      const frame = st.stackFrames[0];
      if (!frame) break;
      const scopes = ((await connection.request('scopes', { frameId: frame.id })).body as DebugProtocol.ScopesResponse['body']).scopes;
      await Promise.all(pick(scopes).map((x) => connection.request('variables', { variablesReference: x.variablesReference })));
      out.push(performance.now() - t);
    }
    return out;
  } finally {
    await client.close();
  }
}

if (lang === 'node') {
  const first = await bareSteps((scopes) => scopes.slice(0, 1));
  const same = await bareSteps((scopes) => scopes.filter((x) => !/^(Global|Script|Closure)\b/.test(x.name) && !x.expensive));
  for (const [name, xs] of [['bare client, first scope', first], ['bare client, the scopes dapgate reads per line', same]] as const) {
    console.log(`  ${name.padEnd(48)} ${xs.length} steps, median ${median(xs).toFixed(2)} ms, total ${sum(xs).toFixed(0)} ms`);
  }
}
