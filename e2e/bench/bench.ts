// dapgate benchmarks: prints a table comparing dapgate against baselines measured in the same run.
//   npm run bench            (builds first; debugpy must be installed: npx dapgate adapters install python)
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { freePort, waitForPort } from '@dapgate/dap';
import { Gateway, binPath, lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { killGroup, startJdwpTarget } from '../support/processes.js';
import { BareDebugpy } from './bare-dap.js';
import { BareJava } from './bare-java.js';
import { BareJsDebug } from './bare-jsdebug.js';
import { cacheDir } from '@dapgate/core';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const pct = (gate: number, base: number) => `${(((gate - base) / base) * 100).toFixed(1)}%`;
const delta = (x: number) => `${x >= 0 ? '+' : ''}${ms(x)}`;
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
  // 1. cold start
  const node = [];
  const gate = [];
  for (let i = 0; i < RUNS; i++) {
    node.push(nodeStart());
    gate.push(await coldStart());
  }
  rows.push(['cold start to MCP initialize result', ms(median(gate)), `node -e 0: ${ms(median(node))}`, `${(median(gate) / median(node)).toFixed(2)}x`]);

  const g = await Gateway.start({}, ['--quiet']);
  const langs = await g.ok('debug_languages');
  const python = langs.structured.languages.find((l: any) => l.id === 'python').path as string;
  const quick = pyExample('quick.py');
  const line = lineOf(quick, 'out.append(v * v)');

  // 2. launch to first breakpoint stop (both run the program with the interpreter dapgate picks)
  const first = await g.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line }] });
  const debuggee = (await g.ok('debug_diagnose')).structured.requestArguments.python as string;
  await g.ok('debug_stop', { sessionId: first.structured.sessionId });
  const viaGate: number[] = [];
  const viaBare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    viaGate.push(
      await time(async () => {
        const r = await g.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line }] });
        if (r.structured.state !== 'stopped') throw new Error(r.text);
      }),
    );
    await g.ok('debug_stop');
  }
  for (let i = 0; i < RUNS; i++) {
    let bare: BareDebugpy | undefined;
    viaBare.push(await time(async () => ({ client: bare } = await BareDebugpy.launchToBreakpoint(python, debuggee, quick, line))));
    await bare!.close();
  }
  rows.push(['launch to first breakpoint stop, with stack + locals (quick.py)', ms(median(viaGate)), `bare DAP client: ${ms(median(viaBare))}`, pct(median(viaGate), median(viaBare))]);

  // 3. per-call overhead: evaluate (one DAP round trip) and step (next + stopped + stack + locals)
  const ledger = pyExample('ledger.py');
  const postLine = lineOf(ledger, 'fee = 1 if amount < 0');
  await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line: postLine }] });
  const { client: bare, threadId } = await BareDebugpy.launchToBreakpoint(python, debuggee, ledger, postLine);
  const evalGate: number[] = [];
  const evalBare: number[] = [];
  const fid = await bare.whereAndLocals(threadId);
  // measured in separate loops: interleaving two debuggees perturbs debugpy's socket timing
  for (let i = 0; i < RUNS * 3; i++) {
    evalGate.push(
      await time(async () => {
        const r = await g.ok('debug_evaluate', { expression: 'amount * 2' });
        if (r.structured.result !== '80') throw new Error(`unexpected: ${r.text}`);
      }),
    );
  }
  for (let i = 0; i < RUNS * 3; i++) {
    evalBare.push(await time(() => bare.connection.request('evaluate', { expression: 'amount * 2', frameId: fid, context: 'repl' })));
  }
  rows.push(['debug_evaluate vs one raw evaluate round trip', ms(median(evalGate)), `raw DAP: ${ms(median(evalBare))}`, delta(median(evalGate) - median(evalBare))]);

  const stepGate: number[] = [];
  const stepBare: number[] = [];
  for (let i = 0; i < 4; i++) stepGate.push(await time(() => g.ok('debug_step', { kind: 'over' })));
  for (let i = 0; i < 4; i++) {
    stepBare.push(
      await time(async () => {
        // the same information the tool returns: locals before, then the new location and locals
        await bare.whereAndLocals(threadId);
        const stopped = bare.next('stopped');
        await bare.connection.request('next', { threadId });
        await stopped;
        await bare.whereAndLocals(threadId);
      }),
    );
  }
  rows.push(['debug_step (location + changed locals) vs raw next + stack + locals', ms(median(stepGate)), `raw DAP: ${ms(median(stepBare))}`, delta(median(stepGate) - median(stepBare))]);
  await bare.close();
  await g.ok('debug_stop');

  // 5. Java: launch to first stop, attach to first stop (dapgate vs a bare DAP client on the same host jar)
  const javaRows = await javaBench(g);
  rows.push(...javaRows);

  // 6. Node: launch to first stop (dapgate vs a bare DAP client doing the startDebugging dance)
  rows.push(...(await nodeBench(g)));

  // 4. characters returned for a fixed scenario
  const scenario = await charactersForScenario(g, python, debuggee);
  rows.push(['characters, fixed scenario (launch, step, variables, evaluate, continue)', `${scenario.gateway}`, `raw DAP JSON: ${scenario.raw}`, `${((scenario.gateway / scenario.raw) * 100).toFixed(0)}%`]);
  const probe = await probeVersusPlainTools(g);
  rows.push(['characters, 4 hits with 2 expressions: debug_probe vs plain tools', `${probe.probe} (1 call)`, `plain tools: ${probe.plain} (${probe.calls} calls)`, `${((probe.probe / probe.plain) * 100).toFixed(0)}%`]);
  await g.close();

  console.log(`\ndapgate bench (median of ${RUNS} runs; ${process.platform}/${process.arch}, node ${process.version})\n`);
  console.log('| measure | dapgate | baseline | difference |');
  console.log('|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.join(' | ')} |`);
}

