// Where a live Go snapshot by pid spends its time: `debug_snapshot {language: go, processId}` on a
// gateway whose DAP messages are timed in its own process (dap-timing-preload.mjs), next to the
// bare DAP client (bare-attach.ts) doing its snapshot by pid on the same delve, its messages timed
// here. Each run prints both timelines (ms since the call, every request/response/event), then the
// medians of the phases: adapter start (to `initialize`), attach (to the attach's stop), reads (to
// `continue`), resume to disconnect, disconnect, and after it (the adapter's exit, the check that
// the service runs). A fresh service per run and client, a request every 100 ms as in the bench.
//   node --import tsx e2e/bench/live-snapshot-phases.ts [runs]
import { readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadProfiles } from '@dapgate/core';
import { DapConnection } from '@dapgate/dap';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Gateway, freshStateDir, repoRoot } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';
import { request, type LiveService } from '../support/live-service.js';
import { BareAttach } from './bare-attach.js';
import { liveTargets } from './live-targets.js';

interface Row {
  t: number;
  dir: 'in' | 'out';
  type: string;
  seq: number;
  req?: number;
  what: string;
  args?: Record<string, unknown>;
  reason?: string;
}

const RUNS = Number(process.argv[2] ?? 5);
const TRAFFIC_MS = 100;
const now = () => performance.timeOrigin + performance.now();

// the bare client's messages, timed in this process as the preload times the gateway's
const bareRows: Row[] = [];
// send and dispatch are DapConnection's private methods: patched here as the preload patches them in the gateway
const proto = DapConnection.prototype as unknown as { send(m: unknown): void; dispatch(m: unknown): void };
const send = proto.send;
const dispatch = proto.dispatch;
const row = (dir: 'in' | 'out', m: any) => bareRows.push({ t: now(), dir, type: m.type, seq: m.seq, req: m.request_seq, what: m.command ?? m.event, args: m.type === 'request' ? m.arguments : undefined, reason: m.event === 'stopped' ? m.body?.reason : undefined });
proto.send = function (this: unknown, m: unknown) {
  row('out', m);
  return send.call(this, m);
};
proto.dispatch = function (this: unknown, m: unknown) {
  row('in', m);
  return dispatch.call(this, m);
};

const [target] = await liveTargets('python', ['go']);
const t = target!;
const profile = loadProfiles().find((p) => p.id === 'go')!;
const timing = join(tmpdir(), `dapgate-live-phases-${process.pid}.json`);
const g = new Gateway();
g.transport = new StdioClientTransport({
  command: process.execPath,
  args: ['--import', join(repoRoot, 'e2e', 'bench', 'dap-timing-preload.mjs'), join(repoRoot, 'packages', 'mcp', 'dist', 'cli.js')],
  env: { ...(process.env as Record<string, string>), DAPGATE_STATE_DIR: freshStateDir(), DAPGATE_BENCH_TIMING_FILE: timing },
  stderr: 'pipe',
});
await g.client.connect(g.transport);

async function withService<T>(fn: (s: LiveService) => Promise<T>): Promise<T> {
  const s = await t.start();
  let done = false;
  const traffic = (async () => {
    while (!done) {
      await request(s.port, '/post?name=load&amount=0', 120_000).catch(() => undefined);
      await new Promise((r) => setTimeout(r, TRAFFIC_MS));
    }
  })();
  try {
    return await fn(s);
  } finally {
    done = true;
    killGroup(s.child);
    await traffic;
  }
}

