import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * The same program (examples/<lang>/scores.*) in each language: a loop with a branch, a call per
 * iteration, a function that raises (Go and Rust: panics). `oneShown`: how the adapter shows the
 * one-element argument; `scaleReturn`: scale's returning line.
 */
const languages = [
  { id: 'python', scaleBreakpoint: 'scale', file: join(repoRoot, 'examples', 'python', 'scores.py'), total: 'running_total', mean: 'mean', one: 'len(values) == 1', four: 'len(values) == 4', loopHead: 'for i, v in', odd: 'total -= 1', raise: 'return sum(values) / count', exception: /ZeroDivisionError/, oneShown: /\[5\]/, scaleReturn: 'return value * factor' },
  { id: 'node', file: join(repoRoot, 'examples', 'node', 'scores.js'), total: 'runningTotal', mean: 'mean', one: 'values.length === 1', four: 'values.length === 4', loopHead: 'for (let i = 0', odd: 'total -= 1', raise: "throw new RangeError", exception: /RangeError.*mean of no values|mean of no values/, oneShown: /\[5\]/, scaleReturn: 'return value * factor' },
  { id: 'java', scaleBreakpoint: 'Scores.scale', file: join(repoRoot, 'examples', 'java', 'Scores.java'), total: 'runningTotal', mean: 'mean', one: 'values.length == 1', four: 'values.length == 4', loopHead: 'for (int i = 0; i < values.length', odd: 'total -= 1', raise: 'return sum / count', exception: /ArithmeticException: \/ by zero/, oneShown: /\{5\}|int\[1\]/, scaleReturn: 'return value * factor' },
  // delve: panics are caught at runtime.(*_panic).start while tracing; return values are the return expression, evaluated
  { id: 'go', scaleBreakpoint: 'main.scale', file: join(repoRoot, 'examples', 'go', 'scores', 'main.go'), total: 'runningTotal', mean: 'mean', one: 'len(values) == 1', four: 'len(values) == 4', loopHead: 'for i := 0; i < len(values)', odd: 'total -= 1', raise: 'return sum / count', exception: /^panic: .*integer divide by zero/, oneShown: /len: 1, cap: 1, \[5\]/, scaleReturn: 'return value * factor' },
  // lldb-dap: the panic is the rust_panic stop (its message from the program's output); the tail expression is evaluated
  { id: 'rust', scaleBreakpoint: 'scale', file: join(repoRoot, 'examples', 'rust', 'src', 'bin', 'scores.rs'), total: 'running_total', mean: 'mean', one: 'values.length == 1', four: 'values.length == 4', loopHead: 'for i in 0..values.len()', odd: 'total -= 1', raise: 'sum / count', exception: /^panic: attempt to divide by zero$/, oneShown: /values=size=1/, scaleReturn: 'value * factor' },
];
/** A trace's answer may include a first build (cargo, go build) on a loaded machine. */
const TRACE_MS = 240_000;

