// Per language (Python, Node, Java, Go, C), on a live HTTP service nobody started for debugging:
//   - attach by pid to the first answer: the first stop at a breakpoint a request reaches, with the
//     stopped frame's locals;
//   - one debug_snapshot of an attached service, and one by pid (attach, snapshot, detach);
// each next to a bare DAP client doing the same DAP requests on the same adapter, with the
// arguments dapgate sent (debug_diagnose). A fresh service for every measure and client, so no run
// finds a debugger (debugpy's injected server, an open inspector or JDWP port) left by another.
// BENCH_LIVE_TRAFFIC_MS=N: the snapshots are taken while a client sends the service a request every
// N ms (default: idle). An idle Node service cannot be paused (V8 pauses at the next JavaScript
// statement, and an idle event loop runs none).
import { performance } from 'node:perf_hooks';
import { loadProfiles, type Profile } from '@dapgate/core';
import type { Gateway } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';
import { request, type LiveService } from '../support/live-service.js';
import { BareAttach, type BareAttachSpec } from './bare-attach.js';
import type { LiveTarget } from './live-targets.js';

type Row = [string, string, string, string];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const ATTACH_MS = 120_000;
const TRAFFIC_MS = Number(process.env.BENCH_LIVE_TRAFFIC_MS ?? 0);
export const snapshotLoad = TRAFFIC_MS > 0 ? `serving a request every ${TRAFFIC_MS} ms` : 'idle';

/** What dapgate ran and sent for its attach, to replay on another target. */
interface Recorded {
  profile: Profile;
  command: string[];
  args: Record<string, unknown>;
}

export async function liveAttachRows(g: Gateway, targets: LiveTarget[], runs: number, log: (line: string) => void): Promise<Row[]> {
  const profiles = loadProfiles();
  const rows: Row[] = [];
  for (const t of targets) {
    try {
      rows.push(...(await oneLanguage(g, t, profiles.find((p) => p.id === t.language)!, runs, log)));
    } catch (e) {
      log(`live: ${t.label} failed: ${(e as Error).stack}`);
      rows.push([`${t.label}: live attach and snapshot`, 'not measured', (e as Error).message.split('\n')[0]!, '']);
    }
  }
  return rows;
}

/** One measure, dapgate and the bare client in turn, every run; a failure is counted and its first message kept, with the medians of the runs that answered. */
class Measure {
  readonly gate: number[] = [];
  readonly bare: number[] = [];
  private readonly failures = new Map<string, { count: number; first: string }>();
  private runs = 0;
  note = '';
  constructor(readonly what: string) {}

  async run(gate: () => Promise<number>, bare: () => Promise<number>): Promise<void> {
    this.runs++;
    const attempt = async (who: string, into: number[], fn: () => Promise<number>) => {
      try {
        into.push(await fn());
        return true;
      } catch (e) {
        const f = this.failures.get(who) ?? { count: 0, first: (e as Error).message.split('\n')[0]!.slice(0, 300) };
        f.count++;
        this.failures.set(who, f);
        return false;
      }
    };
    this.lastRun = `${(await attempt('dapgate', this.gate, gate)) ? ms(this.gate.at(-1)!) : 'failed'} / ${(await attempt('bare DAP client', this.bare, bare)) ? ms(this.bare.at(-1)!) : 'failed'}`;
  }

  lastRun = '';

  failed(): string {
    return [...this.failures].map(([who, f]) => `${who} failed ${f.count} of ${this.runs}: ${f.first}`).join('; ');
  }

  row(): Row {
    const failed = this.failed();
    if (this.gate.length === 0 || this.bare.length === 0) {
      const answered = (xs: number[], who: string) => (xs.length ? `${who} ${ms(median(xs))} (${xs.length} answered)` : '');
      return [this.what, this.gate.length ? ms(median(this.gate)) : 'no answer', [answered(this.bare, 'bare DAP client:'), failed].filter(Boolean).join('; '), ''];
    }
    return [`${this.what}${this.note}`, ms(median(this.gate)), `bare DAP client: ${ms(median(this.bare))}${failed ? ` (${failed})` : ''}`, `${(median(this.gate) / median(this.bare)).toFixed(2)}x`];
  }
}

