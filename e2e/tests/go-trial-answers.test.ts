// What a new user's trial on spf13/cast (a seeded panic two calls below a generic function; a
// service attached and paused while one handler hangs) found in Go answers, each on a small fixture.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';

const genericPanic = join(repoRoot, 'e2e', 'fixtures', 'go-generic-panic', 'main.go');
const hang = join(repoRoot, 'examples', 'go', 'hang', 'main.go');
const optimizedDir = join(repoRoot, 'e2e', 'fixtures', 'go-optimized');
const optimized = join(optimizedDir, 'main.go');

describe('go answers from the cast trial (real dlv)', () => {
  let g: Gateway;
  let work: string;
  before(async () => {
    g = await Gateway.start();
    work = mkdtempSync(join(tmpdir(), 'dapgate-go-trial-'));
  });
  after(async () => {
    await g?.close();
    rmSync(work, { recursive: true, force: true });
  });

  test('a trace names a generic callee whole, and a panic two calls deeper is placed where it was raised', async () => {
    const r = await g.ok('debug_trace', { program: genericPanic, function: 'convert', file: genericPanic, call: 2, depth: 1 }, 180_000);
    try {
      const raisedLine = lineOf(genericPanic, "if s[0] == '-'");
      // delve names the callee main.parse[go.shape.int]: the call shown is parse[...](...), not a piece of its type argument
      assert.match(r.text, /\bparse\[[^\]]*\]\(s=""\) -> raised/, r.text);
      assert.doesNotMatch(r.text, /(^|\s)int\]\(/m, r.text);
      // the panic started in main.digits (two calls down), not on the line of parse the trace stepped over
      assert.match(r.text, new RegExp(`thrown in \\S*main\\.go:${raisedLine} in main\\.digits\\b`), r.text);
      assert.doesNotMatch(r.text, /thrown in \S+ in main\.parse/, r.text);
      // stopped where the panic starts: the call is still on the stack, not ended
      // in the runtime's code, said so, with the program's frame nearest the top
      assert.match(r.text, /is stopped in library code, runtime\.\(\*_panic\)\.start at \S+:\d+ \(where the panic starts: the call has not ended yet[^)]*\); the program's code nearest the top: main\.digits at \S*main\.go:\d+ \(frame \d+\)/, r.text);
      assert.doesNotMatch(r.text, /\(after the call\)/, r.text);
    } finally {
      await g.call('debug_stop');
    }
  });

  test('a pause counts the threads paused with it as the adapter lists them after the stop', async () => {
    const r = await g.ok('debug_launch', { program: hang }, 120_000);
    try {
      assert.equal(r.structured.state, 'running', r.text);
      const ticking = await eventually(async () => /tick/.test((await g.ok('debug_output', {})).text), 30_000, 200);
      assert.ok(ticking, 'the program started its goroutines');
      const p = await g.ok('debug_pause', { timeoutMs: 20_000 }, 60_000);
      assert.equal(p.structured.state, 'stopped', p.text);
      const threads = await g.ok('debug_threads', { limit: 2_000 });
      const others = (threads.structured.total as number) - 1;
      // hang has main, 3 consumers, 2 updaters and the runtime's own goroutines: all paused with the one shown
      assert.ok(others >= 5, threads.text);
      assert.match(p.text, new RegExp(`\\b${others} other threads are paused with it\\b`), `${p.text}\n---\n${threads.text}`);
    } finally {
      await g.call('debug_stop');
    }
  });

  test('values read in an optimized function (a plain go build) are said to be possibly stale, at a stop and in a trace', async () => {
    const bin = join(work, 'optimized');
    execFileSync('go', ['build', '-o', bin, '.'], { cwd: optimizedDir, stdio: 'pipe', timeout: 180_000 });
    // at trimDecimal's return delve reads s as "2.5" where the program returns "2" (it prints total 3)
    const line = lineOf(optimized, 's = "0"') + 2;
    const r = await g.ok('debug_launch', { program: bin, language: 'go', mode: 'exec', args: ['1', '2.5'], breakpoints: [{ file: optimized, line }] }, 120_000);
    try {
      assert.equal(r.structured.stop?.line, line, r.text);
      assert.match(r.text, /^Locals \(an optimized function: delve may show stale values/m, r.text);
      assert.equal(r.structured.optimized, true, r.text);
      // delve's own line for its terminal client is not the program's output
      const out = await g.ok('debug_output', {});
      assert.doesNotMatch(out.text, /dlv help/, out.text);
    } finally {
      await g.call('debug_stop');
    }
    const t = await g.ok('debug_trace', { program: bin, language: 'go', mode: 'exec', args: ['1', '2.5'], function: 'trimDecimal', file: optimized, call: 2 }, 120_000);
    try {
      assert.match(t.text, /^Warning: main\.trimDecimal is an optimized function: the debugger may read stale values in it/m, t.text);
      assert.equal(t.structured.traces[0].optimized, true, t.text);
      // a value it read there is never stated bare
      assert.doesNotMatch(t.text, /^Returned "[^"]*"(?: \(delve reports no return values: the return expression, evaluated on its line before it ran\))?\.$/m, t.text);
      // a value delve could not read there (its `(unreadable …)`) is said so, and is no change from or to one
      assert.doesNotMatch(t.text, /\(unreadable (?!here)|unreadable[^;\n]* -> /, t.text);
      assert.match(t.text, /\bmatches: \(unreadable here: [^)]+\)/, t.text);
    } finally {
      await g.call('debug_stop');
    }
  });
});
