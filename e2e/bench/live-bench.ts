// Live services (issue: attach to what already runs): for a Python and a Node HTTP service that
// nobody started for debugging,
//   - attach by pid to the first stop at a breakpoint a request reaches: dapgate (one debug_attach
//     with the breakpoint, then debug_wait) next to a bare DAP client doing the same requests;
//   - what a logpoint on the request path costs per request (median latency over N requests with
//     no debugger, attached without breakpoints, and with the logpoint), with the logpoint's
//     messages collected in one debug_output call.
//   BENCH_ONLY=live npm run bench
import { performance } from 'node:perf_hooks';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startStdioAdapter } from '@dapgate/dap';
import { Gateway, lineOf } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';
import { liveFixture, request, startService, type LiveService } from '../support/live-service.js';
import { nextEvent } from './next-event.js';

type Row = [string, string, string, string];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function liveBench(g: Gateway, runs: number, log: (line: string) => void): Promise<Row[]> {
  const langs = await g.ok('debug_languages');
  const python = langs.structured.languages.find((l: any) => l.id === 'python').path as string;
  const rows: Row[] = [];
  const file = liveFixture('service.py');
  const line = lineOf(file, 'after = before + abs(amount)');
  const gate: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < runs; i++) {
    gate.push(await withService(python, file, (s) => dapgateAttachToStop(g, 'python', s, file, line)));
    bare.push(await withService(python, file, (s) => bareDebugpyAttachToStop(python, s, file, line)));
    log(`live: python attach by pid to first stop, run ${i + 1}: dapgate ${ms(gate[i]!)}, bare ${ms(bare[i]!)}`);
  }
  rows.push(['python: attach by pid to the first stop (service not started for debugging)', ms(median(gate)), `bare DAP client: ${ms(median(bare))}`, `${(median(gate) / median(bare)).toFixed(2)}x`]);
  rows.push(...(await logpointCost(g, 'python', python, [file], file, line, 'amount={amount} balance={before}', log)));
  const js = liveFixture('service.mjs');
  rows.push(...(await logpointCost(g, 'node', process.execPath, [js], js, lineOf(js, 'const after = before + amount'), 'amount={amount} balance={before}', log)));
  return rows;
}

async function withService<T>(command: string, file: string, fn: (s: LiveService) => Promise<T>): Promise<T> {
  const s = await startService(command, [file]);
  try {
    return await fn(s);
  } finally {
    killGroup(s.child);
  }
}

async function dapgateAttachToStop(g: Gateway, language: string, s: LiveService, file: string, line: number): Promise<number> {
  const t = performance.now();
  await g.ok('debug_attach', { language, processId: s.child.pid, breakpoints: [{ file, line }] }, 120_000);
  const held = request(s.port, '/post?name=ada&amount=1', 60_000);
  const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
  const elapsed = performance.now() - t;
  if (w.structured.state !== 'stopped') throw new Error(`no stop: ${w.text}`);
  await g.ok('debug_stop');
  await held;
  return elapsed;
}

/** What dapgate does, with nothing else: debugpy's adapter injects into the pid, then the breakpoint and the stop with its frame and locals. */
async function bareDebugpyAttachToStop(python: string, s: LiveService, file: string, line: number): Promise<number> {
  const t = performance.now();
  const { connection, adapter } = startStdioAdapter(python, ['-m', 'debugpy.adapter'], { env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: '1' } });
  try {
    const initialized = nextEvent(connection, 'initialized', 60_000);
    await connection.request('initialize', { adapterID: 'python', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const attach = connection.request('attach', { type: 'python', request: 'attach', processId: s.child.pid, justMyCode: true }, { timeoutMs: 60_000 });
    await initialized;
    await connection.request('setBreakpoints', { source: { path: file }, breakpoints: [{ line }] });
    await connection.request('configurationDone');
    await attach;
    const stopped = nextEvent(connection, 'stopped', 30_000);
    const held = request(s.port, '/post?name=ada&amount=1', 60_000);
    const e = (await stopped) as DebugProtocol.StoppedEvent;
    const st = (await connection.request('stackTrace', { threadId: e.body.threadId!, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
    const sc = (await connection.request('scopes', { frameId: st.stackFrames[0]!.id })).body as DebugProtocol.ScopesResponse['body'];
    await connection.request('variables', { variablesReference: sc.scopes[0]!.variablesReference });
    const elapsed = performance.now() - t;
    await connection.request('disconnect', { terminateDebuggee: false }, { timeoutMs: 5_000 }).catch(() => undefined);
    await held;
    return elapsed;
  } finally {
    connection.close('bench done');
    await adapter.kill();
  }
}

/** Median request latency with no debugger, attached without breakpoints, and with a logpoint on the request path. */
async function logpointCost(g: Gateway, language: string, command: string, args: string[], file: string, line: number, message: string, log: (line: string) => void): Promise<Row[]> {
  const N = 200;
  const s = await startService(command, args);
  try {
    const latencies = async () => {
      const xs: number[] = [];
      for (let i = 0; i < N; i++) {
        const t = performance.now();
        await request(s.port, `/post?name=u${i % 7}&amount=${i}`, 30_000);
        xs.push(performance.now() - t);
      }
      return median(xs);
    };
    const plain = await latencies();
    await g.ok('debug_attach', { language, processId: s.child.pid }, 120_000);
    const attached = await latencies();
    const bp = await g.ok('debug_breakpoint_set', { file, line, logMessage: message });
    const logged = await latencies();
    const out = await g.ok('debug_output', { category: 'logpoint', tail: N });
    const collected = (out.text.match(/amount=/g) ?? []).length;
    await g.ok('debug_breakpoint_remove', { id: bp.structured.id ?? bp.structured.breakpoint?.id });
    await g.ok('debug_stop');
    log(`live: ${language} request latency: no debugger ${ms(plain)}, attached ${ms(attached)}, logpoint ${ms(logged)}; ${collected} messages collected`);
    return [
      [`${language}: a logpoint on a live service's request path, per request (median of ${N})`, ms(logged), `no debugger ${ms(plain)}; attached, no breakpoint ${ms(attached)}`, `+${ms(logged - plain)} (${collected} of ${N} messages in one debug_output)`],
    ];
  } finally {
    killGroup(s.child);
  }
}