async function oneLanguage(g: Gateway, t: LiveTarget, profile: Profile, runs: number, log: (line: string) => void): Promise<Row[]> {
  const stop = new Measure(`${t.label}: attach ${t.how} to the first stop a request reaches, with locals`);
  const attached = new Measure(`${t.label}: debug_snapshot of an attached service, ${snapshotLoad}`);
  const live = new Measure(`${t.label}: debug_snapshot by pid (attach, snapshot, detach, service left running), ${snapshotLoad}`);
  let recorded: Recorded | undefined;
  const threads = { gate: 0, bare: 0 };
  for (let i = 0; i < runs; i++) {
    await stop.run(
      async () => {
        const r = await withService(t, (s) => gateToFirstStop(g, t, profile, s));
        recorded = r.recorded;
        return r.elapsed;
      },
      () => withService(t, (s) => bareToFirstStop(t, recorded!, s)),
    );
    if (!recorded) continue;
    await attached.run(
      async () => {
        const r = await withService(t, (s) => gateSnapshotAttached(g, t, s), TRAFFIC_MS);
        threads.gate = r.threads;
        return r.elapsed;
      },
      async () => {
        const r = await withService(t, (s) => bareSnapshot(t, recorded!, s, false), TRAFFIC_MS);
        threads.bare = r.threads;
        return r.elapsed;
      },
    );
    let args = recorded.args;
    await live.run(
      async () => {
        const r = await withService(t, (s) => gateSnapshotLive(g, t, s), TRAFFIC_MS);
        args = r.args;
        return r.elapsed;
      },
      async () => (await withService(t, (s) => bareSnapshot(t, { ...recorded!, args }, s, true), TRAFFIC_MS)).elapsed,
    );
    log(`live: ${t.label} run ${i + 1} (dapgate / bare): first stop ${stop.lastRun}; snapshot attached ${attached.lastRun}; by pid ${live.lastRun}`);
  }
  attached.note = ` (${threads.gate} threads; bare: pause, threads, ${threads.bare} stacks, each program frame's locals, continue)`;
  for (const m of [stop, attached, live]) if (m.failed()) log(`live: ${m.what}: ${m.failed()}`);
  return [stop.row(), attached.row(), live.row()];
}

/** `trafficMs`: a client sends the service a request every that many ms while `fn` runs. */
async function withService<T>(t: LiveTarget, fn: (s: LiveService) => Promise<T>, trafficMs = 0): Promise<T> {
  const s = await t.start();
  let done = false;
  const traffic = (async () => {
    while (trafficMs > 0 && !done) {
      await request(s.port, '/post?name=load&amount=0', 120_000).catch(() => undefined);
      await new Promise((r) => setTimeout(r, trafficMs));
    }
  })();
  try {
    const r = await fn(s);
    done = true;
    if (s.child.exitCode !== null) throw new Error(`${t.label}: the service died: ${s.output()}`);
    return r;
  } finally {
    done = true;
    killGroup(s.child);
    await traffic;
  }
}

async function gateToFirstStop(g: Gateway, t: LiveTarget, profile: Profile, s: LiveService): Promise<{ elapsed: number; recorded: Recorded }> {
  const start = performance.now();
  await g.ok('debug_attach', { language: t.language, processId: s.child.pid, breakpoints: [{ file: t.file, line: t.line }] }, ATTACH_MS);
  const held = request(s.port, '/post?name=ada&amount=1', 60_000);
  held.catch(() => undefined);
  const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
  const elapsed = performance.now() - start;
  if (w.structured.state !== 'stopped' || w.structured.stop?.line !== t.line) throw new Error(`${t.label}: no stop at line ${t.line}: ${w.text}`);
  const d = (await g.ok('debug_diagnose')).structured;
  await g.ok('debug_stop');
  await held;
  return { elapsed, recorded: { profile, command: d.adapterCommand as string[], args: d.requestArguments as Record<string, unknown> } };
}

