import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';
import { killGroup, pidsMatching } from '../support/processes.js';

const goRoot = join(repoRoot, 'examples', 'go');
const goExample = (path: string) => join(goRoot, path);
const ledger = goExample('ledger/main.go');
const quick = goExample('quick/main.go');
const panics = goExample('panics/main.go');
const stats = goExample('stats/stats.go');
const workers = goExample('goroutines/main.go');
const stuck = goExample('stuck/main.go');
/** delve builds the program in its working directory (the module root) as __debug_bin<random>. */
const debugBinaries = join(goRoot, '__debug_bin');

const alive = (pid: number) => existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(safeRead(`/proc/${pid}/status`));
function safeRead(path: string): string {
  try {
    return execFileSync('cat', [path], { encoding: 'utf8' });
  } catch {
    return '';
  }
}

function killMatching(marker: string): void {
  for (const pid of pidsMatching(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

/** Builds a Go main package with optimizations off, for attach and exec tests. */
function buildDebugBinary(moduleDir: string, pkg: string, out: string): void {
  execFileSync('go', ['build', '-gcflags=all=-N -l', '-o', out, pkg], { cwd: moduleDir, stdio: 'pipe', timeout: 180_000 });
}

describe('go through delve (real dlv)', () => {
  let g: Gateway;
  let work: string;
  const targets: ChildProcess[] = [];
  before(async () => {
    g = await Gateway.start();
    const langs = await g.ok('debug_languages');
    const go = langs.structured.languages.find((l: any) => l.id === 'go');
    assert.equal(go?.installed, true, `delve must be installed for these tests (npx dapgate adapters install go): ${langs.text}`);
    assert.equal(go.version, '1.27.2', langs.text);
    assert.match(go.path, /delve\/1\.27\.2\/dlv$/);
    work = mkdtempSync(join(tmpdir(), 'dapgate-go-'));
  });
  after(async () => {
    for (const t of targets) killGroup(t);
    if (work) killMatching(work); // a headless delve's program is not in delve's process group
    await g?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('a pending conditional breakpoint stops a millisecond program on 10 launches in a row', async () => {
    const line = lineOf(quick, 'sum += i * i');
    const bp = await g.ok('debug_breakpoint_set', { file: quick, line, condition: 'i == 7' });
    const times: number[] = [];
    for (let run = 0; run < 10; run++) {
      const started = Date.now();
      const r = await g.ok('debug_launch', { program: quick, timeoutMs: 60_000 }, 120_000);
      times.push(Date.now() - started);
      assert.equal(r.structured.state, 'stopped', `run ${run}: ${r.text}`);
      assert.equal(r.structured.stop.line, line, r.text);
      assert.deepEqual(r.structured.stop.breakpointIds, [bp.structured.breakpoint.id], r.text);
      assert.equal(r.structured.locals.i, '7', r.text);
      assert.equal(r.structured.locals.sum, String([0, 1, 2, 3, 4, 5, 6].reduce((a, i) => a + i * i, 0)), r.text);
      await g.ok('debug_stop');
    }
    console.log(`go: launch to first stop, 10 runs (ms): ${times.join(' ')}`);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('step over/into/out, variables by path into structs, slices and maps, evaluate with a call, truthful exit code', async () => {
    const post = lineOf(ledger, 'a.Entries = append(');
    // a package folder: its .go files say it is Go
    const r = await g.ok('debug_launch', { program: goExample('ledger'), breakpoints: [{ file: ledger, line: post, condition: 'amount < 0' }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.function, 'main.(*Account).Post');
    assert.equal(r.structured.locals.amount, '-15');
    assert.equal(r.structured.locals.fee, '1');

    const owner = await g.ok('debug_variables', { path: 'a.Owner' });
    assert.equal(owner.structured.variable.value, '"ada"', owner.text);
    const region = await g.ok('debug_variables', { path: 'a.Tags["region"]' });
    assert.equal(region.structured.variable.value, '"eu"', region.text);
    const tags = await g.ok('debug_variables', { path: 'a.Tags', depth: 1 });
    assert.deepEqual(tags.structured.variable.children.map((c: any) => c.name).sort(), ['"region"', '"tier"'], tags.text);
    const first = await g.ok('debug_variables', { path: 'a.Entries[0]', depth: 1 });
    assert.deepEqual(first.structured.variable.children.map((c: any) => [c.name, c.value]), [['Label', '"step0"'], ['Amount', '40']], first.text);
    const amounts = await g.ok('debug_variables', { path: 'amounts', frame: 1, depth: 1 });
    assert.deepEqual(amounts.structured.variable.children.map((c: any) => c.value), ['40', '-15', '70', '5', '-90', '-12'], amounts.text);
    const missing = await g.call('debug_variables', { path: 'a.Nope' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /no member 'Nope'[\s\S]*Owner, Entries, Tags/, missing.text);

    const ev = await g.ok('debug_evaluate', { expression: 'amount * 2 + fee' });
    assert.equal(ev.structured.result, '-29', ev.text);
    // the bug, found by calling the method in the program: one entry of 40 posted, Balance says 0
    const call = await g.ok('debug_evaluate', { expression: 'call a.Balance()' });
    assert.equal(call.structured.result, '0', call.text);

    const over = await g.ok('debug_step', { kind: 'over' });
    assert.equal(over.structured.stop.line, lineOf(ledger, 'return a.Balance()'), over.text);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.function, 'main.(*Account).Balance', into.text);
    // the unnamed result's slot (~r0) holds whatever was there before the function returns: not a local
    assert.doesNotMatch(into.text, /~r\d/, into.text);
    const overInBalance = await g.ok('debug_step', { kind: 'over' });
    assert.doesNotMatch(overInBalance.text, /~r\d/, overInBalance.text);
    assert.match(overInBalance.text, /Changed: /, overInBalance.text);
    const out = await g.ok('debug_step', { kind: 'out' });
    assert.equal(out.structured.stop.function, 'main.(*Account).Post', out.text);

    await g.ok('debug_breakpoint_remove', { all: true });
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.ok(['exited', 'terminated'].includes(end.structured.state), end.text);
    assert.equal(end.structured.exitCode, 3, `os.Exit(3) must be reported as 3: ${end.text}`);
    const printed = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(printed.text, /final -45 eu\nexpected -5/);
  });

  test('a panic stops where it is raised, with its message; continuing reports exit code 2', async () => {
    // no breakpoints: the launch itself waits for the panic's stop
    const w = await g.ok('debug_launch', { program: panics, timeoutMs: 60_000 }, 120_000);
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.reason, 'exception');
    assert.equal(w.structured.stop.text, 'panic');
    assert.match(w.structured.stop.description, /order 7 has no item 3/);
    assert.equal(w.structured.raisedAt.function, 'main.pick', w.text);
    assert.equal(w.structured.raisedAt.line, lineOf(panics, 'panic(fmt.Sprintf'), w.text);
    assert.match(w.text, /> *\d+ \|\s+panic\(fmt\.Sprintf/, 'the source shown is the raise site');
    const i = await g.ok('debug_evaluate', { expression: 'i', frame: w.structured.raisedAt.frame });
    assert.equal(i.structured.result, '3');
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.ok(['exited', 'terminated'].includes(end.structured.state), end.text);
    assert.equal(end.structured.exitCode, 2, end.text);
  });

  test('test mode with a name filter stops in the failing test only', async () => {
    const line = lineOf(stats, 'if x > best');
    const r = await g.ok(
      'debug_launch',
      { program: goExample('stats'), language: 'go', mode: 'test', args: ['-test.run', '^TestMaxNegative$'], breakpoints: [{ file: stats, line }] },
      120_000,
    );
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.locals.x, '-7', r.text);
    const stack = await g.ok('debug_stack');
    assert.match(stack.text, /TestMaxNegative/);
    assert.doesNotMatch(stack.text, /TestMaxPositive/);
    await g.ok('debug_breakpoint_remove', { all: true });
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.equal(end.structured.exitCode, 1, end.text);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /--- FAIL: TestMaxNegative[\s\S]*Max = 0, want -2/);
    assert.doesNotMatch(out.text, /TestMaxPositive/);
    const wrong = await g.call('debug_launch', { program: goExample('stats'), language: 'go', mode: 'tests' });
    assert.equal(wrong.isError, true);
    assert.match(wrong.text, /unknown Go launch mode 'tests'[\s\S]*debug, exec, test/);
  });

  test('a prebuilt binary runs in exec mode; Go-only fields and missing attach targets are refused clearly', async () => {
    const bin = join(work, 'ledger-exec');
    buildDebugBinary(goRoot, './ledger', bin);
    const line = lineOf(ledger, 'a.Entries = append(');
    const r = await g.ok('debug_launch', { program: bin, language: 'go', breakpoints: [{ file: ledger, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.file, ledger);
    assert.equal((await g.ok('debug_diagnose')).structured.requestArguments.mode, 'exec');
    await g.ok('debug_breakpoint_remove', { all: true });
    const end = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.equal(end.structured.exitCode, 3, end.text);

    const asBinary = await g.call('debug_launch', { program: goExample('ledger'), language: 'go', mode: 'exec' });
    assert.equal(asBinary.isError, true);
    assert.match(asBinary.text, /mode exec runs a prebuilt binary, but .* is a folder/);
    const pythonWithMode = await g.call('debug_launch', { program: join(repoRoot, 'examples', 'python', 'quick.py'), mode: 'test' });
    assert.equal(pythonWithMode.isError, true);
    assert.match(pythonWithMode.text, /arguments given are Go \(delve\)'s, but .*quick.py' is a Python \(debugpy\) program/);
    const nowhere = await g.call('debug_attach', { language: 'go' });
    assert.equal(nowhere.isError, true);
    assert.match(nowhere.text, /attach needs port or processId/);
  });

  test('goroutines are threads: several hit one breakpoint; thousands are listed bounded, with a count', async () => {
    const line = lineOf(workers, 'results[id] = sq');
    const r = await g.ok('debug_launch', { program: workers, breakpoints: [{ file: workers, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const ids = new Set<string>([r.structured.locals.id]);
    const threads = new Set<number>([r.structured.stop.threadId]);
    for (let k = 0; k < 3; k++) {
      const c = await g.ok('debug_continue', { timeoutMs: 30_000 });
      assert.equal(c.structured.state, 'stopped', c.text);
      assert.equal(c.structured.stop.line, line);
      ids.add(c.structured.locals.id);
      threads.add(c.structured.stop.threadId);
    }
    assert.deepEqual([...ids].sort(), ['0', '1', '2', '3'], 'each worker goroutine hit the breakpoint');
    assert.equal(threads.size, 4, 'each hit was on its own goroutine');
    const list = await g.ok('debug_threads');
    assert.match(list.text, /^\* \d+ .*main\.square/, list.text);
    await g.ok('debug_stop');

    const many = await g.ok('debug_launch', { program: workers, args: ['-idle', '3000'], breakpoints: [{ file: workers, line }] }, 120_000);
    assert.equal(many.structured.state, 'stopped', many.text);
    const bounded = await g.ok('debug_threads', { limit: 20 });
    assert.equal(bounded.structured.threads.length, 20);
    assert.equal(bounded.structured.threads[0].current, true, 'the stopped goroutine comes first');
    assert.equal(bounded.structured.totalIsLowerBound, true, bounded.text);
    assert.match(bounded.text, /… 100\d more \(pass limit to see more\); at least 102\d \(delve lists at most 1024\) threads/, bounded.text);
    assert.ok(bounded.text.length < 3_000, `bounded answer: ${bounded.text.length} chars`);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop');
  });

  test('attach to a running process by pid, stop at a breakpoint, detach leaving it running', async () => {
    const bin = join(work, 'ticker-pid');
    buildDebugBinary(goRoot, './ticker', bin);
    const target = spawn(bin, [], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    targets.push(target);
    let printed = '';
    target.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
    assert.ok(await eventually(() => printed.includes('ticker pid'), 10_000), 'the target started');
    const tickerSource = goExample('ticker/main.go');
    const line = lineOf(tickerSource, 'next := n + 1');
    const a = await g.ok('debug_attach', { language: 'go', processId: target.pid }, 60_000);
    assert.match(a.structured.target ?? a.text, /pid/);
    await g.ok('debug_breakpoint_set', { file: tickerSource, line });
    const w = await g.ok('debug_wait', { timeoutMs: 20_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.line, line);
    assert.match(w.structured.locals.n, /^\d+$/);
    await g.ok('debug_breakpoint_remove', { all: true });
    const adapterPid = (await g.ok('debug_diagnose')).structured.pid as number;
    const s = await g.ok('debug_stop');
    assert.match(s.text, /detached, the program keeps running/);
    assert.ok(await eventually(() => !alive(adapterPid), 5_000), 'dlv is gone after debug_stop');
    const ticksBefore = (printed.match(/tick \d+/g) ?? []).length;
    assert.ok(await eventually(() => (printed.match(/tick \d+/g) ?? []).length >= ticksBefore + 2, 10_000), `the program keeps ticking after the detach: ${printed.slice(-200)}`);
    assert.ok(alive(target.pid!));
    killGroup(target);
  });

  test('attach to a headless delve by port, with substitutePath for sources built elsewhere', async () => {
    // build a copy of the module in another folder: its binary names those sources, not ours
    const elsewhere = join(work, 'built-elsewhere');
    cpSync(goRoot, elsewhere, { recursive: true });
    const bin = join(work, 'ticker-remote');
    buildDebugBinary(elsewhere, './ticker', bin);
    const port = await freePort();
    const dlv = (await g.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'go').path as string;
    const server = spawn(dlv, ['--headless', '--accept-multiclient', '--api-version=2', `--listen=127.0.0.1:${port}`, 'exec', bin, '--continue'], {
      stdio: 'ignore',
      detached: true,
    });
    targets.push(server);
    const tickerSource = goExample('ticker/main.go');
    const line = lineOf(tickerSource, 'next := n + 1');
    await g.ok('debug_breakpoint_set', { file: tickerSource, line });
    const a = await g.ok('debug_attach', { language: 'go', port, waitForTargetMs: 15_000, substitutePath: [{ from: goRoot, to: elsewhere }] }, 60_000);
    assert.ok(['running', 'stopped'].includes(a.structured.state), a.text);
    const w = await g.ok('debug_wait', { timeoutMs: 20_000 }); // returns at once when the attach already stopped there
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.file, tickerSource, `the frame names our copy of the source: ${w.text}`);
    assert.equal(w.structured.stop.line, line);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop');
    assert.ok(alive(server.pid!), 'the headless server keeps running after the detach');
    assert.equal(pidsMatching(bin).filter((p) => p !== server.pid).length, 1, 'and so does its program');
    killGroup(server);
    killMatching(bin);
  });

  test('a pause in library code names the program frame nearest the top and shows that frame; stack counts are counted', async () => {
    const r = await g.ok('debug_launch', { program: goExample('stuck') }, 120_000);
    assert.equal(r.structured.state, 'running', r.text);
    try {
      // paused before it serves, delve shows one 'Dummy' thread of a program not yet started
      const serving = await eventually(async () => /listening/.test((await g.ok('debug_output', { sessionId: r.structured.sessionId })).text), 20_000, 200);
      assert.ok(serving, 'the service started');
      const p = await g.ok('debug_pause', { timeoutMs: 20_000 }, 60_000);
      assert.equal(p.structured.state, 'stopped', p.text);
      // delve reports whichever goroutine its halt caught: the frame named is the frame whose locals are shown, or none is named
      if (p.structured.raisedAt) {
        const named = await g.ok('debug_variables', { frame: p.structured.raisedAt.frame, depth: 0 });
        assert.deepEqual(Object.keys(p.structured.locals ?? {}).sort(), named.structured.scopes.flatMap((sc: any) => sc.variables.map((v: any) => v.name)).sort(), `${p.text}\n${named.text}`);
      } else {
        assert.match(p.text, /No frame of the program's own code in the top \d+ frames|stopped at pause, [^\n]*main\.go|stopped at pause, a point where the thread has no frames/, p.text);
      }
      // the main goroutine: stopped in runtime.gopark under net's Accept; the program's code is main.serve
      const threads = await g.ok('debug_threads');
      const main = threads.structured.threads.find((t: any) => /^\[Go 1\]/.test(t.name));
      assert.ok(main, threads.text);
      const st = await g.ok('debug_status', { threadId: main.id, frames: 3 });
      assert.equal(st.structured.raisedAt?.function, 'main.serve', st.text);
      assert.equal(st.structured.raisedAt.line, lineOf(stuck, 'conn, err := ln.Accept()'), st.text);
      assert.match(st.text, /The program's code nearest the top .*main\.go:\d+ in main\.serve \(frame (\d+)/, st.text);
      assert.match(st.text, /> *\d+ \|\s+conn, err := ln\.Accept\(\)/, 'the source shown is main.serve\'s');
      assert.deepEqual(Object.keys(st.structured.locals).sort(), ['ln', 'replies'], `the locals shown are main.serve's: ${st.text}`);
      const frame = st.structured.raisedAt.frame as number;
      const all = await g.ok('debug_stack', { threadId: main.id, library: true, levels: 200 });
      const total = all.structured.frames.length as number;
      assert.equal(all.structured.totalFrames, total, all.text);
      assert.doesNotMatch(all.text, /more frames/, all.text);
      const page = await g.ok('debug_stack', { threadId: main.id, levels: 3, library: true });
      assert.equal(page.structured.totalFrames, total, `delve's estimate is not the count: ${page.text}`);
      assert.match(page.text, new RegExp(`… ${total - 3} more frames \\(startFrame: 3\\)`), page.text);
      assert.equal(all.structured.frames[frame].name, 'main.serve', all.text);
    } finally {
      await g.call('debug_stop'); // a failed assertion leaves no stuck program to the next test
    }
  });

  test('attached by pid to a service whose goroutines all block (a plain go build): threads while running, a pause delve does not answer, the session lives on', async () => {
    const bin = join(work, 'stuck-optimized');
    execFileSync('go', ['build', '-o', bin, './stuck'], { cwd: goRoot, stdio: 'pipe', timeout: 180_000 });
    const target = spawn(bin, [], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    targets.push(target);
    let printed = '';
    target.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
    assert.ok(await eventually(() => printed.includes('stuck pid'), 10_000), 'the target started');
    const a = await g.ok('debug_attach', { language: 'go', processId: target.pid }, 60_000);
    assert.equal(a.structured.state, 'running', a.text);
    const threads = await g.ok('debug_threads');
    assert.doesNotMatch(threads.text, /-1|Current/, threads.text);
    assert.match(threads.text, /cannot list the threads of a running program/, threads.text);
    const started = Date.now();
    const p = await g.call('debug_pause', { timeoutMs: 3_000 }, 60_000);
    const took = Date.now() - started;
    assert.equal(p.isError, false, p.text);
    assert.doesNotMatch(p.text, /marked failed/, p.text);
    assert.ok(took < 8_000, `the pause is bounded by its timeoutMs (3000 ms), took ${took} ms: ${p.text}`);
    if (p.structured.state === 'stopped') {
      // delve may pause it after all: then the answer is a stop like any other
      assert.ok(p.structured.raisedAt || /main\./.test(p.structured.stop.function), p.text);
    } else {
      assert.match(p.text, /was not paused: delve did not answer 'pause' within 3000 ms, and the program runs on/, p.text);
      const sessions = await g.ok('debug_sessions');
      assert.doesNotMatch(sessions.text, /failed/, sessions.text);
    }
    const s = await g.ok('debug_stop', {}, 60_000);
    assert.doesNotMatch(s.text, /failed/, s.text);
    assert.ok(alive(target.pid!), 'the service still runs after the detach');
    killGroup(target);
  });

  test('no dlv and no debuggee outlive debug_stop or the client', async () => {
    const line = lineOf(ledger, 'a.Entries = append(');
    const r = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const pid = (await g.ok('debug_diagnose')).structured.pid as number;
    assert.ok(alive(pid));
    assert.ok(pidsMatching(debugBinaries).length > 0, 'the debuggee runs');
    await g.ok('debug_stop');
    const gone = await eventually(() => !alive(pid) && pidsMatching(debugBinaries).length === 0, 5_000);
    assert.ok(gone, `dlv and the debuggee are gone after debug_stop: dlv ${alive(pid) ? safeRead(`/proc/${pid}/status`).split('\n').slice(0, 3).join(' ') : 'gone'}, debuggees ${pidsMatching(debugBinaries).map((p) => safeRead(`/proc/${p}/status`).split('\n').slice(0, 7).join(' '))}`);

    const other = await Gateway.start();
    const r2 = await other.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] }, 120_000);
    assert.equal(r2.structured.state, 'stopped', r2.text);
    const pid2 = (await other.ok('debug_diagnose')).structured.pid as number;
    await other.close();
    assert.ok(await eventually(() => !alive(pid2) && pidsMatching(debugBinaries).length === 0, 10_000), 'dlv and the debuggee are gone after the client disconnected');
    await g.ok('debug_breakpoint_remove', { all: true });
  });
});
