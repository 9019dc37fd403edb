import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, pyExample, repoRoot, sleep, type ToolReply } from '../support/gateway.js';

const java = (name: string) => join(repoRoot, 'examples', 'java', name);
const node = (name: string) => join(repoRoot, 'examples', 'node', name);

/** Continues until the program ends, collecting each stop; fails if a continue leaves it running (a hang). */
async function stopsUntilExit(g: Gateway, first: ToolReply, max = 10): Promise<ToolReply[]> {
  const stops: ToolReply[] = [];
  let r = first;
  while (r.structured.state === 'stopped') {
    stops.push(r);
    assert.ok(stops.length <= max, `more than ${max} stops: ${r.text}`);
    r = await g.ok('debug_continue', { timeoutMs: 20_000 });
  }
  assert.ok(['exited', 'terminated'].includes(r.structured.state), `the program did not end after the last continue (hung?): ${r.text}`);
  return stops;
}

async function stoppedEvents(g: Gateway, sessionId: string): Promise<string[]> {
  const ev = await g.ok('debug_events', { sessionId, types: ['stopped'], max: 100 });
  return ev.text.split('\n').filter((l) => /stopped \(/.test(l));
}

describe('threads: several threads stopping at one breakpoint, child targets (real adapters)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('python: three threads at one breakpoint; each stop is shown in turn and the program ends', async () => {
    const program = pyExample('workers.py');
    const line = lineOf(program, 'results[name] = acc');
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] }, 60_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const threads = await g.ok('debug_threads');
    const focus = threads.structured.threads.find((t: any) => t.current);
    assert.equal(focus.state, 'stopped', threads.text);
    assert.match(focus.name, /worker-\d/, threads.text);
    const stops = await stopsUntilExit(g, r);
    const names = stops.map((s) => s.structured.locals.name);
    assert.deepEqual([...new Set(names)].sort(), ["'worker-0'", "'worker-1'", "'worker-2'"], `each worker stops once: ${names}`);
    assert.equal((await stoppedEvents(g, r.structured.sessionId)).length, 3, 'every stop is in debug_events');
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /done 3/);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('java, adapterArgs suspendAllThreads false: three stops pending at once, all listed, one continue resumes all', async () => {
    const program = java('Workers.java');
    const line = lineOf(program, 'done.incrementAndGet();');
    const r = await g.ok('debug_launch', { program, adapterArgs: { suspendAllThreads: false }, breakpoints: [{ file: program, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    // the other workers reach the line on their own (nothing pauses them)
    let status!: ToolReply;
    const all = await eventually(async () => {
      status = await g.ok('debug_status', { locals: false, source: false });
      return /2 more threads stopped here: \d+, \d+/.test(status.text);
    }, 20_000, 200);
    assert.ok(all, `the other two stops are kept and named: ${status.text}`);
    const threads = await g.ok('debug_threads');
    const atBp = threads.structured.threads.filter((t: any) => t.state === 'stopped' && t.line === line);
    assert.equal(atBp.length, 3, `debug_threads shows the three workers stopped at the breakpoint: ${threads.text}`);
    const other = status.structured.otherStoppedThreads[0].id;
    const stack = await g.ok('debug_stack', { threadId: other });
    assert.match(stack.text, /#0 .*work.* Workers\.java:\d+/, stack.text);
    const ev = await g.ok('debug_evaluate', { expression: 'name', threadId: other });
    assert.match(ev.structured.result, /worker-\d/, ev.text);
    assert.equal((await stoppedEvents(g, r.structured.sessionId)).length, 3, 'every stop is in debug_events');
    const c = await g.ok('debug_continue', { timeoutMs: 20_000 });
    assert.ok(['exited', 'terminated'].includes(c.structured.state), `one continue resumes every stopped thread: ${c.text}`);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /done 3/);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('java: threadId picks another stopped thread in status, variables, set_variable, source, evaluate and run_to', async () => {
    const program = java('Workers.java');
    const line = lineOf(program, 'done.incrementAndGet();');
    const r = await g.ok('debug_launch', { program, adapterArgs: { suspendAllThreads: false }, breakpoints: [{ file: program, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    let status!: ToolReply;
    const more = await eventually(async () => {
      status = await g.ok('debug_status', { locals: false, source: false });
      return /more threads? stopped here/.test(status.text);
    }, 20_000, 200);
    assert.ok(more, `another worker stops at the breakpoint too: ${status.text}`);
    const focus = r.structured.stop.threadId;
    const other = status.structured.otherStoppedThreads[0].id;
    const otherStatus = await g.ok('debug_status', { threadId: other });
    assert.equal(otherStatus.structured.stop.threadId, other, otherStatus.text);
    assert.match(otherStatus.text, new RegExp(`\\[thread ${other}[\\] ]`), otherStatus.text);
    const otherName = otherStatus.structured.locals.name;
    assert.notEqual(otherName, r.structured.locals.name, 'the other thread is another worker');
    const vars = await g.ok('debug_variables', { threadId: other });
    assert.match(vars.text, new RegExp(`name.*${otherName.replace(/"/g, '')}`), vars.text);
    const set = await g.ok('debug_set_variable', { path: 'acc', value: '7', threadId: other });
    assert.match(set.text, /7/, set.text);
    assert.equal((await g.ok('debug_evaluate', { expression: 'acc', threadId: other })).structured.result, '7');
    assert.notEqual((await g.ok('debug_evaluate', { expression: 'acc' })).structured.result, '7', 'the focused thread keeps its own acc');
    const src = await g.ok('debug_source', { threadId: other, context: 1 });
    assert.match(src.text, /done\.incrementAndGet\(\);/, src.text);
    const ret = lineOf(program, 'return acc;');
    const ran = await g.ok('debug_run_to', { file: program, line: ret, threadId: other, timeoutMs: 20_000 });
    assert.equal(ran.structured.state, 'stopped', ran.text);
    assert.equal(ran.structured.stop.threadId, other, `run_to resumed and stopped that thread only: ${ran.text}`);
    assert.equal(ran.structured.stop.line, ret, ran.text);
    const threads = await g.ok('debug_threads');
    assert.ok(threads.structured.threads.some((t: any) => t.id === focus && t.state === 'stopped' && t.line === line), `the first thread still waits at the breakpoint: ${threads.text}`);
    const end = await g.ok('debug_continue', { timeoutMs: 20_000 });
    const rest = end.structured.state === 'stopped' ? await stopsUntilExit(g, end) : [];
    assert.ok(rest.length <= 3, `at most the workers still to come stop: ${rest.length}`);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, new RegExp(`${otherName.replace(/"/g, '')} -> 7`), `the value set in that thread is what it returned: ${out.text}`);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('java, default (launch): the other threads stay paused while the agent reads; every stop is kept', async () => {
    const program = java('Workers.java');
    const line = lineOf(program, 'done.incrementAndGet();');
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    await sleep(1_500); // a worker left running would finish and print meanwhile
    const threads = await g.ok('debug_threads');
    const workers = threads.structured.threads.filter((t: any) => /worker-/.test(t.name ?? ''));
    assert.ok(workers.length >= 1 && workers.every((t: any) => t.state === 'stopped'), `every live worker is paused: ${threads.text}`);
    assert.ok(threads.structured.threads.every((t: any) => t.state === 'stopped'), `no thread runs: ${threads.text}`);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.doesNotMatch(out.text, /worker-\d ->/, `no worker got past the breakpoint while paused: ${out.text}`);
    await stopsUntilExit(g, r);
    assert.equal((await stoppedEvents(g, r.structured.sessionId)).length, 3, 'one stop per worker, each kept');
    const end = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(end.text, /done 3/);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('java, default (launch): a step keeps the paused threads paused without asking again; after a step that started a thread it asks again', async () => {
    const program = java('Workers.java');
    const line = lineOf(program, 'threads[t].start();');
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] }, 120_000);
    assert.equal(r.structured.stop?.line, line, r.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    // whether the gateway asked the adapter to pause the other threads after the last step (from the recent traffic)
    const pausedAfterStep = async () => {
      const traffic = ((await g.ok('debug_diagnose')).structured.traffic as { direction: string; summary: string }[]).filter((t) => t.direction === 'out');
      const step = traffic.findLastIndex((t) => /^request #\d+ next /.test(t.summary));
      assert.ok(step >= 0, 'the step is in the recent traffic');
      return traffic.slice(step).some((t) => /^request #\d+ pauseOthers/.test(t.summary));
    };
    const allPaused = async (when: string) => {
      const threads = await g.ok('debug_threads');
      assert.ok(threads.structured.threads.every((t: any) => t.state === 'stopped'), `${when}: no thread runs: ${threads.text}`);
    };
    // starts worker-0 (whose short work may end before the step does): the others are paused again
    await g.ok('debug_step', { kind: 'over' });
    assert.equal(await pausedAfterStep(), true, 'the step that started a thread paused the others again');
    await allPaused('after the step that started a worker');
    await g.ok('debug_step', { kind: 'over' }); // no thread starts: nothing to pause
    assert.equal(await pausedAfterStep(), false, 'a plain step sends no pause request');
    await allPaused('after a plain step');
    await g.ok('debug_stop');
  });

  test('go: goroutines at one breakpoint: every stop kept in debug_events, the rest shown stopped, each continue meets the next', async (t) => {
    const langs = await g.ok('debug_languages');
    const go = langs.structured.languages.find((l: any) => l.id === 'go');
    if (!go?.installed) return t.skip(`delve is not installed here: ${langs.text}`);
    const program = join(repoRoot, 'examples', 'go', 'goroutines', 'main.go');
    const line = lineOf(program, 'results[id] = sq');
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const threads = await g.ok('debug_threads');
    assert.ok(threads.structured.threads.every((x: any) => x.state === 'stopped'), `delve stops every goroutine: ${threads.text}`);
    const stops = await stopsUntilExit(g, r);
    assert.equal(stops.length, 4, 'one stop per worker goroutine');
    assert.equal((await stoppedEvents(g, r.structured.sessionId)).length, 4, 'every stop is in debug_events');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('node worker_threads: each worker is a target: stop, step, evaluate and continue one, then the other; their end is reported', async () => {
    const program = node('workers.mjs');
    const line = lineOf(program, 'let result = n * n;');
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] }, 60_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    let threads!: ToolReply;
    const both = await eventually(async () => {
      threads = await g.ok('debug_threads');
      return threads.structured.threads.filter((t: any) => t.state === 'stopped' && t.line === line).length === 2;
    }, 20_000, 200);
    assert.ok(both, `both workers stop at the breakpoint, each listed as a thread of its own target: ${threads.text}`);
    assert.ok(threads.structured.threads.some((t: any) => t.state === 'running'), `the main thread runs meanwhile: ${threads.text}`);
    const first = r.structured.stop.threadId;
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.equal(step.structured.stop.threadId, first, step.text);
    assert.match(step.text, /Changed: result: \(new\) (9|16)/, step.text);
    const ev = await g.ok('debug_evaluate', { expression: 'result + 1' });
    assert.match(ev.structured.result, /^(10|17)$/, ev.text);
    // resume only this worker: the other one, still stopped, is shown at once
    const next = await g.ok('debug_continue', { threadId: first, timeoutMs: 20_000 });
    assert.equal(next.structured.state, 'stopped', next.text);
    assert.notEqual(next.structured.stop.threadId, first, next.text);
    const step2 = await g.ok('debug_step', { kind: 'over' });
    assert.match(step2.text, /Changed: result: \(new\) (9|16)/, step2.text);
    const end = await g.ok('debug_continue', { timeoutMs: 20_000 });
    assert.ok(['exited', 'terminated'].includes(end.structured.state), `the program ends: ${end.text}`);
    const events = await g.ok('debug_events', { sessionId: r.structured.sessionId, max: 200 });
    // a worker that ends before the program is reported; the last one ends with the whole session
    assert.match(events.text, /target \d+ \(\[worker \d\]\) ended/, `a worker's end is reported: ${events.text}`);
    const answers = [next, step2, end].map((x) => x.text).join('\n');
    assert.match(answers, /Meanwhile: target \d+ \(\[worker \d\]\) ended/, `an answer says it: ${answers}`);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /squares 9,16/);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('node worker_threads: a running worker is paused by threadId, stepped, changed and continued to its end', async () => {
    const program = node('busy-worker.mjs');
    const r = await g.ok('debug_launch', { program, wait: false }, 60_000);
    assert.equal(r.structured.state, 'running', r.text);
    let threads!: ToolReply;
    const seen = await eventually(async () => {
      threads = await g.ok('debug_threads');
      return threads.structured.threads.some((t: any) => /^\[worker \d\]$/.test(t.name ?? ''));
    }, 20_000, 200);
    assert.ok(seen, `the worker is listed as a thread of its own target: ${threads.text}`);
    const spinning = await eventually(async () => /worker spinning/.test((await g.ok('debug_output', { sessionId: r.structured.sessionId })).text), 20_000, 200);
    assert.ok(spinning, 'the worker runs its loop');
    const worker = threads.structured.threads.find((t: any) => /^\[worker \d\]$/.test(t.name ?? ''));
    const p = await g.ok('debug_pause', { threadId: worker.id, timeoutMs: 10_000 });
    assert.equal(p.structured.state, 'stopped', p.text);
    assert.equal(p.structured.stop.threadId, worker.id, `the worker paused, not the main thread: ${p.text}`);
    assert.equal(p.structured.stop.function, 'spin', p.text);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.equal(step.structured.stop.threadId, worker.id, step.text);
    assert.equal(step.structured.stop.function, 'spin', step.text);
    await g.ok('debug_set_variable', { path: 'state.running', value: 'false' });
    const end = await g.ok('debug_continue', { timeoutMs: 20_000 });
    assert.ok(['exited', 'terminated'].includes(end.structured.state), `the worker stops spinning and the program ends: ${end.text}`);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /worker stopped/, out.text);
    const events = await g.ok('debug_events', { sessionId: r.structured.sessionId, max: 200 });
    assert.match(events.text, /target \d+ \(\[worker \d\]\) ended/, `the worker's end is reported: ${events.text}`);
  });

  test('node fork: a stop in the forked child can be stepped and continued; its end is reported', async () => {
    const child = node('fork-child.js');
    const line = lineOf(child, 'const result = n * n;');
    const r = await g.ok('debug_launch', { program: node('fork-parent.js'), breakpoints: [{ file: child, line }] }, 60_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.match(step.text, /Changed: result: \(new\) 49/, step.text);
    const c = await g.ok('debug_continue', { timeoutMs: 20_000 });
    assert.ok(['exited', 'terminated'].includes(c.structured.state), `continue runs the child and the parent to the end: ${c.text}`);
    const events = await g.ok('debug_events', { sessionId: r.structured.sessionId, max: 200 });
    assert.match(events.text, /target \d+.* ended/, `the child's end is reported: ${events.text}`);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /parent got 49/);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('node --test: a stop in the second file (its own process) can be stepped and continued; its end is reported', async () => {
    const dir = node('two-tests');
    const second = join(dir, 'second.test.js');
    const line = lineOf(second, 'let total = cartTotal(');
    // NODE_TEST_CONTEXT: null drops what this test runner's own environment would pass on (js-debug removes null
    // variables); node --test needs js-debug's own console (under runInTerminal the runner breaks, as debug_test notes)
    const r = await g.ok(
      'debug_launch',
      { program: join(dir, 'first.test.js'), args: [second], cwd: dir, adapterArgs: { runtimeArgs: ['--test', '--test-concurrency=1'], env: { NODE_TEST_CONTEXT: null }, console: 'internalConsole' }, breakpoints: [{ file: second, line }] },
      60_000,
    );
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.stop.line, line, r.text);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.match(step.text, /Changed: total: \(new\) 25/, step.text);
    const c = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.ok(['exited', 'terminated'].includes(c.structured.state), `continue runs the tests to the end: ${c.text}`);
    // the runner's own end may be read before its child's (both end together): the child's end follows
    let events = '';
    const reported = await eventually(async () => /target \d+ .*ended/.test((events = (await g.ok('debug_events', { sessionId: r.structured.sessionId, max: 300 })).text)), 10_000, 200);
    assert.ok(reported, `the test file's process end is reported: ${events}`);
    const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
    assert.match(out.text, /pass 2/, out.text);
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('a step over an await stays in the same function: the Changed line is kept', async () => {
    const program = node('async.mjs');
    const line = lineOf(program, 'const price = await fetchPrice(item.sku);');
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] }, 60_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.equal(step.structured.stop.function, 'priceOrder', step.text);
    assert.match(step.text, /Changed: .*price: \(new\) 20\.5/, step.text);
    assert.doesNotMatch(step.text, /different (frame|function)/, step.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test("a step in a method whose `this` description changes (Cache(1).take -> Cache(0).take) stays in the same function", async () => {
    const program = node('lru.mjs');
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line: lineOf(program, 'this.delete(key);') }] }, 60_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.text, /in Cache\(1\)\.take/, r.text);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.match(step.text, /Changed: this: Cache\(1\) -> Cache\(0\)/, step.text);
    assert.doesNotMatch(step.text, /different (frame|function)/, step.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });
});
