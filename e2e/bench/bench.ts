// dapgate benchmarks: prints a table comparing dapgate against baselines measured in the same run.
//   npm run bench            (builds first; the adapters must be installed: npx dapgate adapters install all)
//   BENCH_RUNS=N (default 5) runs per measure; BENCH_ONLY=compare for the three-client table only;
//   BENCH_ONLY=toolslist for the tools/list sizes only; BENCH_ONLY=conditions for the per-pass cost of
//   a conditional breakpoint (Python, Java) only; BENCH_ONLY=cold for the first launch in a gateway
//   just started (and its first tools/list), next to a bare DAP client.
//   The peer (@debugmcp/mcp-debugger, pinned) is installed on first use into dapgate's cache.
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, waitForPort } from '@dapgate/dap';
import { Gateway, binPath, lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { killGroup, startJdwpTarget } from '../support/processes.js';
import { GAP_MS, compareClients, toolsListSizes } from './compare.js';
import { gatewayLoad } from './gateway-load.js';
import { traceBench } from './trace-bench.js';
import { liveBench } from './live-bench.js';
import { conditionCost } from './condition-cost.js';
import { coldLaunch } from './cold-launch.js';
import { PeerServer, installPeer } from './driver-peer.js';
import { BareJava } from './bare-java.js';
import { cacheDir } from '@dapgate/core';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_ONLY=compare: only the three-client table (and the probe row); skips cold start and Java. */
const COMPARE_ONLY = process.env.BENCH_ONLY === 'compare';
/** BENCH_ONLY=load: only the gateway-side rows (event-loop delay with 8 launches, memory per session at 16). */
const LOAD_ONLY = process.env.BENCH_ONLY === 'load';
/** BENCH_ONLY=trace: only debug_trace's lines/s next to a bare DAP client. */
const TRACE_ONLY = process.env.BENCH_ONLY === 'trace';
/** BENCH_ONLY=live: only attach-by-pid and logpoint costs on live services. */
const LIVE_ONLY = process.env.BENCH_ONLY === 'live';
/** BENCH_ONLY=conditions: only what a false condition costs per pass, next to a bare DAP client. */
const CONDITIONS_ONLY = process.env.BENCH_ONLY === 'conditions';
/** BENCH_ONLY=cold: only the first launch in a fresh gateway vs a bare DAP client, and the first tools/list. */
const COLD_ONLY = process.env.BENCH_ONLY === 'cold';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const pct = (gate: number, base: number) => `${(((gate - base) / base) * 100).toFixed(1)}%`;
const rows: [string, string, string, string][] = [];

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Spawn dapgate, send MCP initialize, resolve when its result arrives. */
function coldStart(): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, [binPath, '--quiet'], { stdio: ['pipe', 'pipe', 'ignore'] });
    child.stdout.once('data', () => {
      const elapsed = performance.now() - t;
      child.kill();
      resolve(elapsed);
    });
    child.once('error', reject);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } })}\n`);
  });
}

function nodeStart(): number {
  const t = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - t;
}

async function main() {
  if (process.env.BENCH_ONLY === 'toolslist') return console.log(await toolsListOnly());
  if (COLD_ONLY) {
    const coldRows = await coldLaunch(RUNS, (l) => console.error(`[bench] ${l}`));
    console.log(`\ndapgate bench, cold (median of ${RUNS} runs; ${process.platform}/${process.arch}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, node ${process.version})\n`);
    console.log('| measure | dapgate | baseline | ratio |\n|---|---|---|---|');
    for (const r of coldRows) console.log(`| ${r.join(' | ')} |`);
    return;
  }
  // 1. cold start
  const node = [];
  const gate = [];
  for (let i = 0; i < RUNS && !COMPARE_ONLY && !LOAD_ONLY && !TRACE_ONLY && !CONDITIONS_ONLY && !LIVE_ONLY; i++) {
    node.push(nodeStart());
    gate.push(await coldStart());
  }
  if (!COMPARE_ONLY && !LOAD_ONLY && !TRACE_ONLY && !CONDITIONS_ONLY && !LIVE_ONLY) {
    rows.push(['cold start to MCP initialize result', ms(median(gate)), `node -e 0: ${ms(median(node))}`, `${(median(gate) / median(node)).toFixed(2)}x`]);
    rows.push(...(await coldLaunch(RUNS, (l) => console.error(`[bench] ${l}`))));
  }

  const g = await Gateway.start({}, ['--quiet']);
  if (TRACE_ONLY || CONDITIONS_ONLY || LIVE_ONLY) {
    const say = (l: string) => console.error(`[bench] ${l}`);
    const traceRows = TRACE_ONLY ? await traceBench(g, say) : LIVE_ONLY ? await liveBench(g, RUNS, say) : await conditionCost(g, Math.min(RUNS, 3), say);
    await g.close();
    console.log('| measure | dapgate | baseline | ratio |\n|---|---|---|---|');
    for (const r of traceRows) console.log(`| ${r.join(' | ')} |`);
    return;
  }
  // 2. the same Python and Node scenarios through a bare DAP client, dapgate and the peer MCP server
  const comparison = LOAD_ONLY ? '' : await compareClients(g, RUNS, (l) => console.error(`[bench] ${l}`));

  // 3. Java: launch to first stop, attach to first stop (dapgate vs a bare DAP client on the same host jar)
  if (!COMPARE_ONLY && !LOAD_ONLY) rows.push(...(await javaBench(g)), ...(await conditionCost(g, Math.min(RUNS, 3), (l) => console.error(`[bench] ${l}`))));

  if (!LOAD_ONLY) {
    rows.push(...(await traceBench(g, (l) => console.error(`[bench] ${l}`))));
    rows.push(...(await liveBench(g, RUNS, (l) => console.error(`[bench] ${l}`))));
    const probe = await probeVersusPlainTools(g);
    rows.push(['characters, 4 hits with 2 expressions: debug_probe vs plain tools', `${probe.probe} (1 call)`, `plain tools: ${probe.plain} (${probe.calls} calls)`, `${((probe.probe / probe.plain) * 100).toFixed(0)}%`]);
  }
  // 4. the gateway itself under load: event-loop delay and memory per session
  if (!COMPARE_ONLY) rows.push(...(await gatewayLoad(g, (l) => console.error(`[bench] ${l}`))));
  await g.close();

  console.log(`\ndapgate bench, ${new Date().toISOString().slice(0, 10)} (median of ${RUNS} runs; race: 10 cycles; ${process.platform}/${process.arch}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}, node ${process.version})\n`);
  console.log(comparison);
  console.log(`\nTimes: median (ratio to the bare DAP client); each client pauses ${GAP_MS} ms between runs, as an agent does between calls (BENCH_GAP_MS). Characters: the text each answer carries (MCP tool text; DAP response bodies and the events read).\n`);
  console.log('| measure | dapgate | baseline | difference |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

async function javaBench(g: Gateway): Promise<[string, string, string, string][]> {
  const langs = await g.ok('debug_languages');
  const java = langs.structured.languages.find((l: any) => l.id === 'java');
  if (!java?.installed) return [['java rows', 'not measured', `java-debug not installed: ${java?.problem ?? '?'}`, '']];
  const ledgerJava = join(repoRoot, 'examples', 'java', 'Ledger.java');
  const line = lineOf(ledgerJava, 'total = ledger.post(amount);');
  const first = await g.ok('debug_launch', { program: ledgerJava, breakpoints: [{ file: ledgerJava, line }] });
  const launchArgs = (await g.ok('debug_diagnose')).structured.requestArguments;
  const hostJar = join(cacheDir(), 'java-debug-host', 'java-debug-host.jar');
  await g.ok('debug_stop', { sessionId: first.structured.sessionId });
  const viaGate: number[] = [];
  const viaBare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    viaGate.push(await time(() => g.ok('debug_launch', { program: ledgerJava, breakpoints: [{ file: ledgerJava, line }] })));
    await g.ok('debug_stop');
  }
  for (let i = 0; i < RUNS; i++) {
    const bare = BareJava.start(java.path, hostJar);
    viaBare.push(await time(() => bare.toBreakpoint('launch', { ...launchArgs, console: 'internalConsole' }, ledgerJava, line)));
    await bare.close(true);
  }
  await g.ok('debug_breakpoint_remove', { all: true });
  const rows: [string, string, string, string][] = [
    ['java: launch to first breakpoint stop, with stack + locals (Ledger.java)', ms(median(viaGate)), `bare DAP client: ${ms(median(viaBare))}`, pct(median(viaGate), median(viaBare))],
  ];

  const service = join(repoRoot, 'examples', 'java', 'Service.java');
  const sLine = lineOf(service, 'handled++;');
  const attachGate: number[] = [];
  const attachBare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const port = await freePort();
    const target = startJdwpTarget(service, port, { args: ['120'] });
    try {
      await waitForPort('127.0.0.1', port, Date.now() + 20_000);
      attachGate.push(
        await time(async () => {
          await g.ok('debug_attach', { language: 'java', port, waitForTargetMs: 10_000 });
          await g.ok('debug_breakpoint_set', { file: service, line: sLine });
          const w = await g.ok('debug_wait', { timeoutMs: 10_000 });
          if (w.structured.state !== 'stopped') throw new Error(w.text);
        }),
      );
      await g.ok('debug_breakpoint_remove', { all: true });
      await g.ok('debug_stop');
    } finally {
      killGroup(target);
    }
  }
  for (let i = 0; i < RUNS; i++) {
    const port = await freePort();
    const target = startJdwpTarget(service, port, { args: ['120'] });
    try {
      await waitForPort('127.0.0.1', port, Date.now() + 20_000);
      const bare = BareJava.start(java.path, hostJar);
      attachBare.push(await time(() => bare.toBreakpoint('attach', { hostName: '127.0.0.1', port, timeout: 10_000, sourcePaths: [dirname(service)] }, service, sLine)));
      await bare.close(false);
    } finally {
      killGroup(target);
    }
  }
  rows.push(['java: attach to first breakpoint stop (Service.java)', ms(median(attachGate)), `bare DAP client: ${ms(median(attachBare))}`, pct(median(attachGate), median(attachBare))]);
  return rows;
}

/** The same question answered by one debug_probe and by the plain tools an agent would call. */
async function probeVersusPlainTools(g: Gateway): Promise<{ probe: number; plain: number; calls: number }> {
  const ledger = pyExample('ledger.py');
  const line = lineOf(ledger, 'total = acct.post(amount)');
  const expressions = ['amount', 'acct.balance()'];
  const probe = (await g.ok('debug_probe', { program: ledger, breakpoints: [{ file: ledger, line }], expressions, maxHits: 4 })).text.length;
  let plain = 0;
  let calls = 0;
  const call = async (name: string, args: Record<string, unknown>) => {
    calls++;
    plain += (await g.ok(name, args)).text.length;
  };
  await call('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] });
  for (let hit = 0; hit < 4; hit++) {
    for (const expression of expressions) await call('debug_evaluate', { expression });
    if (hit < 3) await call('debug_continue', {});
  }
  await call('debug_stop', {});
  await g.ok('debug_breakpoint_remove', { all: true });
  return { probe, plain, calls };
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);

/** tools/list of dapgate and the peer, without the timed scenarios. */
async function toolsListOnly(): Promise<string> {
  const g = await Gateway.start({}, ['--quiet']);
  const peer = await PeerServer.start(installPeer((l) => console.error(`[bench] ${l}`)));
  try {
    return await toolsListSizes(g, peer);
  } finally {
    await peer.close();
    await g.close();
  }
}

