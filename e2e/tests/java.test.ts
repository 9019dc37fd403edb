import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, repoRoot, sleep } from '../support/gateway.js';
import { killGroup, startJdwpTarget } from '../support/processes.js';

const javaExample = (name: string) => join(repoRoot, 'examples', 'java', name);

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
const ledger = javaExample('Ledger.java');
const service = javaExample('Service.java');
const workers = javaExample('Workers.java');
const ports = javaExample('Ports.java');

describe('java through java-debug (real JVM)', () => {
  let g: Gateway;
  const targets: ChildProcess[] = [];
  before(async () => {
    g = await Gateway.start();
    const langs = await g.ok('debug_languages');
    const java = langs.structured.languages.find((l: any) => l.id === 'java');
    assert.equal(java?.installed, true, `java-debug must be installed for these tests (npx dapgate adapters install java): ${langs.text}`);
  });
  after(async () => {
    for (const t of targets) killGroup(t);
    await g?.close();
  });

  test('launch a .java file: breakpoint, variables, evaluate, step', async () => {
    const line = lineOf(ledger, 'total = ledger.post(amount);');
    const r = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.line, line);
    assert.equal(r.structured.locals.amount, '40', r.text);
    const arr = await g.ok('debug_variables', { path: 'amounts', depth: 1 });
    assert.equal(arr.structured.variable.children.length, 6, arr.text);
    const ev = await g.ok('debug_evaluate', { expression: 'amounts[1] * 2 + total' });
    assert.equal(ev.structured.result, '-30', ev.text);
    const call = await g.ok('debug_evaluate', { expression: 'ledger.describe()' });
    assert.match(call.structured.result, /ada has 0 entries/);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.match(into.structured.stop.function, /post/, into.text);
    const over = await g.ok('debug_step', { kind: 'over' });
    assert.match(over.text, /fee/, over.text);
    await g.ok('debug_step', { kind: 'out' });
    const c = await g.ok('debug_continue');
    assert.equal(c.structured.state, 'stopped', 'the breakpoint hits again on the next iteration');
    assert.equal(c.structured.locals.amount, '-15');
    await g.ok('debug_breakpoint_remove', { all: true });
    const end = await g.ok('debug_continue', { timeoutMs: 20_000 });
    assert.ok(['exited', 'terminated'].includes(end.structured.state), end.text);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /final -5 ada has 6 entries/);
  });

  test('conditional breakpoint and logpoint evaluate real Java expressions', async () => {
    const line = lineOf(ledger, 'total = ledger.post(amount);');
    const after = lineOf(ledger, 'System.out.println("final');
    await g.ok('debug_breakpoint_set', { file: ledger, line, logMessage: 'step {step} amount {amount}' });
    const r = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line: after, condition: 'total < 0 && ledger.describe().length() > 3' }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.line, after);
    assert.equal(r.structured.locals.total, '-5');
    const out = await g.ok('debug_output');
    assert.match(out.text, /step 4 amount -90/);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('exceptions: uncaught stops by default; caught on request', async () => {
    const r = await g.ok('debug_launch', { program: ports }, 120_000);
    const w = r.structured.state === 'stopped' ? r : await g.ok('debug_wait', { timeoutMs: 20_000 });
    assert.equal(w.structured.stop.reason, 'exception', w.text);
    assert.match(w.text, /NumberFormatException/);
    assert.match(w.text, /90a/);
    await g.ok('debug_stop');
    const again = await g.ok('debug_launch', { program: ports, stopOnEntry: true }, 120_000);
    const filters = await g.ok('debug_exception_breakpoints', { filters: ['caught', 'uncaught'] });
    assert.match(filters.text, /\[x\] caught/);
    const caught = await g.ok('debug_continue');
    assert.equal(caught.structured.stop.reason, 'exception', caught.text);
    assert.match(caught.text, /80x/, 'the caught exception stops first');
    // chosen filters carry over to the language's next sessions: back to java's default for the tests after this one
    await g.ok('debug_exception_breakpoints', { filters: ['uncaught'] });
    await g.ok('debug_stop', { sessionId: again.structured.sessionId });
  });

  test('function breakpoints (Class.method, pkg.Class#method, an overload) stop at the method\'s first line', async () => {
    const parsePort = lineOf(ports, 'return Integer.parseInt(text);');
    const r = await g.ok('debug_launch', { program: ports, breakpoints: [{ function: 'Ports#parsePort' }] }, 120_000);
    const w = r.structured.state === 'stopped' ? r : await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(w.structured.stop.reason, 'function breakpoint', w.text);
    assert.equal(w.structured.stop.line, parsePort, w.text);
    assert.equal(w.structured.locals.text, '"80x"', w.text);
    const bps = await g.ok('debug_breakpoints');
    assert.match(bps.text, /Ports#parsePort/, bps.text);
    assert.doesNotMatch(bps.text, /not support|unverified|refused/i, bps.text);
    // an overload by its parameter types, set while the program runs: the class is loaded already
    const overload = await g.ok('debug_breakpoint_set', { function: 'Ports.parseOrDefault(String, int)', sessionId: r.structured.sessionId });
    assert.doesNotMatch(overload.text, /not support|unverified|cannot/i, overload.text);
    const wrong = await g.ok('debug_breakpoint_set', { function: 'Ports.parsePort(int)', sessionId: r.structured.sessionId });
    assert.match(wrong.text, /unverified|not (yet )?bound|no .*method|pending/i, `no parsePort takes an int: ${wrong.text}`);
    const next = await g.ok('debug_continue');
    assert.equal(next.structured.stop.reason, 'function breakpoint', next.text);
    assert.equal(next.structured.stop.line, parsePort, next.text);
    assert.equal(next.structured.locals.text, '"90a"', next.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });

    // a condition, and a class loaded after the breakpoint was set; a name without a class is refused with the forms to use
    const post = lineOf(ledger, 'int fee = amount < 0 ? 1 : 0;');
    const unnamed = await g.call('debug_launch', { program: ledger, breakpoints: [{ function: 'post' }] });
    assert.equal(unnamed.isError, true, unnamed.text);
    assert.match(unnamed.text, /'post' does not name a Java .*function[\s\S]*Class\.method, pkg\.Class#method/, unnamed.text);
    const l = await g.ok('debug_launch', { program: ledger, breakpoints: [{ function: 'Ledger.post', condition: 'amount < 0' }] }, 120_000);
    const lw = l.structured.state === 'stopped' ? l : await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(lw.structured.stop.line, post, lw.text);
    assert.equal(lw.structured.locals.amount, '-15', lw.text);
    const bare = await g.call('debug_breakpoint_set', { function: 'post', sessionId: l.structured.sessionId });
    assert.match(bare.text, /Class\.method/, bare.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('debug_trace of a function named without its file', async () => {
    const scores = javaExample('Scores.java');
    const r = await g.ok('debug_trace', { program: scores, function: 'Scores.runningTotal' }, 240_000);
    const [t] = r.structured.traces;
    assert.equal(t.end.kind, 'returned', r.text);
    assert.match(r.text, /runningTotal/, r.text);
    await g.call('debug_stop');
    assert.equal((await g.ok('debug_breakpoints')).structured.breakpoints.length, 0);
    // a bare method name is not a function breakpoint in Java: it is found by its definition in the launched file, as before
    const bare = await g.ok('debug_trace', { program: scores, function: 'runningTotal' }, 240_000);
    assert.equal(bare.structured.traces[0].end.kind, 'returned', bare.text);
    await g.call('debug_stop');
  });

  test('a data breakpoint (watch on a field) stops where the field changes', async () => {
    const line = lineOf(ledger, 'int fee = amount < 0 ? 1 : 0;');
    await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }] }, 120_000);
    await g.ok('debug_breakpoint_remove', { all: true });
    const w = await g.ok('debug_breakpoint_set', { watch: 'this.entries' , accessType: 'read' });
    assert.match(w.text, /watch this\.entries \(read/, w.text);
    const c = await g.ok('debug_continue');
    assert.equal(c.structured.state, 'stopped', c.text);
    assert.deepEqual(c.structured.stop.breakpointIds, [w.structured.breakpoint.id], c.text);
    const local = await g.call('debug_breakpoint_set', { watch: 'fee' });
    assert.equal(local.isError, true);
    assert.match(local.text, /cannot be watched/);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop');
  });

  test('threads of a multi-threaded program', async () => {
    const line = lineOf(workers, 'done.incrementAndGet();');
    const r = await g.ok('debug_launch', { program: workers, breakpoints: [{ file: workers, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const threads = await g.ok('debug_threads');
    assert.ok(threads.structured.threads.some((t: any) => /worker-/.test(t.name)), threads.text);
    const name = await g.ok('debug_evaluate', { expression: 'name' });
    assert.match(name.structured.result, /worker-\d/);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('attach to a JVM on 5005 (the default port): conditional breakpoint, method call; detach leaves it running', async () => {
    assert.equal(await portFree(5005), true, 'port 5005 must be free for this test (is another JVM debugging there?)');
    const target = startJdwpTarget(service, 5005, { args: ['300'] });
    targets.push(target);
    const a = await g.ok('debug_attach', { language: 'java', waitForTargetMs: 30_000 }, 120_000);
    assert.ok(['running', 'stopped'].includes(a.structured.state), a.text);
    const line = lineOf(service, 'int total = totals.getOrDefault(customer, 0) + amount;');
    const bp = await g.ok('debug_breakpoint_set', { file: service, line, condition: 'customer.equals("grace") && handled > 5' });
    assert.match(bp.text, /bp\d+ .*Service\.java/, bp.text);
    const w = await g.ok('debug_wait', { timeoutMs: 20_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.locals.customer, '"grace"', w.text);
    assert.match((await g.ok('debug_breakpoints')).text, /verified; condition held [1-9][\d,]* times? \(the adapter evaluates it at every pass/);
    const summary = await g.ok('debug_evaluate', { expression: 'summary()' });
    assert.match(summary.structured.result, /requests, \d customers/);
    await g.ok('debug_breakpoint_remove', { all: true });
    const stop = await g.ok('debug_stop');
    assert.match(stop.text, /detached/);
    await sleep(500);
    assert.equal(target.exitCode, null, 'the JVM keeps running after a detach');
    killGroup(target);
  });

  test('a target that is killed and restarted is re-attached with its breakpoints', async () => {
    const port = await freePort();
    let target = startJdwpTarget(service, port, { args: ['300'] });
    targets.push(target);
    const a = await g.ok('debug_attach', { language: 'java', port, waitForTargetMs: 30_000, reconnect: true }, 120_000);
    // a pause without threadId picks a program thread, not one of the JVM's own (Reference Handler is listed first)
    const paused = await g.ok('debug_pause', { timeoutMs: 10_000 });
    assert.equal(paused.structured.state, 'stopped', paused.text);
    const threads = await g.ok('debug_threads');
    const pausedThread = threads.structured.threads.find((t: any) => t.id === paused.structured.stop.threadId);
    assert.match(pausedThread?.name ?? '', /\bmain\b/, threads.text);
    await g.ok('debug_continue', { wait: false });
    const line = lineOf(service, 'handled++;');
    await g.ok('debug_breakpoint_set', { file: service, line });
    const first = await g.ok('debug_wait', { timeoutMs: 20_000 });
    assert.equal(first.structured.state, 'stopped', first.text);
    killGroup(target);
    assert.ok(await eventually(async () => (await g.ok('debug_status', { sessionId: a.structured.sessionId })).structured.state === 'reconnecting', 15_000), 'goes reconnecting');
    target = startJdwpTarget(service, port, { args: ['300'] });
    targets.push(target);
    const again = await g.ok('debug_wait', { sessionId: a.structured.sessionId, timeoutMs: 60_000 });
    assert.equal(again.structured.state, 'stopped', again.text);
    assert.equal(again.structured.stop.line, line);
    const events = await g.ok('debug_events', { sessionId: a.structured.sessionId, types: ['target-lost', 'reconnected'] });
    assert.match(events.text, /target-lost/);
    assert.match(events.text, /reconnected/);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop', { sessionId: a.structured.sessionId, terminate: true });
  });

  test('a suspend=y target that starts listening later is attached with waitForTargetMs', async () => {
    const port = await freePort();
    const line = lineOf(service, 'handled++;');
    await g.ok('debug_breakpoint_set', { file: service, line });
    setTimeout(() => targets.push(startJdwpTarget(service, port, { suspend: true, args: ['300'] })), 2_000);
    const a = await g.ok('debug_attach', { language: 'java', port, waitForTargetMs: 30_000 }, 120_000);
    const w = a.structured.state === 'stopped' ? a : await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.line, line, 'the first request stops at the breakpoint: nothing ran before the attach');
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop', { terminate: true });
  });

  test('waiting for a JVM that starts later does not alarm it: no "handshake failed" in its output', async () => {
    const port = await freePort();
    let printed = '';
    setTimeout(() => {
      const target = startJdwpTarget(service, port, { args: ['300'] });
      targets.push(target);
      target.stdout?.on('data', (c: Buffer) => (printed += c.toString()));
      target.stderr?.on('data', (c: Buffer) => (printed += c.toString()));
    }, 3_000);
    const a = await g.ok('debug_attach', { language: 'java', port, waitForTargetMs: 30_000 }, 120_000);
    assert.ok(['running', 'stopped'].includes(a.structured.state), a.text);
    assert.match(printed, /Listening for transport dt_socket/, 'the target was started and its output read');
    await g.ok('debug_stop', { terminate: true });
    assert.doesNotMatch(printed, /handshake failed|failed to attach/i, `dapgate's wait for the port must not look like a failed debugger to the target:\n${printed}`);
  });
});
