// What the Rust formatters cost lldb-dap per traced line: a bare DAP client steps through
// running_total (next, stackTrace of one frame, scopes, Locals) on lldb-dap launched with the
// arguments dapgate sent (from debug_diagnose), and with variants of its initCommands, taking turns.
// Per step: each request's median and lldb-dap's own CPU time (/proc, less moved by load than wall
// time). DAPGATE_AB_BIN: another build's cli.js, whose initCommands run as a third variant.
//   node --import tsx e2e/bench/lldb-formatter-costs.ts        (ROUNDS=4 by default)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startStdioAdapter } from '@dapgate/dap';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Gateway, freshStateDir, repoRoot } from '../support/gateway.js';
import { nextEvent } from './next-event.js';

const program = join(repoRoot, 'examples', 'rust', 'src', 'bin', 'scores.rs');
const condition = 'values.length == 40';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** dapgate's launch arguments and adapter command for the trace, and its line and step count. */
async function launchOf(g: Gateway) {
  try {
    const r = await g.ok('debug_trace', { program, function: 'running_total', file: program, condition, maxLines: 400, timeoutMs: 300_000 }, 320_000);
    const t = r.structured.traces[0] as { startLine: number; steps: number };
    const d = (await g.ok('debug_diagnose')).structured as { requestArguments: Record<string, unknown>; adapterCommand: string[] };
    await g.ok('debug_stop');
    return { args: d.requestArguments, command: d.adapterCommand, line: t.startLine, steps: t.steps };
  } finally {
    await g.close();
  }
}

async function otherBuild(bin: string): Promise<Gateway> {
  const g = new Gateway();
  g.transport = new StdioClientTransport({ command: process.execPath, args: [bin], env: { ...(process.env as Record<string, string>), DAPGATE_STATE_DIR: freshStateDir() }, stderr: 'pipe' });
  await g.client.connect(g.transport);
  return g;
}

/** CPU time (ms) a process has used. */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
}

const ours = await launchOf(await Gateway.start());
const initCommands = ours.args.initCommands as string[];
const variants: Record<string, string[]> = {
  'as dapgate launches it': initCommands,
  'no Rust formatters': initCommands.filter((c) => !/command (script import|source)|type synthetic|svar/.test(c)),
};
if (process.env.DAPGATE_AB_BIN) variants['the other build'] = (await launchOf(await otherBuild(process.env.DAPGATE_AB_BIN))).args.initCommands as string[];
const results: Record<string, Record<string, number[]>> = {};

async function run(name: string): Promise<void> {
  const [command, ...rest] = ours.command;
  const { connection: c, adapter } = startStdioAdapter(command!, rest, { cwd: ours.args.cwd as string });
  const out = (results[name] ??= {});
  const add = (k: string, v: number) => (out[k] ??= []).push(v);
  try {
    const initialized = nextEvent(c, 'initialized', 60_000);
    const first = nextEvent(c, 'stopped', 60_000);
    await c.request('initialize', { adapterID: 'lldb-dap', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path' });
    const launched = c.request('launch', { ...ours.args, initCommands: variants[name] }, { timeoutMs: 60_000 });
    await initialized;
    await c.request('setBreakpoints', { source: { path: program }, breakpoints: [{ line: ours.line, condition }] });
    await c.request('configurationDone');
    await launched;
    const threadId = ((await first) as DebugProtocol.StoppedEvent).body.threadId!;
    const pid = adapter.child.pid!;
    const cpu0 = cpuMs(pid);
    const t0 = performance.now();
    for (let i = 0; i < ours.steps; i++) {
      const times = [performance.now()];
      const stopped = nextEvent(c, 'stopped');
      await c.request('next', { threadId });
      await stopped;
      times.push(performance.now());
      const frame = ((await c.request('stackTrace', { threadId, startFrame: 0, levels: 1 })).body as DebugProtocol.StackTraceResponse['body']).stackFrames[0]!;
      times.push(performance.now());
      const scopes = ((await c.request('scopes', { frameId: frame.id })).body as DebugProtocol.ScopesResponse['body']).scopes;
      times.push(performance.now());
      await c.request('variables', { variablesReference: scopes[0]!.variablesReference });
      times.push(performance.now());
      ['next to stopped', 'stackTrace', 'scopes', 'variables'].forEach((k, j) => add(k, times[j + 1]! - times[j]!));
    }
    add('steps/s', (ours.steps * 1000) / (performance.now() - t0));
    add('lldb-dap CPU per step', (cpuMs(pid) - cpu0) / ours.steps);
  } finally {
    await c.request('disconnect', { terminateDebuggee: true }, { timeoutMs: 3_000 }).catch(() => undefined);
    c.close('bench done');
    await adapter.kill();
  }
}

const names = Object.keys(variants);
const rounds = Number(process.env.ROUNDS ?? 4);
for (let r = 0; r < rounds; r++) for (const n of r % 2 ? [...names].reverse() : names) await run(n);
console.log(`rust running_total, ${ours.steps} steps, ${rounds} rounds (load ${loadavg().map((x) => x.toFixed(1)).join(' ')}); medians, ms unless said`);
for (const n of names) console.log(`  ${n.padEnd(24)} ${Object.entries(results[n]!).map(([k, v]) => `${k} ${median(v).toFixed(2)}`).join('  ')}`);
