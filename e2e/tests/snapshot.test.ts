import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { killGroup, startJdwpTarget } from '../support/processes.js';

const goRoot = join(repoRoot, 'examples', 'go');
const hang = join(goRoot, 'hang', 'main.go');
const stuck = pyExample('stuck.py');
const deadlock = join(repoRoot, 'examples', 'java', 'Deadlock.java');

type Group = { file?: string; line?: number; function?: string; reason?: string; noProgramFrame: boolean; threadIds: number[] };
const groupAt = (groups: Group[], file: string, line: number) => groups.find((g) => g.file === file && g.line === line);

describe('debug_snapshot: every thread in one call', () => {
  let g: Gateway;
  let work: string;
  const targets: ChildProcess[] = [];
  before(async () => {
    g = await Gateway.start();
    work = mkdtempSync(join(tmpdir(), 'dapgate-snapshot-'));
  });
  after(async () => {
    for (const t of targets) killGroup(t);
    await g?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('Go by processId: attach, name the lines goroutines wait at with the runtime\'s reasons and counts, detach; the program keeps running', async () => {
    const bin = join(work, 'hang');
    execFileSync('go', ['build', '-gcflags=all=-N -l', '-o', bin, './hang'], { cwd: goRoot, stdio: 'pipe', timeout: 180_000 });
    const target = spawn(bin, [], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    targets.push(target);
    let printed = '';
    target.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
    assert.ok(await eventually(() => printed.includes('hang pid'), 10_000), 'the target started');

    const r = await g.ok('debug_snapshot', { language: 'go', processId: target.pid }, 120_000);
    const groups = r.structured.groups as Group[];
    const receive = groupAt(groups, hang, lineOf(hang, 'for job := range jobs'));
    assert.equal(receive?.threadIds.length, 3, `three consumers wait on the channel: ${r.text}`);
    assert.equal(receive?.reason, 'chan receive', r.text);
    assert.equal(receive?.function, 'main.consume');
    const lock = groupAt(groups, hang, lineOf(hang, 'mu.Lock() // main holds'));
    assert.equal(lock?.threadIds.length, 2, `two updaters wait for the mutex: ${r.text}`);
    assert.equal(lock?.reason, 'sync.Mutex.Lock', r.text);
    const sleeping = groupAt(groups, hang, lineOf(hang, 'time.Sleep(100'));
    assert.equal(sleeping?.reason, 'sleep', r.text);
    assert.match(r.text, new RegExp(`3 at .*main\\.go:${receive!.line} in main\\.consume — chan receive \\(threads \\d+, \\d+, \\d+\\)`), r.text);
    assert.match(r.text, new RegExp(`2 at .*main\\.go:${lock!.line} in main\\.update — sync\\.Mutex\\.Lock`), r.text);
    // the nearest program frame's locals, per thread in full
    const consumers = (r.structured.threads as { id: number; locals?: Record<string, string> }[]).filter((t) => receive!.threadIds.includes(t.id));
    assert.deepEqual(consumers.map((t) => t.locals?.id).sort(), ['1', '2', '3'], r.text);
    assert.equal(r.structured.detached, true, r.text);
    assert.equal(r.structured.targetRuns, true, r.text);
    assert.equal(r.structured.state, 'terminated', 'the snapshot session ended (detached)');
    // delve traced it (ptrace): once delve let go, the kernel says it runs and nothing traces it (no run window before the detach)
    assert.match(r.text, /Detached: the process \d+ runs \(state [RSD]\), no debugger traces it/, r.text);
    const ticks = (printed.match(/tick \d+/g) ?? []).length;
    assert.ok(await eventually(() => (printed.match(/tick \d+/g) ?? []).length >= ticks + 2, 10_000), `the program keeps ticking after the detach: ${printed.slice(-200)}`);
    assert.ok(r.text.length < 6_000, `one screen: ${r.text.length} chars`);
    killGroup(target);
  });

  test('Go session: the snapshot pauses and resumes (running after); with keepPaused it stays stopped; a stopped session stays stopped', async () => {
    const r = await g.ok('debug_launch', { program: hang, wait: false }, 120_000);
    assert.equal(r.structured.state, 'running', r.text);
    assert.ok(await eventually(async () => /tick/.test((await g.ok('debug_output')).text), 30_000), 'the program ticks');
    const snap = await g.ok('debug_snapshot', { maxThreads: 3 });
    assert.equal(snap.structured.via, 'pause', snap.text);
    assert.equal(snap.structured.resumed, true, snap.text);
    assert.equal(snap.structured.state, 'running', snap.text);
    assert.equal(snap.structured.threads.length, 3, 'maxThreads bounds the threads in full');
    assert.ok(snap.structured.total > 3, snap.text);
    assert.equal((snap.structured.groups as Group[]).reduce((n, x) => n + x.threadIds.length, 0), snap.structured.total, 'the rest are counted by where they wait');
    assert.equal((await g.ok('debug_status')).structured.state, 'running');

    const kept = await g.ok('debug_snapshot', { keepPaused: true });
    assert.equal(kept.structured.via, 'pause', kept.text);
    assert.equal(kept.structured.resumed, false, kept.text);
    assert.equal(kept.structured.state, 'stopped', kept.text);
    assert.match(kept.text, /kept paused: it is stopped/);
    assert.equal((await g.ok('debug_status')).structured.state, 'stopped');

    const again = await g.ok('debug_snapshot', {});
    assert.equal(again.structured.via, 'stopped', again.text);
    assert.equal(again.structured.state, 'stopped', 'a session stopped before the snapshot is left stopped');
    const c = await g.ok('debug_continue', { wait: false });
    assert.equal(c.structured.state, 'running', c.text);
    await g.ok('debug_stop');
  });

  test('Java by port: every thread paused (not only the one a pause suspends), the deadlocked threads at their lines; detached, the JVM keeps running', async () => {
    const port = await freePort();
    const target = startJdwpTarget(deadlock, port);
    targets.push(target);
    let printed = '';
    target.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
    assert.ok(await eventually(() => /tick/.test(printed), 30_000), `the target started: ${printed}`);
    const r = await g.ok('debug_snapshot', { language: 'java', port }, 120_000);
    const groups = r.structured.groups as Group[];
    const waiting = groupAt(groups, deadlock, lineOf(deadlock, 'synchronized (second) {'));
    assert.equal(waiting?.threadIds.length, 2, `payer and auditor wait at the inner lock: ${r.text}`);
    assert.match(waiting?.function ?? '', /Deadlock\.transfer/);
    const threads = r.structured.threads as { id: number; name?: string; state: string; waitReason?: string; locals?: Record<string, string> }[];
    assert.deepEqual(threads.filter((t) => t.state === 'running'), [], `no thread was left running: ${r.text}`);
    const payer = threads.find((t) => /payer/.test(t.name ?? ''));
    assert.equal(payer?.locals?.name, '"payer"', r.text);
    // held and awaited monitors (JDI through the host), and the circle they make
    const auditor = threads.find((t) => /auditor/.test(t.name ?? '')) as any;
    const [payerLocks, auditorLocks] = [(payer as any).locks, auditor.locks];
    assert.equal(payerLocks?.holds.length, 1, r.text);
    assert.equal(payerLocks.waitsFor.owner, auditor.id, r.text);
    assert.equal(auditorLocks.waitsFor.owner, payer!.id, r.text);
    assert.equal(payerLocks.waitsFor.id, auditorLocks.holds[0].id, 'the payer waits for the lock the auditor holds');
    assert.equal(payer?.waitReason ?? auditor.waitReason, 'blocked entering a monitor', r.text);
    const cycle = r.structured.deadlocks?.[0]?.threads as { id: number; heldBy: number; line: number }[];
    assert.deepEqual(cycle?.map((m) => m.id).sort(), [payer!.id, auditor.id].sort(), r.text);
    assert.ok(cycle.every((m) => m.line === waiting!.line), 'the circle is named by the lines its threads wait at');
    assert.match(r.text, new RegExp(`DEADLOCK: thread \\d+ \\((?:Thread \\[)?(payer|auditor)\\]?\\) at .*Deadlock\\.java:${waiting!.line} waits for Object@\\d+ held by thread \\d+`), r.text);
    assert.equal(r.structured.detached, true, r.text);
    assert.equal(r.structured.targetRuns, true, r.text);
    const ticks = (printed.match(/tick \d+/g) ?? []).length;
    assert.ok(await eventually(() => (printed.match(/tick \d+/g) ?? []).length >= ticks + 2, 10_000), `the JVM keeps ticking after the detach: ${printed.slice(-200)}`);
    killGroup(target);
  });

  test('Python by processId (a process not started for debugging): every thread, detached, it keeps running', async () => {
    const target = spawn('python3', ['-u', stuck], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    targets.push(target);
    let printed = '';
    target.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
    assert.ok(await eventually(() => printed.includes('stuck'), 10_000), 'the threads are stuck');
    const r = await g.ok('debug_snapshot', { language: 'python', processId: target.pid }, 120_000);
    const groups = r.structured.groups as Group[];
    assert.equal(groupAt(groups, stuck, lineOf(stuck, 'with lock:  # the updaters wait'))?.threadIds.length, 2, r.text);
    assert.equal(groupAt(groups, stuck, lineOf(stuck, 'time.sleep(seconds)'))?.threadIds.length, 1, r.text);
    assert.equal(r.structured.detached, true, r.text);
    assert.equal(r.structured.targetRuns, true, r.text);
    assert.equal(target.exitCode, null, 'still running');
    killGroup(target);
  });

  test('Python session: every thread, also those blocked in time.sleep and a lock acquire, read without pausing', async () => {
    const r = await g.ok('debug_launch', { program: stuck, wait: false }, 60_000);
    assert.ok(await eventually(async () => /stuck/.test((await g.ok('debug_output')).text), 20_000), 'the threads are stuck');
    const snap = await g.ok('debug_snapshot', {});
    assert.equal(snap.structured.total, 4, `MainThread, the holder and two updaters: ${snap.text}`);
    const threads = snap.structured.threads as { id: number; name?: string; locals?: Record<string, string> }[];
    assert.deepEqual(threads.map((t) => t.name).sort(), ['MainThread', 'holder', 'updater-5', 'updater-7'], snap.text);
    const groups = snap.structured.groups as Group[];
    const waiting = groupAt(groups, stuck, lineOf(stuck, 'with lock:  # the updaters wait'));
    assert.equal(waiting?.threadIds.length, 2, `the updaters wait for the lock: ${snap.text}`);
    assert.equal(waiting?.function, 'update');
    const sleeping = groupAt(groups, stuck, lineOf(stuck, 'time.sleep(seconds)'));
    assert.equal(sleeping?.threadIds.length, 1, `the holder sleeps: ${snap.text}`);
    assert.equal(threads.find((t) => t.name === 'holder')?.locals?.seconds, '3600', snap.text);
    assert.deepEqual(threads.filter((t) => t.name?.startsWith('updater')).map((t) => t.locals?.amount).sort(), ['5', '7'], snap.text);
    const listed = (await g.ok('debug_threads')).structured.threads as { id: number; name: string }[];
    for (const t of threads) assert.equal(listed.find((l) => l.name === t.name)?.id, t.id, `thread ids are the adapter's: ${t.name}`);
    assert.equal(snap.structured.via, 'evaluated', snap.text);
    assert.equal(snap.structured.state, 'running', snap.text);
    assert.equal(r.structured.state, 'running');
    await g.ok('debug_stop');
  });
});