for (const lang of languages) {
  describe(`debug_trace (${lang.id}, real adapter)`, () => {
    let g: Gateway;
    before(async () => {
      g = await Gateway.start();
    });
    after(async () => {
      await g?.close();
    });
    const trace = (args: Record<string, unknown>) => g.ok('debug_trace', args, TRACE_MS);
    const stop = async () => {
      await g.call('debug_stop');
      const left = await g.ok('debug_breakpoints');
      assert.equal(left.structured.breakpoints.length, 0, `the trace's breakpoint must not stay behind: ${left.text}`);
    };

    test('a loop with a branch folds; the iteration that took the branch is shown in full; the return value', async () => {
      const r = await trace({ program: lang.file, function: lang.total, file: lang.file, condition: lang.four });
      const [t] = r.structured.traces;
      assert.equal(t.end.kind, 'returned', r.text);
      assert.equal(t.end.value, '35', r.text);
      const head = lineOf(lang.file, lang.loopHead);
      assert.match(r.text, new RegExp(`lines ${head}-\\d+ x 4 \\(path .*; iteration 3 took another path\\)`), r.text);
      assert.match(r.text, /iteration 3 \(other path\):/, r.text);
      assert.match(r.text, new RegExp(`${lineOf(lang.file, lang.odd)} \\| total -= 1;?\\s+total: 24 -> 23`), r.text);
      assert.match(r.text, /iteration 1 \(first\):[\s\S]*iteration 4 \(last\):/, r.text);
      assert.doesNotMatch(r.text, /iteration 2 \(/, 'an iteration like the others is folded');
      if (lang.id === 'go' || lang.id === 'rust') assert.match(r.text, /Returned 35 \(\S+ reports no return values: the return expression, evaluated on its line before it ran\)\./, r.text);
      else assert.match(r.text, /Returned 35\./);
      assert.ok(t.events.every((e: { line: number }) => typeof e.line === 'number'), 'structured events carry lines');
      await stop();
    });

    test('a call that raises: the exception and the line that raised it', async () => {
      const r = await trace({ program: lang.file, function: lang.mean, file: lang.file, call: 2 });
      const [t] = r.structured.traces;
      assert.equal(t.end.kind, 'raised', r.text);
      assert.equal(t.end.line, lineOf(lang.file, lang.raise), r.text);
      assert.match(t.end.exception, lang.exception, r.text);
      assert.equal(t.entry.values !== undefined, true, r.text);
      await stop();
    });

    test('the call chosen by a condition at entry, and two calls compared side by side', async () => {
      const one = await trace({ program: lang.file, function: lang.total, file: lang.file, condition: lang.one });
      assert.equal(one.structured.traces[0].end.value, '10', one.text);
      assert.match(one.text, lang.oneShown, one.text);
      await stop();
      const cmp = await trace({ program: lang.file, function: lang.mean, file: lang.file, calls: 2 });
      assert.equal(cmp.structured.traces.length, 2, cmp.text);
      assert.match(cmp.text, /Compared 2 call\(s\)/);
      assert.match(cmp.text, /#1 .*-> returned/);
      assert.match(cmp.text, /#2 .*-> raised/);
      assert.match(cmp.text, /Call #2 stands out: it raised/, cmp.text);
      await stop();
    });

    test('depth 1 steps into the calls a line makes: their arguments, result and own lines', async () => {
      const r = await trace({ program: lang.file, function: lang.total, file: lang.file, condition: lang.one, depth: 1 });
      const [t] = r.structured.traces;
      assert.equal(t.end.value, '10', r.text);
      const line = t.events.find((e: { calls: { args?: Record<string, string> }[] }) => e.calls.some((c) => c.args));
      assert.ok(line, `a line with a traced call: ${r.text}`);
      const call = line.calls.find((c: { args?: Record<string, string> }) => c.args);
      assert.deepEqual([call.args.value, call.args.factor, call.result], ['5', '2', '10'], r.text);
      assert.equal(call.trace.end.kind, 'returned');
      assert.match(r.text, /scale\((?=[^)]*value=5)(?=[^)]*factor=2)[^)]*\) -> 10/, r.text);
      // names as the reader knows them: no symbol mangling hash (Rust's ::h<16 hex>) in the trace or the stack
      const mangled = /::h[0-9a-f]{16}\b/;
      assert.doesNotMatch(`${t.function} ${call.callee}`, mangled, r.text);
      assert.doesNotMatch(r.text, mangled, r.text);
      const stack = await g.ok('debug_stack', { library: true });
      assert.doesNotMatch(stack.text, mangled, stack.text);
      assert.match(r.text, new RegExp(`${lineOf(lang.file, lang.scaleReturn)} \\| ${lang.scaleReturn.replace('*', '\\*')}`), r.text);
      await stop();
    });

    test('a trace cut by maxLines leaves the session stopped there and resumes to the end', async () => {
      const cut = await trace({ program: lang.file, function: lang.total, file: lang.file, condition: lang.four, maxLines: 6 });
      const [t] = cut.structured.traces;
      assert.equal(t.end.kind, 'cut', cut.text);
      assert.equal(t.events.length, 6);
      assert.equal(cut.structured.state, 'stopped');
      assert.match(cut.text, /Cut at line \d+: the session is stopped there/);
      const rest = await trace({});
      assert.equal(rest.structured.traces[0].end.kind, 'returned', rest.text);
      assert.equal(rest.structured.traces[0].end.value, '35', rest.text);
      await stop();
    });

    test("a trace of a function the session has its own breakpoint at the first line of: that breakpoint is the trace's entry (said), the next calls are counted as before, and it stays", async () => {
      const line = lineOf(lang.file, lang.scaleReturn);
      const r = await g.ok('debug_launch', { program: lang.file, breakpoints: [{ file: lang.file, line }] }, TRACE_MS);
      assert.equal(r.structured.stop.line, line, r.text);
      const first = await trace({ function: 'scale', file: lang.file });
      assert.equal(first.structured.traces[0].end.kind, 'returned', first.text);
      assert.equal(first.structured.traces[0].end.value, '0', first.text);
      assert.match(first.text, /Breakpoint bp\d+ \(s\d+'s own\) is where the trace starts: its stops there were the trace's entries, and it stays set/, first.text);
      // counted from the call it stopped after: 1 (value 1), 2 (value 2)
      const second = await trace({ function: 'scale', file: lang.file, call: 2 });
      assert.equal(second.structured.traces[0].end.value, '4', second.text);
      const bps = await g.ok('debug_breakpoints');
      assert.equal(bps.structured.breakpoints.length, 1, bps.text);
      assert.equal(bps.structured.breakpoints[0].line, line, bps.text);
      await stop();
    });

    // a function breakpoint as the trace's entry (Node has none), the session's own line breakpoint at the function's first line
    if (lang.scaleBreakpoint) test("a trace by function breakpoint where the session's own line breakpoint stands at the function's first line: the call it is stopped at is call 1, and no later call is cut by that breakpoint", async () => {
      const line = lineOf(lang.file, lang.scaleReturn);
      await g.ok('debug_launch', { program: lang.file, breakpoints: [{ file: lang.file, line }] }, TRACE_MS);
      const first = await trace({ function: lang.scaleBreakpoint });
      assert.equal(first.structured.traces[0].end.value, '0', first.text);
      assert.equal(first.structured.traces[0].entry.value, '0', first.text);
      assert.match(first.text, /bp\d+ \(s\d+'s own\) stands where the trace starts: its stops there were taken as the trace's entries/, first.text);
      const second = await trace({ function: lang.scaleBreakpoint, call: 2 });
      assert.equal(second.structured.traces.length, 1, second.text);
      assert.equal(second.structured.traces[0].end.value, '4', second.text);
      assert.equal((await g.ok('debug_breakpoints')).structured.breakpoints.length, 1);
      await stop();
    });

    test('a trace started in a live session stopped inside the function', async () => {
      const line = lineOf(lang.file, lang.loopHead);
      await g.ok('debug_launch', { program: lang.file, breakpoints: [{ file: lang.file, line, condition: lang.one }] }, TRACE_MS);
      await g.ok('debug_breakpoint_remove', { all: true });
      const r = await trace({});
      const [t] = r.structured.traces;
      assert.equal(t.startLine, line, r.text);
      assert.equal(t.end.kind, 'returned', r.text);
      assert.equal(t.end.value, '10', r.text);
      await stop();
    });
  });
}

describe('debug_trace (C through lldb-dap: no return values reported, the return expression is evaluated)', () => {
  const file = join(repoRoot, 'examples', 'c', 'scores.c');
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a loop with a branch folds; the return value comes from the return line, and says so', async () => {
    const r = await g.ok('debug_trace', { program: file, function: 'running_total', file, condition: 'n == 4' });
    const [t] = r.structured.traces;
    assert.equal(t.end.kind, 'returned', r.text);
    assert.equal(t.end.value, '35', r.text);
    assert.match(t.end.valueNote, /reports no return values/);
    assert.match(r.text, new RegExp(`lines ${lineOf(file, 'for (int i = 0; i < n')}-\\d+ x 4 \\(path .*; iteration 3 took another path\\)`), r.text);
    assert.match(r.text, /total: 24 -> 23/);
    await g.ok('debug_stop');
  });

  test('a local whose declaration has not run is not shown with what its stack slot held; its line gives its value', async () => {
    const r = await g.ok('debug_trace', { program: file, function: 'running_total', file, condition: 'n == 4' });
    const [head, body] = [lineOf(file, 'for (int i = 0; i < n'), lineOf(file, 'int v = values[i]')];
    assert.match(r.text, /^Locals at start: values=\S+\s+n=4$/m, r.text);
    assert.match(r.text, new RegExp(`^\\s+${lineOf(file, 'int total = 0')} \\| int total = 0;\\s+total = 0$`, 'm'), r.text);
    for (const row of r.text.split('\n').filter((l) => new RegExp(`^\\s+${head} \\| `).test(l))) assert.doesNotMatch(row, /\bv = /, r.text);
    assert.match(r.text, new RegExp(`^\\s+${head} \\| for [^\\n]*\\si = 0$`, 'm'), r.text);
    assert.match(r.text, new RegExp(`^\\s+${body} \\| int v = values\\[i\\];\\s+v = 4$`, 'm'), r.text);
    await g.ok('debug_stop');
  });

  test('an argument named like a local that another function declares is still an argument', async () => {
    const slots = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'slots.c');
    const r = await g.ok('debug_trace', { program: slots, function: 'total_of' });
    assert.match(r.text, /^Locals at start: values=\S+\s+n=3$/m, r.text);
    assert.match(r.text, /^Returned 6\b/m, r.text);
    await g.ok('debug_stop');
  });

  test('cut by maxLines, resumed in the live session to the same result', async () => {
    const cut = await g.ok('debug_trace', { program: file, function: 'running_total', file, condition: 'n == 4', maxLines: 5 });
    assert.equal(cut.structured.traces[0].end.kind, 'cut', cut.text);
    const rest = await g.ok('debug_trace', {});
    assert.equal(rest.structured.traces[0].end.value, '35', rest.text);
    await g.ok('debug_stop');
  });
});

