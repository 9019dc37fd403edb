// Live services (issue: attach to what already runs), on HTTP services nobody started for debugging:
//   - per language (Python, Node, Java, Go, C): attach by pid to the first stop a request reaches,
//     one debug_snapshot of an attached service and one by pid, each next to a bare DAP client
//     doing the same requests on the same adapter (live-attach.ts);
//   - what a logpoint on the request path costs per request, Python and Node (median latency over
//     N requests with no debugger, attached without breakpoints, and with the logpoint), with the
//     logpoint's messages collected in one debug_output call.
//   BENCH_ONLY=live npm run bench    (BENCH_LIVE=go,c: only those languages; python,node,java,go,c)
import { performance } from 'node:perf_hooks';
import { Gateway, lineOf } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';
import { liveFixture, request, startService } from '../support/live-service.js';
import { liveAttachRows } from './live-attach.js';
import { LIVE_LANGUAGES, liveTargets } from './live-targets.js';

type Row = [string, string, string, string];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

export async function liveBench(g: Gateway, runs: number, log: (line: string) => void): Promise<Row[]> {
  const langs = await g.ok('debug_languages');
  const python = langs.structured.languages.find((l: any) => l.id === 'python').path as string;
  const only = process.env.BENCH_LIVE ? process.env.BENCH_LIVE.split(',') : LIVE_LANGUAGES;
  const rows = await liveAttachRows(g, await liveTargets(python, only), runs, log);
  if (only.includes('python')) {
    const file = liveFixture('service.py');
    rows.push(...(await logpointCost(g, 'python', python, [file], file, lineOf(file, 'after = before + abs(amount)'), 'amount={amount} balance={before}', log)));
  }
  if (only.includes('node')) {
    const js = liveFixture('service.mjs');
    rows.push(...(await logpointCost(g, 'node', process.execPath, [js], js, lineOf(js, 'const after = before + amount'), 'amount={amount} balance={before}', log)));
  }
  return rows;
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
