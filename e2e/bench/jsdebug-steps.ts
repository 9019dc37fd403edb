// js-debug's cost per traced line by launch arguments: a bare DAP client (no dapgate) steps through
// runningTotal (examples/node/scores.js) as debug_trace does (next, stopped, stackTrace, scopes, and
// the variables of every scope but Global/Script/Closure, sent together), once per variant, variants
// taking turns. A variant is a JSON object merged into the launch arguments; the values each step
// read are compared with the first variant's (a variant must not change what a trace shows).
// Keys starting with `$` are the client's (see run()). Printed: steps/s, ms per phase, the CPU each
// process used per step (js-debug, its watchdog, the debuggee, this client). PERF=<file> records the
// debuggee with `perf record -g`; BENCH_JSDEBUG_NODE_ARGS (e.g. `--cpu-prof`) goes to js-debug's node.
//   VARIANTS='[{}, {"sourceMaps": false}, {"$levels": 1}]' ROUNDS=3 node --import tsx e2e/bench/jsdebug-steps.ts
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { cacheDir } from '@dapgate/core';
import { lineOf, repoRoot } from '../support/gateway.js';
import { BareJsDebug, withInspectorPreload } from './bare-jsdebug.js';
import { nextEvent } from './next-event.js';
import { cpuSince, treeCpu } from './proc-cpu.js';

const program = join(repoRoot, 'examples', 'node', 'scores.js');
const cwd = join(repoRoot, 'examples', 'node');
// what dapgate sends for `debug_trace` on this program (debug_diagnose's requestArguments)
const base: Record<string, unknown> = {
  type: 'pwa-node', request: 'launch', name: 'dapgate', program, cwd, stopOnEntry: false,
  console: 'integratedTerminal', outputCapture: 'std', sourceMaps: true,
  outFiles: [`${cwd}/**/*.(m|c|)js`, '!**/node_modules/**'], resolveSourceMapLocations: [`${cwd}/**`, '!**/node_modules/**'],
  __workspaceFolder: cwd, autoAttachChildProcesses: true, smartStep: false, skipFiles: ['<node_internals>/**', '**/node_modules/**'],
};
const variants = JSON.parse(process.env.VARIANTS ?? '[{}]') as Record<string, unknown>[];
const rounds = Number(process.env.ROUNDS ?? 3);
const steps = Number(process.env.STEPS ?? 200);
const entry = lineOf(program, 'let total = 0;');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Run { perPhase: Record<string, number[]>; shown: string[]; total: number; cpu: Record<string, number> }


