// What one traced line costs a bare DAP client: stepping with `next`, against running to the next
// line with a breakpoint on every line the trace ran and `continue`; and the stackTrace page size
// (levels). Same adapter, program and launch arguments as dapgate's trace (from a debug_trace first);
// at each stop stackTrace + scopes + variables of the first scope. SHOW_LINES=1 prints the lines
// stopped at (a strategy that stops on other lines than `next` would change the trace).
//   MODES=next:20,continue:20,next:1 RUNS=3 node --import tsx e2e/bench/trace-continue.ts [python|node|go|rust|java]
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DapConnection } from '@dapgate/dap';
import { cacheDir, loadProfiles } from '@dapgate/core';
import { Gateway, repoRoot } from '../support/gateway.js';
import { BareNodeDriver, BarePythonDriver } from './driver-bare.js';
import { BareAdapterDriver } from './bare-adapter.js';
import { nextEvent } from './next-event.js';
import type { Driver } from './driver.js';

const scores = (lang: string, file: string) => join(repoRoot, 'examples', lang, file);
const cases = {
  python: { program: scores('python', 'scores.py'), fn: 'running_total', condition: 'len(values) == 40' },
  node: { program: scores('node', 'scores.js'), fn: 'runningTotal', condition: 'values.length === 40' },
  go: { program: join(repoRoot, 'examples', 'go', 'scores', 'main.go'), fn: 'runningTotal', condition: 'len(values) == 40' },
  rust: { program: join(repoRoot, 'examples', 'rust', 'src', 'bin', 'scores.rs'), fn: 'running_total', condition: 'values.length == 40' },
  java: { program: scores('java', 'Scores.java'), fn: 'runningTotal', condition: 'values.length == 40' },
};
const id = (process.argv[2] ?? 'go') as keyof typeof cases;
const c = cases[id];
const runs = Number(process.env.RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const g = await Gateway.connect();
const langs = (await g.ok('debug_languages')).structured.languages as { id: string; path?: string }[];
const r = await g.ok('debug_trace', { program: c.program, function: c.fn, file: c.program, condition: c.condition, maxLines: 400, timeoutMs: 300_000 });
const t = r.structured.traces[0] as { events: { line: number }[]; steps: number; startLine: number };
const lines = [...new Set(t.events.map((e) => e.line))].sort((a, b) => a - b);
const diagnosed = (await g.ok('debug_diagnose')).structured;
const diag = diagnosed.requestArguments as Record<string, unknown>;
await g.ok('debug_stop');
await g.close();
const lang = langs.find((l) => l.id === id)!;

function driver(): Driver {
  if (id === 'python') return new BarePythonDriver(lang.path!, diag.python as string);
  if (id === 'node') return new BareNodeDriver(process.execPath, join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js'), diag);
  const launchArgs = diag.console === 'integratedTerminal' ? { ...diag, console: 'internalConsole' } : diag;
  return new BareAdapterDriver({ profile: loadProfiles().find((p) => p.id === id)!, command: diagnosed.adapterCommand as string[], cwd: diag.cwd as string, launchArgs, condition: c.condition });
}

interface Split { resume: number[]; stop: number[]; read: number[]; lines: number[] }

async function run(mode: 'next' | 'continue', levels = 20): Promise<Split> {
  const d = driver();
  await d.firstStop(c.program, t.startLine);
  const { connection: conn, threadId } = (d as unknown as { where: { connection: DapConnection; threadId: number } }).where;
  // every line the trace ran gets a breakpoint (the entry's condition dropped)
  if (mode === 'continue') await conn.request('setBreakpoints', { source: { path: c.program }, breakpoints: lines.map((line) => ({ line })) });
  const out: Split = { resume: [], stop: [], read: [], lines: [] };
  for (let i = 0; i < t.events.length - 1; i++) {
    const t0 = performance.now();
    const stopped = nextEvent(conn, 'stopped', 5_000);
    stopped.catch(() => undefined);
    await conn.request(mode, { threadId });
    const t1 = performance.now();
    if (!(await stopped.then(() => true, () => false))) break;
    const t2 = performance.now();
    const st = (await conn.request('stackTrace', { threadId, startFrame: 0, levels })).body as DebugProtocol.StackTraceResponse['body'];
    const frame = st.stackFrames[0]!;
    if (frame.name && !frame.name.toLowerCase().includes(c.fn.toLowerCase())) break; // left the function
    const sc = (await conn.request('scopes', { frameId: frame.id })).body as DebugProtocol.ScopesResponse['body'];
    await conn.request('variables', { variablesReference: sc.scopes[0]!.variablesReference });
    const t3 = performance.now();
    out.resume.push(t1 - t0);
    out.stop.push(t2 - t0);
    out.read.push(t3 - t2);
    out.lines.push(frame.line);
  }
  await d.stop();
  return out;
}

for (let i = 0; i < runs; i++) {
  for (const [mode, levels] of (process.env.MODES ?? 'next:20,continue:20').split(',').map((m) => m.split(':') as ['next' | 'continue', string])) {
    const s = await run(mode, Number(levels));
    const total = s.stop.reduce((a, b) => a + b, 0) + s.read.reduce((a, b) => a + b, 0);
    console.log(`${id} ${mode.padEnd(8)} levels ${levels.padStart(2)} ${s.lines.length} stops in ${total.toFixed(0)} ms (${((s.lines.length * 1000) / total).toFixed(0)}/s): response ${median(s.resume).toFixed(2)} ms, to stopped ${median(s.stop).toFixed(2)} ms, stackTrace+scopes+variables ${median(s.read).toFixed(2)} ms (medians; load ${loadavg()[0]!.toFixed(1)})${process.env.SHOW_LINES ? ` lines ${s.lines.join(',')}`.slice(0, 300) + `` : ''}`);
  }
}
