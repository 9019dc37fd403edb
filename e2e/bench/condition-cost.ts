// What a conditional breakpoint costs the program per pass (Java trial: 4-7 ms), through dapgate
// and through a bare DAP client on the same adapter, in one run. Per pass = (time to a stop on the
// last pass of a conditional breakpoint - time to a plain breakpoint after the loop) / passes.
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { cacheDir } from '@dapgate/core';
import { type Gateway, lineOf, repoRoot } from '../support/gateway.js';
import { BareDebugpy } from './bare-dap.js';
import { BareJava } from './bare-java.js';

type Row = [string, string, string, string];
const program = (file: string) => join(repoRoot, 'e2e', 'bench', 'programs', file);
const cost = (msPerPass: number) => (Math.abs(msPerPass) < 0.1 ? `${(msPerPass * 1000).toFixed(1)} µs` : `${msPerPass.toFixed(2)} ms`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

interface Case {
  id: 'python' | 'java';
  file: string;
  passes: number;
  condition: string;
}

const cases: Case[] = [
  { id: 'python', file: program('passes.py'), passes: 50_000, condition: 'i == 50000' },
  { id: 'java', file: program('Passes.java'), passes: 500, condition: 'i == 500' },
];

interface Times {
  cond: number[];
  plain: number[];
}

const perPass = (t: Times, passes: number) => ({ perPass: (median(t.cond) - median(t.plain)) / passes, cond: median(t.cond), plain: median(t.plain) });

/** One row per language: milliseconds per pass of a false condition, dapgate and bare. */
export async function conditionCost(g: Gateway, runs: number, log: (line: string) => void): Promise<Row[]> {
  const langs = (await g.ok('debug_languages')).structured.languages as { id: string; installed: boolean; path?: string }[];
  const rows: Row[] = [];
  for (const c of cases) {
    const lang = langs.find((l) => l.id === c.id);
    if (!lang?.installed) {
      log(`condition cost: ${c.id} skipped (adapter not installed)`);
      continue;
    }
    const pass = lineOf(c.file, 'PASS');
    const after = lineOf(c.file, 'AFTER');
    const viaGate = async (line: number, condition?: string) => {
      await g.ok('debug_breakpoint_remove', { all: true });
      const elapsed = await time(async () => {
        const r = await g.ok('debug_launch', { program: c.file, breakpoints: [{ file: c.file, line, condition }], timeoutMs: 120_000 }, 180_000);
        if (r.structured.stop?.line !== line) throw new Error(`no stop at ${line}: ${r.text}`);
      });
      await g.ok('debug_stop');
      return elapsed;
    };
    await viaGate(after); // warm: compile, adapter pool
    const args = (await g.ok('debug_diagnose')).structured.requestArguments as Record<string, unknown>;
    const viaBare = async (line: number, condition?: string) => {
      if (c.id === 'python') {
        let client: BareDebugpy | undefined;
        const elapsed = await time(async () => {
          client = (await BareDebugpy.launchToBreakpoint(lang.path!, args.python as string, c.file, line, condition)).client;
        });
        await client?.close();
        return elapsed;
      }
      const bare = BareJava.start(lang.path!, join(cacheDir(), 'java-debug-host', 'java-debug-host.jar'));
      const elapsed = await time(() => bare.toBreakpoint('launch', { ...args, console: 'internalConsole' }, c.file, line, condition));
      await bare.close(true);
      return elapsed;
    };
    // interleaved, so both clients meet the same machine load
    const gateTimes: Times = { cond: [], plain: [] };
    const bareTimes: Times = { cond: [], plain: [] };
    for (let i = 0; i < runs; i++) {
      gateTimes.cond.push(await viaGate(pass, c.condition));
      bareTimes.cond.push(await viaBare(pass, c.condition));
      gateTimes.plain.push(await viaGate(after));
      bareTimes.plain.push(await viaBare(after));
    }
    const gate = perPass(gateTimes, c.passes);
    const bare = perPass(bareTimes, c.passes);
    log(`condition cost: ${c.id} dapgate ${gate.cond.toFixed(0)} ms with the condition, ${gate.plain.toFixed(0)} ms without; bare ${bare.cond.toFixed(0)} / ${bare.plain.toFixed(0)} ms`);
    rows.push([
      `${c.id}: a false condition, per pass (${c.passes.toLocaleString('en-US')} passes)`,
      cost(gate.perPass),
      `bare DAP client: ${cost(bare.perPass)}`,
      `${(gate.perPass / bare.perPass).toFixed(2)}x`,
    ]);
  }
  await g.ok('debug_breakpoint_remove', { all: true });
  return rows;
}