describe('debug_trace when the program ends with the traced call (python)', () => {
  const file = join(repoRoot, 'examples', 'python', 'last_call.py');
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('the answer says the program exited after the return line and that no value could be read', async () => {
    const r = await g.ok('debug_trace', { program: file, function: 'restock_plan', file }, TRACE_MS);
    const [t] = r.structured.traces;
    assert.equal(t.end.kind, 'exited', r.text);
    assert.equal(t.end.exitCode, 0, r.text);
    assert.equal(t.end.line, lineOf(file, 'return plan'), r.text);
    assert.match(r.text, /exited with code 0 after line \d+ ran \(no return value could be read/);
    assert.doesNotMatch(r.text, /is running/);
  });
});

describe('debug_trace (node): a Block scope read on every line, the Closure scope only where needed', () => {
  const file = join(repoRoot, 'examples', 'node', 'tally.js');
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test("the loop variable's every change on its line; a closure variable the function changes, on its line; one a call changes, with the lines it may have changed on", async () => {
    const r = await g.ok('debug_trace', { program: file, function: 'tally', file }, TRACE_MS);
    const [t] = r.structured.traces;
    assert.equal(t.end.kind, 'returned', r.text);
    assert.equal(t.end.value, '4', r.text);
    type Change = { name: string; from?: string; to?: string; since?: number };
    const changes = (t.events as { line: number; changed: Change[] }[]).flatMap((e) => e.changed.map((c) => ({ line: e.line, ...c })));
    const loopLine = lineOf(file, 'for (let i = 0');
    // i (a Block scope: one per iteration; js-debug shows it undefined before its declaration ran: not a value) is 0, then goes 0 -> 1 -> 2 on the loop line
    assert.deepEqual(changes.filter((c) => c.name === 'i' && c.to !== undefined).map((c) => [c.line, c.from, c.to]), [[loopLine, undefined, '0'], [loopLine, '0', '1'], [loopLine, '1', '2']], r.text);
    // seen (Closure) changes on the line that increments it, exactly there
    const seenLine = lineOf(file, 'seen++;');
    assert.deepEqual(changes.filter((c) => c.name === 'seen').map((c) => [c.line, c.from, c.to, c.since]), [[seenLine, '0', '1', undefined], [seenLine, '1', '2', undefined]], r.text);
    // hits (Closure) changes inside bump(): reported once, with the line after which a call changed it
    const hits = changes.filter((c) => c.name === 'hits');
    assert.equal(hits.length, 1, r.text);
    assert.deepEqual([hits[0]!.from, hits[0]!.to, hits[0]!.since], ['0', '1', lineOf(file, 'if (v > 2) bump();')], r.text);
    assert.match(r.text, /hits: 0 -> 1 \(by a call, after line \d+ started\)/, r.text);
    assert.match(r.text, new RegExp(`${seenLine} \\| seen\\+\\+;\\s+seen: 1 -> 2`), r.text);
    await g.ok('debug_stop');
  });

  test('a function named without its file is found in the launched program (js-debug has no function breakpoints), not reported as never called', async () => {
    const r = await g.ok('debug_trace', { program: file, function: 'tally' }, TRACE_MS);
    assert.equal(r.structured.traces.length, 1, r.text);
    assert.equal(r.structured.traces[0].end.value, '4', r.text);
    await g.ok('debug_stop');
    const other = await g.call('debug_trace', { program: file, function: 'notDefinedHere' }, TRACE_MS);
    assert.ok(other.isError, other.text);
    assert.match(other.text, /no definition of 'notDefinedHere' found in .*tally\.js/, other.text);
  });
});
