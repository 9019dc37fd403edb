import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Gateway, lineOf } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';
import { liveFixture, request, startService, type LiveService } from '../support/live-service.js';

// A service nobody started for debugging is driven into a bad state by traffic the test then
// forgets; the agent attaches by pid, finds the state, detaches, and the service still answers.
describe('attach by pid to a service not started for debugging', () => {
  let g: Gateway;
  const services: LiveService[] = [];
  let python: string;
  let work: string;
  before(async () => {
    g = await Gateway.start();
    work = mkdtempSync(join(tmpdir(), 'dapgate-live-'));
    const langs = await g.ok('debug_languages');
    python = langs.structured.languages.find((l: any) => l.id === 'python').path;
    const lldb = langs.structured.languages.find((l: any) => l.id === 'lldb');
    assert.equal(lldb?.installed, true, `lldb-dap must be installed for the C service (apt-get install lldb-19): ${langs.text}`);
  });
  after(async () => {
    for (const s of services) killGroup(s.child);
    await g?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  // Built once each, with debug info and optimizations off, as a service would be built to be debuggable.
  const built = new Map<string, string>();
  function build(source: string): string {
    if (!built.has(source)) {
      const binary = join(work, source.replace(/\W/g, '-'));
      const file = liveFixture(source);
      if (source.endsWith('.go')) {
        execFileSync('go', ['build', '-gcflags=all=-N -l', '-o', binary, file], { cwd: dirname(file), stdio: 'pipe', timeout: 300_000 });
      } else {
        execFileSync('gcc', ['-g', '-O0', '-o', binary, file], { stdio: 'pipe', timeout: 60_000 });
      }
      built.set(source, binary);
    }
    return built.get(source)!;
  }

  /**
   * debug_snapshot by pid names the line the service's main thread (goroutine) waits at, detaches, and the service still answers.
   * `via`: how the target was held (`stopped`: the attach's own stop was the pause, no pause request).
   */
  async function snapshotWaiting(language: string, service: LiveService, file: string, line: number, reason?: string, via?: string): Promise<void> {
    const r = await g.ok('debug_snapshot', { language, processId: service.child.pid }, 120_000);
    if (via) assert.equal(r.structured.via, via, r.text);
    // it ran before the attach: its stop was the attach's, not one it was found in
    if (via === 'stopped') assert.match(r.text, /held by the attach's own stop and resumed: it is running/, r.text);
    const groups = r.structured.groups as { file?: string; line?: number; function?: string; reason?: string; threadIds: number[] }[];
    const waiting = groups.find((x) => x.file === file && x.line === line);
    assert.match(waiting?.function ?? '', /^main(\.main)?$/, r.text);
    assert.equal(waiting?.reason, reason, r.text);
    assert.match(r.text, new RegExp(`service\\.${file.split('.').pop()}:${line}\\b`), r.text);
    assert.equal(r.structured.detached, true, r.text);
    assert.equal(r.structured.targetRuns, true, r.text);
    assert.match(r.text, /Detached: the process \d+ runs \(state [RSD]\), no debugger traces it/, r.text);
    assert.match(await request(service.port, '/post?name=bob&amount=2'), /^\d+$/);
    assert.equal(service.child.exitCode, null, 'the service survives the snapshot');
  }

  /** `ptrace`: the debugger traces the process (delve, lldb): the detach is checked once it let go, in /proc. */
  async function investigate(language: string, service: LiveService, file: string, line: number, expression: string, expected: RegExp, ptrace = false): Promise<void> {
    const a = await g.ok('debug_attach', { language, processId: service.child.pid, breakpoints: [{ file, line }] }, 120_000);
    assert.match(a.text, new RegExp(`pid ${service.child.pid}`), a.text);
    const pending = request(service.port, '/post?name=ada&amount=1', 30_000);
    pending.catch(() => undefined); // awaited below; a failed assertion before that must not leave it unhandled
    const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.line, line, w.text);
    const v = await g.ok('debug_evaluate', { expression });
    assert.match(v.text, expected, v.text);
    // what the debugger's injector prints (debugpy: "Attaching to PID: N (elapsed: 1.00s).") is not the program's output
    const out = await g.ok('debug_output');
    assert.doesNotMatch(out.text, /Attaching to PID/, out.text);
    const stop = await g.ok('debug_stop');
    assert.match(stop.text, /detached/, stop.text);
    if (ptrace) assert.match(stop.text, new RegExp(`keeps running \\(the process ${service.child.pid} runs \\(state [RSD]\\), no debugger traces it`), stop.text);
    await pending;
    assert.match(await request(service.port, '/post?name=bob&amount=2'), /^\d+|NaN$/);
    assert.equal(service.child.exitCode, null, 'the service survives the detach');
  }

  test('python: debugpy injected by pid', async () => {
    const file = liveFixture('service.py');
    const s = await startService(python, [file]);
    services.push(s);
    for (const amount of [5, -3, 4]) await request(s.port, `/post?name=ada&amount=${amount}`);
    await investigate('python', s, file, lineOf(file, 'after = before + abs(amount)'), 'balances', /'ada': 12/);
  });

  test('python: a detach right after the attach leaves the target running (debugpy\'s gdb has let go first), 5 times', async () => {
    const file = liveFixture('service.py');
    const s = await startService(python, [file]);
    services.push(s);
    for (let i = 0; i < 5; i++) {
      const a = await g.ok('debug_attach', { language: 'python', processId: s.child.pid }, 120_000);
      assert.match((await g.ok('debug_stop')).text, /detached/);
      await new Promise((r) => setTimeout(r, 300));
      const stat = readFileSync(`/proc/${s.child.pid}/stat`, 'utf8');
      assert.match(stat.slice(stat.lastIndexOf(')') + 2), /^[RS] /, `run ${i}: the target must run, not be stopped or gone (${a.text})`);
      assert.match(await request(s.port, '/post?name=ada&amount=1'), /^\d+$/);
    }
  });

  test('node: inspector opened by SIGUSR1, on the port it really opened', async () => {
    const file = liveFixture('service.mjs');
    const s = await startService(process.execPath, [file]);
    services.push(s);
    for (const amount of ['5', 'x', '4']) await request(s.port, `/post?name=ada&amount=${amount}`);
    await investigate('node', s, file, lineOf(file, 'const after = before + amount'), 'JSON.stringify([...balances].map(([k, v]) => [k, String(v)]))', /ada.*NaN/);
  });

  test('java: a JVM started with onjcmd=y opens JDWP when asked by pid', async () => {
    const file = liveFixture('Service.java');
    const s = await startService('java', ['-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0,onjcmd=y', file]);
    services.push(s);
    for (const amount of [2147483647, 5]) await request(s.port, `/post?name=ada&amount=${amount}`);
    await investigate('java', s, file, lineOf(file, 'int after = before + amount;'), 'before', /-2147483644/);
  });

  test('go: delve attaches by pid to a net/http service (an int32 balance that wrapped)', async () => {
    const file = liveFixture('service.go');
    const s = await startService(build('service.go'), []);
    services.push(s);
    for (const amount of [2147483647, 5]) await request(s.port, `/post?name=ada&amount=${amount}`);
    await investigate('go', s, file, lineOf(file, 'after := before + int32(amount)'), 'balances["ada"]', / = -2147483644 \(int32\)$/, true);
  });

  test('go: debug_snapshot by pid names the line main waits at (accept) and leaves the service answering', async () => {
    const file = liveFixture('service.go');
    const s = await startService(build('service.go'), []);
    services.push(s);
    // delve stops at the attach (stopOnEntry): that stop is the snapshot's; a pause sent before the
    // stop was read went unanswered for the whole request timeout (10 s) with the service held
    await snapshotWaiting('go', s, file, lineOf(file, 'main waits here'), 'IO wait', 'stopped');
  });

  test('go: attached by pid with no breakpoint, a pause stops the service and debug_snapshot of the session names where main waits; detached, it answers', async () => {
    const file = liveFixture('service.go');
    const s = await startService(build('service.go'), []);
    services.push(s);
    const a = await g.ok('debug_attach', { language: 'go', processId: s.child.pid }, 120_000);
    assert.equal(a.structured.state, 'running', a.text);
    // delve 1.27 answers no `pause` after an attach until the target has stopped once
    const p = await g.ok('debug_pause', { timeoutMs: 10_000 });
    assert.equal(p.structured.state, 'stopped', p.text);
    assert.equal(p.structured.stop.reason, 'pause', p.text);
    await g.ok('debug_continue', { wait: false });
    const snap = await g.ok('debug_snapshot', {}, 60_000);
    assert.equal(snap.structured.via, 'pause', snap.text);
    const groups = snap.structured.groups as { file?: string; line?: number; function?: string }[];
    assert.ok(groups.some((x) => x.file === file && x.line === lineOf(file, 'main waits here') && x.function === 'main.main'), snap.text);
    assert.equal(snap.structured.state, 'running', snap.text);
    assert.match(await request(s.port, '/post?name=eve&amount=3'), /^3$/);
    const stop = await g.ok('debug_stop');
    assert.match(stop.text, /detached/, stop.text);
    assert.match(await request(s.port, '/post?name=eve&amount=4'), /^7$/);
    assert.equal(s.child.exitCode, null, 'the service survives the detach');
  });

  test('c: lldb attaches by pid to a single-threaded socket service (a negative amount stored as positive)', async () => {
    const file = liveFixture('service.c');
    const s = await startService(build('service.c'), []);
    services.push(s);
    for (const amount of [5, -3, 4]) await request(s.port, `/post?name=ada&amount=${amount}`);
    await investigate('lldb', s, file, lineOf(file, 'long after = before + labs(amount);'), 'accounts[0].balance', / = 12 \(long\)$/, true);
  });

  test('c: debug_snapshot by pid names the line the main thread waits at (accept) and leaves the service answering', async () => {
    const file = liveFixture('service.c');
    const s = await startService(build('service.c'), []);
    services.push(s);
    await snapshotWaiting('lldb', s, file, lineOf(file, 'main waits here'));
  });

  test('neither port nor processId: the running processes of that language are listed to pick from', async () => {
    const file = liveFixture('service.py');
    const s = await startService(python, [file]);
    services.push(s);
    const r = await g.call('debug_attach', { language: 'python' });
    assert.equal(r.isError, false, r.text);
    assert.match(r.text, /nothing listens on 127\.0\.0\.1:5678/, r.text);
    const row = r.text.split('\n').find((l) => l.includes(`pid ${s.child.pid} `));
    assert.ok(row, r.text);
    assert.match(row, /service\.py/);
    assert.match(row, new RegExp(`listens on ${s.port}`), row);
    assert.ok(r.structured.candidates.some((c: any) => c.pid === s.child.pid), JSON.stringify(r.structured));
    assert.doesNotMatch(r.text, /debugpy\.adapter/, 'dapgate\'s own adapters are not candidates');
  });

  test('java: a JVM started without JDWP is refused with how to start it', async () => {
    const s = await startService('java', [liveFixture('Service.java')]);
    services.push(s);
    const r = await g.call('debug_attach', { language: 'java', processId: s.child.pid });
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /without the JDWP agent/, r.text);
    assert.match(r.text, /onjcmd=y/, r.text);
  });
});
