// The comparison table: the same scenarios through a bare DAP client, dapgate and the peer MCP server.
import { join } from 'node:path';
import { cacheDir, loadProfiles } from '@dapgate/core';
import { type Gateway, lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { perToolChars, toolsListSummary } from '../support/tool-size.js';
import { BareNodeDriver, BarePythonDriver } from './driver-bare.js';
import { BareAdapterDriver } from './bare-adapter.js';
import { DapgateDriver } from './driver-dapgate.js';
import { PEER, PeerDriver, PeerServer, installPeer } from './driver-peer.js';
import { runScenario, type Driver, type RunResult, type Scenario } from './driver.js';

const median = (xs: number[]) => {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return ok.length ? ok[Math.floor(ok.length / 2)]! : NaN;
};

interface Row {
  scenario: string;
  client: string;
  runs: RunResult[];
}

/**
 * The pause between runs (BENCH_GAP_MS, default 1500): an agent waits for its model between tool
 * calls, and that is when dapgate refills its warm adapters. The calls within a run follow each
 * other at once; the race cycles too.
 */
export const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 1_500);

async function measure(scenario: string, d: Driver, s: Scenario, runs: number, warmup: boolean, gapMs = GAP_MS): Promise<Row> {
  if (warmup) await runScenario(d, s); // first use: imports, caches, JIT; not counted
  const results: RunResult[] = [];
  for (let i = 0; i < runs; i++) {
    if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
    results.push(await runScenario(d, s));
  }
  const wrong = results.find((r) => !r.correct);
  if (wrong) console.error(`[bench] ${scenario} / ${d.name}: ${wrong.problem}`);
  return { scenario, client: d.name, runs: results };
}

/** Runs every scenario on the three clients; returns the markdown table and the tools/list line. */
export async function compareClients(g: Gateway, runs: number, log: (line: string) => void): Promise<string> {
  const langs = (await g.ok('debug_languages')).structured.languages;
  const python = langs.find((l: any) => l.id === 'python').path as string;
  const node = langs.find((l: any) => l.id === 'node');
  const ledger = pyExample('ledger.py');
  const postLine = lineOf(ledger, 'fee = 1 if amount < 0');
  const py: Scenario = {
    id: 'python: ledger.py',
    program: ledger,
    line: postLine,
    first: { amount: '40' },
    step: { line: postLine + 1, locals: { fee: '0' } },
    expression: 'amount * 2',
    result: '80',
  };
  const postJs = join(repoRoot, 'e2e', 'bench', 'programs', 'post.js');
  const jsLine = lineOf(postJs, 'const fee = amount < 0');
  const js: Scenario = { ...py, id: 'node: post.js', program: postJs, line: jsLine, step: { line: jsLine + 1, locals: { fee: '0' } } };
  const ledgerJava = join(repoRoot, 'examples', 'java', 'Ledger.java');
  const javaLine = lineOf(ledgerJava, 'int fee = amount < 0');
  const java: Scenario = { ...py, id: 'java: Ledger.java', program: ledgerJava, line: javaLine, step: { line: javaLine + 1, locals: { fee: '0' } } };
  const racePy = join(repoRoot, 'e2e', 'bench', 'programs', 'race.py');
  const race: Scenario = { id: 'python race: 3-line program, 10 cycles', program: racePy, line: 2, first: { x: '21' }, expression: 'x * 2', result: '42' };

  // the debuggee interpreter and js-debug launch arguments dapgate uses, so the bare client matches them
  const dg = new DapgateDriver(g);
  await dg.firstStop(ledger, postLine);
  const debuggee = (await g.ok('debug_diagnose')).structured.requestArguments.python as string;
  await dg.stop();
  await dg.firstStop(postJs, jsLine);
  const jsArgs = (await g.ok('debug_diagnose')).structured.requestArguments as Record<string, unknown>;
  await dg.stop();

  const peer = await PeerServer.start(installPeer(log));
  const rows: Row[] = [];
  // BENCH_COMPARE=java,node: only the scenarios whose id starts with one of these
  const wanted = (id: string) => !process.env.BENCH_COMPARE || process.env.BENCH_COMPARE.split(',').some((w) => id.startsWith(w));
  try {
    const pyDrivers: Driver[] = [new BarePythonDriver(python, debuggee), new DapgateDriver(g), new PeerDriver(peer, 'python', python)];
    if (wanted(py.id)) for (const d of pyDrivers) rows.push(await measure(py.id, d, py, runs, true));
    if (!wanted(js.id)) log('node scenario skipped (BENCH_COMPARE)');
    else if (node?.installed) {
      const server = join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js');
      // the bare client with dapgate's TCP_NODELAY preloads (the fair floor) and without them (js-debug as shipped)
      const jsDrivers: Driver[] = [new BareNodeDriver(node.path, server, jsArgs), new BareNodeDriver(node.path, server, jsArgs, false), new DapgateDriver(g), new PeerDriver(peer, 'javascript')];
      for (const d of jsDrivers) rows.push(await measure(js.id, d, js, runs, true));
    } else log(`node scenario skipped: js-debug not installed (${node?.problem})`);
    if (wanted(java.id) && langs.find((l: any) => l.id === 'java')?.installed && process.env.BENCH_COMPARE_JAVA !== '0') {
      // the same java-debug host command and launch arguments dapgate used (the program's output to the adapter, as the Java launch row)
      await dg.firstStop(ledgerJava, javaLine);
      const diagnosed = (await g.ok('debug_diagnose')).structured;
      await dg.stop();
      const args = diagnosed.requestArguments as Record<string, unknown>;
      const bare = new BareAdapterDriver({
        profile: loadProfiles().find((p) => p.id === 'java')!,
        command: diagnosed.adapterCommand as string[],
        cwd: args.cwd as string,
        launchArgs: args,
      });
      // and with the program started by java-debug itself (internalConsole): what dapgate's runInTerminal launch costs
      const bareInternal = new BareAdapterDriver({ profile: loadProfiles().find((p) => p.id === 'java')!, command: diagnosed.adapterCommand as string[], cwd: args.cwd as string, launchArgs: { ...args, console: 'internalConsole' } });
      bareInternal.name = 'bare DAP, internalConsole';
      // mcp-debugger 0.24.2 lists a Java adapter (its own JDI bridge, not java-debug), but here its proxy exits during initialization: no peer row
      for (const d of [bare, bareInternal, new DapgateDriver(g)]) rows.push(await measure(java.id, d, java, runs, true));
    }
    if (wanted(race.id)) for (const d of pyDrivers) rows.push(await measure(race.id, d, race, 10, false, 0)); // back to back: the race is about launches in a row
    const sizes = await toolsListSizes(g, peer);
    return `${table(rows)}\n\n${sizes}`;
  } finally {
    await peer.close();
  }
}

