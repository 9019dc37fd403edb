// A bare DAP client's traced steps on debugpy, timed per request as trace-phases.ts times the
// gateway's (next answered, next -> stopped, stackTrace, scopes, variables, the client's own gap):
// what the adapter alone costs a line, to set beside trace-phases.ts python.
//   node --import tsx e2e/bench/trace-bare-phases.ts [steps]
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { Gateway, repoRoot } from '../support/gateway.js';
import { BareDebugpy } from './bare-dap.js';
import { nextEvent } from './next-event.js';

const program = join(repoRoot, 'examples', 'python', 'scores.py');
const steps = Number(process.argv[2] ?? 123);
const g = await Gateway.start();
const langs = (await g.ok('debug_languages')).structured.languages as { id: string; path?: string }[];
const r = await g.ok('debug_trace', { program, function: 'running_total', file: program, condition: 'len(values) == 40', maxLines: 400, timeoutMs: 300_000 });
const startLine = (r.structured.traces[0] as { startLine: number }).startLine;
const diag = (await g.ok('debug_diagnose')).structured.requestArguments as Record<string, unknown>;
await g.ok('debug_stop');
await g.close();
const { client, threadId } = await BareDebugpy.launchToBreakpoint(langs.find((l) => l.id === 'python')!.path!, diag.python as string, program, startLine);
const c = client.connection;
const phases: Record<string, number[]> = {};
const add = (k: string, v: number) => (phases[k] ??= []).push(v);
const t0 = performance.now();
for (let i = 0; i < steps; i++) {
  const a = performance.now();
  const stopped = nextEvent(c, 'stopped').then(() => performance.now());
  await c.request('next', { threadId });
  const b = performance.now();
  const s = await stopped;
  const st = (await c.request('stackTrace', { threadId, startFrame: 0, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
  const d = performance.now();
  const sc = (await c.request('scopes', { frameId: st.stackFrames[0]!.id })).body as DebugProtocol.ScopesResponse['body'];
  const e = performance.now();
  await c.request('variables', { variablesReference: sc.scopes[0]!.variablesReference });
  const f = performance.now();
  add('next answered', b - a);
  add('next sent -> stopped', s - a);
  add('stackTrace', d - Math.max(s, b));
  add('scopes', e - d);
  add('variables', f - e);
  add('step', f - a);
}
const total = performance.now() - t0;
await client.close();
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
console.log(`bare debugpy: ${steps} steps in ${total.toFixed(0)} ms, ${((steps * 1000) / total).toFixed(0)} steps/s (load ${loadavg()[0]!.toFixed(1)})`);
for (const [k, v] of Object.entries(phases)) console.log(`  ${k.padEnd(24)} median ${median(v).toFixed(2)} ms`);