const spans: { who: 'dapgate' | 'bare'; start: number; end: number; run: number }[] = [];
let args: Record<string, unknown> | undefined;
let command: string[] | undefined;
const load0 = loadavg()[0]!;
try {
  for (let run = 0; run < RUNS; run++) {
    const gate = () => withService(async (s) => {
      const start = now();
      const r = await g.ok('debug_snapshot', { language: 'go', processId: s.child.pid }, 120_000);
      spans.push({ who: 'dapgate', start, end: now(), run });
      if (r.structured.targetRuns !== true) throw new Error(`not left running: ${r.text}`);
      const d = (await g.ok('debug_diagnose', { sessionId: r.structured.sessionId })).structured;
      args = d.requestArguments as Record<string, unknown>;
      command = d.adapterCommand as string[];
    });
    const bareRun = () => withService(async (s) => {
      const start = now();
      const bare = await BareAttach.attach({ profile, command: command!, args: { ...args, processId: s.child.pid } });
      try {
        await bare.snapshot(t.file, true);
      } finally {
        await bare.close();
      }
      spans.push({ who: 'bare', start, end: now(), run });
    });
    // PHASES_ALTERNATE=1: odd runs start with the bare client (is the second of a pair slower?)
    if (process.env.PHASES_ALTERNATE && run % 2 === 1 && command) {
      await bareRun();
      await gate();
    } else {
      await gate();
      await bareRun();
    }
  }
} finally {
  await g.close();
}
const gateRows = JSON.parse(readFileSync(timing, 'utf8')) as Row[];
rmSync(timing, { force: true });

const describe = (r: Row) => {
  const a = r.args ?? {};
  const detail = ['threadId', 'frameId', 'variablesReference'].filter((k) => k in a).map((k) => `${k}=${a[k]}`);
  if (r.what === 'evaluate') detail.push(String(a.expression).slice(0, 30));
  return `${r.dir === 'out' ? '->' : '<-'} ${r.type === 'event' ? 'event ' : ''}${r.what}${r.reason ? `(${r.reason})` : ''}${detail.length ? ` ${detail.join(' ')}` : ''}${r.type === 'response' ? ` #${r.req}` : ''}`;
};
const phases: Record<string, Record<string, number[]>> = { dapgate: {}, bare: {} };
for (const span of spans) {
  const rows = (span.who === 'dapgate' ? gateRows : bareRows).filter((r) => r.t >= span.start && r.t <= span.end);
  const at = (pred: (r: Row) => boolean) => rows.find(pred)?.t;
  const lastAt = (pred: (r: Row) => boolean) => rows.filter(pred).at(-1)?.t;
  const marks: [string, number | undefined][] = [
    ['start', span.start],
    ['initialize sent', at((r) => r.dir === 'out' && r.what === 'initialize')],
    ['attach stop', at((r) => r.type === 'event' && r.what === 'stopped')],
    ['continue sent', lastAt((r) => r.dir === 'out' && r.what === 'continue')],
    ['disconnect sent', at((r) => r.dir === 'out' && r.what === 'disconnect')],
    ['disconnect answered', at((r) => r.type === 'response' && r.what === 'disconnect')],
    ['end', span.end],
  ];
  const counts = new Map<string, number>();
  for (const r of rows) if (r.dir === 'out' && r.type === 'request') counts.set(r.what, (counts.get(r.what) ?? 0) + 1);
  console.log(`\n== run ${span.run + 1} ${span.who}: ${(span.end - span.start).toFixed(1)} ms; requests: ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  for (const r of rows) console.log(`  ${(r.t - span.start).toFixed(1).padStart(7)}  ${describe(r)}`);
  for (let i = 1; i < marks.length; i++) {
    const [name, t1] = marks[i]!;
    const t0 = marks.slice(0, i).reverse().find(([, x]) => x !== undefined)?.[1];
    if (t1 === undefined || t0 === undefined) continue;
    ((phases[span.who]![`-> ${name}`] ??= []) as number[]).push(t1 - t0);
  }
  ((phases[span.who]!.total ??= []) as number[]).push(span.end - span.start);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\nmedians of ${RUNS} runs (load ${load0.toFixed(1)} -> ${loadavg()[0]!.toFixed(1)}), ms: phase | dapgate | bare`);
for (const k of Object.keys(phases.dapgate!)) console.log(`  ${k.padEnd(24)} ${median(phases.dapgate![k]!).toFixed(1).padStart(8)} ${phases.bare![k] ? median(phases.bare![k]!).toFixed(1).padStart(8) : '       -'}`);