function table(rows: Row[]): string {
  const out = ['| scenario | client | first stop | step | evaluate | total | calls | characters | correct |', '|---|---|---|---|---|---|---|---|---|'];
  for (const r of rows) {
    const base = rows.find((b) => b.scenario === r.scenario && b.client === 'bare DAP')!;
    const col = (pick: (x: RunResult) => number | undefined) => {
      const v = median(r.runs.map((x) => pick(x) ?? NaN));
      if (!Number.isFinite(v)) return '—';
      const b = median(base.runs.map((x) => pick(x) ?? NaN));
      return r === base || !Number.isFinite(b) ? `${v.toFixed(0)} ms` : `${v.toFixed(0)} ms (${(v / b).toFixed(2)}x)`;
    };
    const calls = median(r.runs.map((x) => x.calls));
    const chars = median(r.runs.map((x) => x.chars));
    const baseChars = median(base.runs.map((x) => x.chars));
    const correct = r.runs.filter((x) => x.correct).length;
    out.push(
      `| ${r.scenario} | ${r.client} | ${col((x) => x.firstStop)} | ${col((x) => x.step)} | ${col((x) => x.evaluate)} | ${col((x) => x.total)} | ${calls} | ${r === base ? chars : `${chars} (${((chars / baseChars) * 100).toFixed(0)}%)`} | ${correct}/${r.runs.length} |`,
    );
  }
  return out.join('\n');
}

/** tools/list of dapgate and the peer: what the model reads (names, titles, descriptions, input schemas) and the whole JSON. */
export async function toolsListSizes(g: Gateway, peer: PeerServer): Promise<string> {
  const ours = (await g.client.listTools()).tools;
  const theirs = (await peer.client.listTools()).tools;
  return [`tools/list: dapgate ${toolsListSummary(ours)}; ${PEER} ${toolsListSummary(theirs)}.`, `dapgate characters per tool (what the model reads): ${perToolChars(ours)}.`].join('\n');
}
