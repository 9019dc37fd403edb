// What each scope of a Node frame costs to read: a bare DAP client on js-debug (with dapgate's
// TCP_NODELAY preloads) stopped in runningTotal's loop times `variables` per scope, alone and together.
//   node --import tsx e2e/bench/scope-costs.ts [rounds]
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { cacheDir } from '@dapgate/core';
import { repoRoot, lineOf } from '../support/gateway.js';
import { BareJsDebug, withInspectorPreload } from './bare-jsdebug.js';

const program = join(repoRoot, 'examples', 'node', 'scores.js');
const line = lineOf(program, 'const v = values[i];');
const rounds = Number(process.argv[2] ?? 20);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const client = await BareJsDebug.start(process.execPath, join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js'));
try {
  const args = withInspectorPreload({ type: 'pwa-node', request: 'launch', name: 'bench', program, cwd: join(repoRoot, 'examples', 'node'), console: 'internalConsole' }, true);
  await client.launchToBreakpoint(args, program, line);
  const { connection: c, threadId } = client.stoppedIn!;
  const times: Record<string, number[]> = {};
  for (let r = 0; r < rounds; r++) {
    const st = (await c.request('stackTrace', { threadId, levels: 1 })).body as DebugProtocol.StackTraceResponse['body'];
    const scopes = ((await c.request('scopes', { frameId: st.stackFrames[0]!.id })).body as DebugProtocol.ScopesResponse['body']).scopes;
    for (const s of scopes) {
      const t = performance.now();
      const vars = ((await c.request('variables', { variablesReference: s.variablesReference })).body as DebugProtocol.VariablesResponse['body']).variables;
      (times[`${s.name} (${vars.length} names)`] ??= []).push(performance.now() - t);
    }
    const local = scopes.filter((s) => !/^(Global|Script)$/.test(s.name));
    const t = performance.now();
    await Promise.all(local.map((s) => c.request('variables', { variablesReference: s.variablesReference })));
    (times[`${local.map((s) => s.name).join(' + ')} at once`] ??= []).push(performance.now() - t);
  }
  for (const [k, v] of Object.entries(times)) console.log(`  ${k.padEnd(48)} ${median(v).toFixed(1)} ms`);
} finally {
  await client.close();
}
