// Where a js-debug step's time goes: a bare DAP client on js-debug, each request of a step timed.
//   node --import tsx e2e/bench/step-phases.ts [steps]
//   STEP_ARGS='{"showAsyncStacks":false}' adds or overrides launch arguments (several variants: a JSON array of objects).
//   STEP_NODELAY=0 runs js-debug and the debuggee without dapgate's TCP_NODELAY preloads (default: with them).
import { performance } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { cacheDir } from '@dapgate/core';
import { repoRoot, lineOf } from '../support/gateway.js';
import { BareJsDebug, withInspectorPreload } from './bare-jsdebug.js';
import { nextEvent } from './next-event.js';

const program = join(repoRoot, 'examples', 'node', 'scores.js');
const line = lineOf(program, 'const v = values[i];');
const server = join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js');
const steps = Number(process.argv[2] ?? 20);
const noDelay = process.env.STEP_NODELAY !== '0';
const parsed = JSON.parse(process.env.STEP_ARGS ?? '{}') as Record<string, unknown> | Record<string, unknown>[];
const variants = Array.isArray(parsed) ? parsed : [parsed];
const base = { type: 'pwa-node', request: 'launch', name: 'bench', program, cwd: join(repoRoot, 'examples', 'node'), console: 'internalConsole', outputCapture: 'std', sourceMaps: true, autoAttachChildProcesses: true, smartStep: false };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function run(extra: Record<string, unknown>): Promise<Record<string, number[]>> {
  const client = await BareJsDebug.start(process.execPath, server, undefined, noDelay);
  const all: Record<string, number[]> = {};
  const add = (k: string, v: number) => (all[k] ??= []).push(v);
  try {
    const t0 = performance.now();
    await client.launchToBreakpoint(withInspectorPreload({ ...base, ...extra }, noDelay), program, line);
    add('first stop', performance.now() - t0);
    const { connection: c, threadId } = client.stoppedIn!;
    for (let i = 0; i < steps; i++) {
      const t = performance.now();
      const stopped = nextEvent(c, 'stopped');
      await c.request('next', { threadId });
      add('next answered', performance.now() - t);
      await stopped;
      add('stopped', performance.now() - t);
      const t1 = performance.now();
      const st = (await c.request('stackTrace', { threadId, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
      add('stackTrace', performance.now() - t1);
      const t2 = performance.now();
      const sc = (await c.request('scopes', { frameId: st.stackFrames[0]!.id })).body as DebugProtocol.ScopesResponse['body'];
      add('scopes', performance.now() - t2);
      const t3 = performance.now();
      await Promise.all(sc.scopes.filter((s) => !s.expensive).map((s) => c.request('variables', { variablesReference: s.variablesReference })));
      add('variables (cheap scopes)', performance.now() - t3);
      const t4 = performance.now();
      await c.request('evaluate', { expression: 'total + 1', frameId: st.stackFrames[0]!.id, context: 'repl' });
      add('evaluate repl', performance.now() - t4);
      const t5 = performance.now();
      await c.request('evaluate', { expression: 'total + 1', frameId: st.stackFrames[0]!.id, context: 'watch' });
      add('evaluate watch', performance.now() - t5);
      add('step total', performance.now() - t);
    }
  } finally {
    await client.close();
  }
  return all;
}

for (const extra of variants) {
  const all = await run(extra);
  console.log(`step phases (ms, median of ${steps}; load ${loadavg()[0]!.toFixed(1)}; TCP_NODELAY preloads ${noDelay ? 'on' : 'off'}; args ${JSON.stringify(extra)})`);
  for (const [k, v] of Object.entries(all)) console.log(`  ${k.padEnd(26)} ${median(v).toFixed(1)}`);
}