async function bareToFirstStop(t: LiveTarget, recorded: Recorded, s: LiveService): Promise<number> {
  const start = performance.now();
  const bare = await BareAttach.attach(await bareSpec(t, recorded, s), { file: t.file, line: t.line });
  let held: Promise<string> | undefined;
  try {
    const stopped = bare.nextStop();
    held = request(s.port, '/post?name=ada&amount=1', 60_000);
    held.catch(() => undefined);
    const e = await stopped;
    await bare.frameAndLocals(e.body.threadId ?? 1);
    return performance.now() - start;
  } finally {
    await bare.close();
    await held;
  }
}

async function gateSnapshotAttached(g: Gateway, t: LiveTarget, s: LiveService): Promise<{ elapsed: number; threads: number }> {
  await g.ok('debug_attach', { language: t.language, processId: s.child.pid }, ATTACH_MS);
  try {
    const start = performance.now();
    const r = await g.ok('debug_snapshot', {}, 60_000);
    const elapsed = performance.now() - start;
    return { elapsed, threads: checkedSnapshot(t, r) };
  } finally {
    await g.ok('debug_stop');
  }
}

/** The time, and the attach arguments dapgate sent (it may attach stopping, stopOnEntry, where that stop is the pause). */
async function gateSnapshotLive(g: Gateway, t: LiveTarget, s: LiveService): Promise<{ elapsed: number; args: Record<string, unknown> }> {
  const start = performance.now();
  const r = await g.ok('debug_snapshot', { language: t.language, processId: s.child.pid }, ATTACH_MS);
  const elapsed = performance.now() - start;
  checkedSnapshot(t, r);
  if (r.structured.detached !== true || r.structured.targetRuns !== true) throw new Error(`${t.label}: the snapshot by pid did not leave the service running: ${r.text}`);
  const d = await g.ok('debug_diagnose', { sessionId: r.structured.sessionId });
  return { elapsed, args: d.structured.requestArguments as Record<string, unknown> };
}

/** The snapshot's thread count; throws when it read none, so a failed read is not timed as an answer. */
function checkedSnapshot(t: LiveTarget, r: { text: string; structured: any }): number {
  const groups = (r.structured.groups ?? []) as { file?: string; threadIds: number[] }[];
  const threads = groups.reduce((n, x) => n + x.threadIds.length, 0);
  if (threads === 0) throw new Error(`${t.label}: the snapshot read no thread: ${r.text}`);
  return threads;
}

/** `live`: attach, snapshot and detach are all timed; else only the snapshot of an attached service. */
async function bareSnapshot(t: LiveTarget, recorded: Recorded, s: LiveService, live: boolean): Promise<{ elapsed: number; threads: number }> {
  let start = performance.now();
  const bare = await BareAttach.attach(await bareSpec(t, recorded, s));
  let threads = 0;
  try {
    if (!live) start = performance.now();
    threads = await bare.snapshot(t.file, recorded.args.stopOnEntry === true);
    if (!live) return { elapsed: performance.now() - start, threads };
  } finally {
    await bare.close();
  }
  return { elapsed: performance.now() - start, threads };
}

/** dapgate's adapter command and attach arguments, pointed at this service (its pid, or the port it opened). */
async function bareSpec(t: LiveTarget, recorded: Recorded, s: LiveService): Promise<BareAttachSpec> {
  const { pid, port } = await t.open(s);
  const args: Record<string, unknown> = { ...recorded.args };
  for (const key of ['processId', 'pid']) if (key in args) args[key] = pid;
  if (port !== undefined) args.port = port;
  return { profile: recorded.profile, command: recorded.command, args, allThreadsId: t.allThreadsId };
}