/** The same questions through dapgate and through raw DAP; counts what each returns. */
async function charactersForScenario(g: Gateway, python: string, debuggee: string): Promise<{ gateway: number; raw: number }> {
  const ledger = pyExample('ledger.py');
  const line = lineOf(ledger, 'total = acct.post(amount)');
  let gateway = 0;
  const count = async (name: string, args: Record<string, unknown>) => (gateway += (await g.ok(name, args)).text.length);
  await count('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line, condition: 'amount < 0' }] });
  await count('debug_step', { kind: 'into' });
  await count('debug_variables', { path: 'self.entries' });
  await count('debug_evaluate', { expression: 'self.balance()' });
  await count('debug_continue', {});
  await g.ok('debug_stop');
  await g.ok('debug_breakpoint_remove', { all: true });

  let raw = 0;
  const { client, threadId } = await BareDebugpy.launchToBreakpoint(python, debuggee, ledger, line, 'amount < 0');
  const req = async (command: string, args: unknown) => {
    const r = await client.connection.request(command, args);
    raw += JSON.stringify(r.body ?? {}).length;
    return r.body as any;
  };
  const where = async () => {
    const st = await req('stackTrace', { threadId, levels: 20 });
    const sc = await req('scopes', { frameId: st.stackFrames[0].id });
    await req('variables', { variablesReference: sc.scopes[0].variablesReference });
    return st.stackFrames[0].id as number;
  };
  await where();
  const s1 = client.next('stopped');
  await req('stepIn', { threadId });
  raw += JSON.stringify((await s1).body).length;
  const fid = await where();
  const sc = await req('scopes', { frameId: fid });
  const vars = await req('variables', { variablesReference: sc.scopes[0].variablesReference });
  const self = vars.variables.find((v: any) => v.name === 'self');
  const selfVars = await req('variables', { variablesReference: self.variablesReference });
  const entries = selfVars.variables.find((v: any) => v.name === 'entries');
  await req('variables', { variablesReference: entries.variablesReference });
  await req('evaluate', { expression: 'self.balance()', frameId: fid, context: 'repl' });
  const s2 = client.next('stopped');
  await req('continue', { threadId });
  raw += JSON.stringify((await s2).body).length;
  await where();
  await client.close();
  return { gateway, raw };
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

async function nodeBench(g: Gateway): Promise<[string, string, string, string][]> {
  const langs = await g.ok('debug_languages');
  const node = langs.structured.languages.find((l: any) => l.id === 'node');
  if (!node?.installed) return [['node rows', 'not measured', `js-debug not installed: ${node?.problem ?? '?'}`, '']];
  const quickJs = join(repoRoot, 'examples', 'node', 'quick.js');
  const line = lineOf(quickJs, 'count += step;');
  const first = await g.ok('debug_launch', { program: quickJs, breakpoints: [{ file: quickJs, line }] });
  const launchArgs = (await g.ok('debug_diagnose')).structured.requestArguments;
  await g.ok('debug_stop', { sessionId: first.structured.sessionId });
  const server = join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js');
  const viaGate: number[] = [];
  const viaBare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    viaGate.push(await time(() => g.ok('debug_launch', { program: quickJs, breakpoints: [{ file: quickJs, line }] })));
    await g.ok('debug_stop');
  }
  await g.ok('debug_breakpoint_remove', { all: true });
  for (let i = 0; i < RUNS; i++) {
    let bare: BareJsDebug | undefined;
    viaBare.push(
      await time(async () => {
        bare = await BareJsDebug.start(node.path, server);
        await bare.launchToBreakpoint(launchArgs, quickJs, line);
      }),
    );
    await bare!.close();
  }
  return [['node: launch to first breakpoint stop, with stack + locals (quick.js)', ms(median(viaGate)), `bare DAP client: ${ms(median(viaBare))}`, pct(median(viaGate), median(viaBare))]];
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
