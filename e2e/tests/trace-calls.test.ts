import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * examples/<lang>/search: first_negative's first statement is a loop head (a line breakpoint there
 * hits on every pass), called with [3, 1, -2, 5], then [-7, 2], then [4]; each pass calls
 * is_negative, defined in another file (checks.*). `second`, `third`: how the adapter shows [-7, 2] and [4].
 */
const languages = [
  { id: 'rust', file: join(repoRoot, 'examples', 'rust', 'src', 'bin', 'search', 'main.rs'), checks: 'checks.rs', fn: 'first_negative', callee: 'let negative = v < 0;', second: /^size=2$/, third: /^size=1$/ },
  { id: 'go', file: join(repoRoot, 'examples', 'go', 'search', 'main.go'), checks: 'checks.go', fn: 'firstNegative', callee: 'negative := v < 0', second: /len: 2, cap: 2, \[-7,2\]/, third: /len: 1, cap: 1, \[4\]/ },
  { id: 'python', file: join(repoRoot, 'examples', 'python', 'search', 'main.py'), checks: 'checks.py', fn: 'first_negative', callee: 'negative = v < 0', second: /^\[-7, 2\]$/, third: /^\[4\]$/ },
];
const TRACE_MS = 240_000;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

for (const lang of languages) {
  describe(`debug_trace calls and what they ran (${lang.id}, real adapter)`, () => {
    let g: Gateway;
    before(async () => {
      g = await Gateway.start();
    });
    after(async () => {
      await g?.close();
    });
    const trace = (args: Record<string, unknown>) => g.ok('debug_trace', { program: lang.file, file: lang.file, function: lang.fn, ...args }, TRACE_MS);

    test('call 2 is the second entry into the function, not a second pass of its first loop', async () => {
      const r = await trace({ call: 2 });
      const [t] = r.structured.traces;
      assert.match(t.entry.values, lang.second, r.text);
      assert.equal(t.end.kind, 'returned', r.text);
      assert.equal(t.end.value, '0', r.text);
      await g.ok('debug_stop');
      // and the third: the count goes on by calls
      const third = await trace({ call: 3 });
      assert.match(third.structured.traces[0].entry.values, lang.third, third.text);
      await g.ok('debug_stop');
    });

    test('calls: 2 compares the first two calls, each traced from its entry', async () => {
      const r = await trace({ calls: 2 });
      const traces = r.structured.traces as { entry: Record<string, string>; end: { value?: string } }[];
      assert.deepEqual(traces.map((t) => t.end.value), ['2', '0'], r.text);
      assert.match(traces[1]!.entry.values!, lang.second, r.text);
      await g.ok('debug_stop');
    });

    test('a callee in another file: its lines with their text and file; whole source lines; no line 0', async () => {
      const r = await trace({ depth: 1 });
      const [t] = r.structured.traces;
      assert.equal(t.end.value, '2', r.text);
      // the callee's trace names its file, and each of its lines shows its text
      assert.match(r.text, new RegExp(`is_?[nN]egative.*\\(${escape(lang.checks)}\\)`), r.text);
      assert.match(r.text, new RegExp(`${lineOf(join(lang.file, '..', lang.checks), lang.callee)} \\| ${escape(lang.callee)}`), r.text);
      assert.doesNotMatch(r.text, /^\s*\d+ \|\s*$/m, `no executed line without its text: ${r.text}`);
      // a new pass of the loop that is the function's first statement is no sign of a next call
      assert.doesNotMatch(r.text, /may be the next call/, r.text);
      // the whole line, its comment too: nothing cut out of the code column
      assert.match(r.text, /\| .*is_?[nN]egative\(values\[i\]\).*# the first value below zero ends the search|\| .*is_?[nN]egative\(values\[i\]\).*\/\/ the first value below zero ends the search/, r.text);
      // structured: the top trace's lines are `events`, a callee's trace keeps `lines`
      type Event = { line: number; calls: { trace?: { lines: Event[] } }[] };
      const lines = (events: Event[]): number[] => events.flatMap((e) => [e.line, ...e.calls.flatMap((c) => (c.trace ? lines(c.trace.lines) : []))]);
      const all = lines(t.events);
      assert.ok(all.length > t.events.length, `the callee's lines are there: ${r.text}`);
      assert.ok(!all.includes(0), `no line 0 (no line information) shown as a line: ${r.text}`);
      await g.ok('debug_stop');
    });
  });
}

describe('debug_trace: how a call ended, where the adapter reports no return values (go)', () => {
  const file = join(repoRoot, 'examples', 'go', 'visit', 'main.go');
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });
  const trace = (args: Record<string, unknown>) => g.ok('debug_trace', { program: file, file, ...args }, TRACE_MS);

  test('a function without a result: "no value", not "value unknown" beside the closure it called, whose value is shown', async () => {
    const r = await trace({ function: 'visit', depth: 1 });
    const [t] = r.structured.traces;
    assert.equal(t.end.kind, 'returned', r.text);
    assert.equal(t.end.noValue, true, r.text);
    assert.match(r.text, /Returned, with no value/, r.text);
    assert.match(r.text, /func1.*: returned true/, r.text);
    assert.doesNotMatch(r.text, /value unknown|does not report return values/, r.text);
    await g.ok('debug_stop');
  });

  test('a return expression that is one call, traced: its value; not traced: unknown, saying why', async () => {
    const deep = await trace({ function: 'firstIsEven', depth: 1 });
    assert.equal(deep.structured.traces[0].end.value, 'true', deep.text);
    assert.match(deep.text, /isEven\(v=6\) -> true/, deep.text);
    assert.doesNotMatch(deep.text, /value unknown/, deep.text);
    await g.ok('debug_stop');
    const flat = await trace({ function: 'firstIsEven' });
    const [t] = flat.structured.traces;
    assert.equal(t.end.value, undefined, flat.text);
    assert.match(flat.text, new RegExp(`value unknown \\(delve reports no return values, and the return statement on line ${lineOf(file, 'return isEven(values[0])')} was not evaluated again`), flat.text);
    await g.ok('debug_stop');
  });
});