/** Keys starting with `$` are the client's, not launch arguments: `$levels` (stackTrace levels, 20), `$scopes` ("first": the first scope only). */
async function run(variant: Record<string, unknown>): Promise<Run> {
  const levels = (variant.$levels as number | undefined) ?? 20;
  const launch = Object.fromEntries(Object.entries(variant).filter(([k]) => !k.startsWith('$')));
  const client = await BareJsDebug.start(process.execPath, join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js'));
  const perPhase: Record<string, number[]> = {};
  const add = (k: string, v: number) => (perPhase[k] ??= []).push(v);
  const shown: string[] = [];
  try {
    // runningTotal's first call is the one with 40 values (the trace's condition)
    await client.launchToBreakpoint(withInspectorPreload({ ...base, ...launch }, true), program, entry);
    const { connection: c, threadId } = client.stoppedIn!;
    const roots = [client.adapter.pid!, ...client.terminalPids()];
    const cpu0 = treeCpu(roots);
    // PERF=<file>: perf record the debuggee while it steps
    const perf = process.env.PERF ? spawn('perf', ['record', '-F', '2000', '-g', '-o', process.env.PERF, '-p', client.terminalPids().join(',')], { stdio: 'ignore' }) : undefined;
    if (perf) await new Promise((r) => setTimeout(r, 500));
    const self0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < steps; i++) {
      let t = performance.now();
      const lap = (k: string) => { const now = performance.now(); add(k, now - t); t = now; };
      const stopped = nextEvent(c, 'stopped');
      await c.request('next', { threadId });
      lap('next');
      await stopped;
      lap('stopped');
      const st = (await c.request('stackTrace', { threadId, startFrame: 0, levels })).body as DebugProtocol.StackTraceResponse['body'];
      lap('stackTrace');
      const frame = st.stackFrames[0];
      if (!frame || !frame.name.endsWith('runningTotal')) { if (i === 0) console.log('stopped in', frame?.name); break; }
      const scopes = ((await c.request('scopes', { frameId: frame.id })).body as DebugProtocol.ScopesResponse['body']).scopes;
      lap('scopes');
      const read = variant.$scopes === 'first' ? scopes.slice(0, 1) : scopes.filter((x) => !/^(Global|Script|Closure)\b/.test(x.name));
      const lists = await Promise.all(read.map((x) => c.request('variables', { variablesReference: x.variablesReference })));
      lap('variables');
      shown.push(`${frame.line}: ${lists.map((l, k) => `${read[k]!.name}{${(l.body as DebugProtocol.VariablesResponse['body']).variables.map((v) => `${v.name}=${v.value}:${v.type ?? ''}`).join(' ')}}`).join(' ')}`);
    }
    const total = performance.now() - t0;
    if (perf) {
      perf.kill('SIGINT');
      await new Promise((r) => perf.once('exit', r));
    }
    const cpu1 = treeCpu(roots);
    const self = process.cpuUsage(self0);
    const cpu = cpuSince(cpu0, cpu1);
    cpu.client = (self.user + self.system) / 1000;
    return { perPhase, shown, total, cpu };
  } finally {
    await client.close();
  }
}

const results: Run[][] = variants.map(() => []);
for (let r = 0; r < rounds; r++) {
  const order = variants.map((_, i) => i);
  if (r % 2) order.reverse();
  for (const i of order) {
    const x = await run(variants[i]!);
    results[i]!.push(x);
    const same = results[0]![0] ? JSON.stringify(x.shown) === JSON.stringify(results[0]![0].shown) : true;
    console.log(`round ${r + 1} variant ${i} ${JSON.stringify(variants[i])}: ${x.shown.length} steps in ${x.total.toFixed(0)} ms = ${((x.shown.length * 1000) / x.total).toFixed(0)} steps/s (load ${loadavg()[0]!.toFixed(1)})${same ? '' : ' VALUES DIFFER'}`);
    if (!same && process.env.SHOW_DIFF) {
      const a = results[0]![0]!.shown;
      for (let k = 0; k < Math.max(a.length, x.shown.length); k++) if (a[k] !== x.shown[k]) { console.log(`  first: ${a[k]}\n  this:  ${x.shown[k]}`); break; }
    }
  }
}
for (const [i, runs] of results.entries()) {
  const cpu = Object.keys(runs[0]!.cpu).map((k) => `${k} ${median(runs.map((x) => x.cpu[k]! / x.shown.length)).toFixed(2)}`).join(', ');
  console.log(`variant ${i}: CPU ms per step: ${cpu}`);
  const v = runs.map((x) => x.perPhase.variables!);
  const q = (a: number, b: number) => median(v.flatMap((xs) => xs.slice(Math.floor(xs.length * a), Math.floor(xs.length * b)))).toFixed(2);
  console.log(`variant ${i}: variables ms by quarter of the trace: ${q(0, 0.25)} ${q(0.25, 0.5)} ${q(0.5, 0.75)} ${q(0.75, 1)}`);
  const phases = Object.keys(runs[0]!.perPhase).map((k) => `${k} ${median(runs.flatMap((x) => x.perPhase[k]!)).toFixed(2)}`).join(', ');
  console.log(`variant ${i} ${JSON.stringify(variants[i])}: median ${median(runs.map((x) => (x.shown.length * 1000) / x.total)).toFixed(0)} steps/s; ms per step: ${phases}`);
}
