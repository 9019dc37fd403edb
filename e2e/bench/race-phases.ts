// Where a Python race cycle's time goes: a bare DAP client on debugpy, each phase timed.
//   node --import tsx e2e/bench/race-phases.ts [cycles]   (RACE_ARGS='{"subProcess":false}' adds launch arguments)
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startStdioAdapter } from '@dapgate/dap';
import { cacheDir } from '@dapgate/core';
import { repoRoot } from '../support/gateway.js';
import { nextEvent } from './next-event.js';

const python = process.env.RACE_ADAPTER_PYTHON ?? join(cacheDir(), 'venvs', 'debugpy', 'bin', 'python');
const debuggee = process.env.RACE_PYTHON ?? python;
const program = join(repoRoot, 'e2e', 'bench', 'programs', 'race.py');
const extra = JSON.parse(process.env.RACE_ARGS ?? '{}') as Record<string, unknown>;

async function cycle(): Promise<Record<string, number>> {
  const marks: Record<string, number> = {};
  const t0 = performance.now();
  const mark = (name: string) => (marks[name] = performance.now() - t0);
  const { connection, adapter } = startStdioAdapter(python, ['-m', 'debugpy.adapter'], { env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' } });
  const initialized = nextEvent(connection, 'initialized');
  const stopped = nextEvent(connection, 'stopped');
  const processEvent = nextEvent(connection, 'process');
  processEvent.then(() => mark('process event')).catch(() => undefined);
  await connection.request('initialize', { adapterID: 'python', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' }, { timeoutMs: 30_000 });
  mark('initialize');
  const launch = connection.request('launch', { type: 'python', request: 'launch', program, python: debuggee, console: 'internalConsole', justMyCode: true, ...extra }, { timeoutMs: 30_000 });
  await initialized;
  mark('initialized');
  await connection.request('setBreakpoints', { source: { path: program }, breakpoints: [{ line: 2 }] });
  await connection.request('configurationDone');
  mark('configurationDone');
  await launch;
  mark('launch response');
  const e = await stopped;
  mark('stopped');
  const st = await connection.request('stackTrace', { threadId: (e.body as { threadId: number }).threadId, levels: 20 });
  const frameId = (st.body as { stackFrames: { id: number }[] }).stackFrames[0]!.id;
  await connection.request('evaluate', { expression: 'x * 2', frameId, context: 'repl' });
  mark('evaluate');
  await connection.request('disconnect', { terminateDebuggee: true }, { timeoutMs: 3_000 }).catch(() => undefined);
  connection.close('done');
  await adapter.kill();
  mark('end');
  return marks;
}

const n = Number(process.argv[2] ?? 5);
const all: Record<string, number[]> = {};
for (let i = 0; i < n; i++) {
  const m = await cycle();
  for (const [k, v] of Object.entries(m)) (all[k] ??= []).push(v);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`race phases (ms since spawn, median of ${n}; load ${loadavg()[0]!.toFixed(1)}; args ${JSON.stringify(extra)})`);
for (const [k, v] of Object.entries(all).sort((a, b) => median(a[1]) - median(b[1]))) console.log(`  ${k.padEnd(18)} ${median(v).toFixed(0)}`);
