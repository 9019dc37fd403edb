// What a new user's trial on spf13/cast (a seeded panic two calls below a generic function; a
// service attached and paused while one handler hangs) found in Go answers, each on a small fixture.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';

const genericPanic = join(repoRoot, 'e2e', 'fixtures', 'go-generic-panic', 'main.go');
const hang = join(repoRoot, 'examples', 'go', 'hang', 'main.go');

describe('go answers from the cast trial (real dlv)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a trace names a generic callee whole, and a panic two calls deeper is placed where it was raised', async () => {
    const r = await g.ok('debug_trace', { program: genericPanic, function: 'convert', file: genericPanic, call: 2, depth: 1 }, 180_000);
    try {
      const raisedLine = lineOf(genericPanic, "if s[0] == '-'");
      // delve names the callee main.parse[go.shape.int]: the call shown is parse[...](...), not a piece of its type argument
      assert.match(r.text, /\bparse\[[^\]]*\]\(s=""\) -> raised/, r.text);
      assert.doesNotMatch(r.text, /(^|\s)int\]\(/m, r.text);
      // the panic started in main.digits (two calls down), not on the line of parse the trace stepped over
      assert.match(r.text, new RegExp(`thrown in main\\.digits:${raisedLine}\\b`), r.text);
      assert.doesNotMatch(r.text, /thrown in main\.parse/, r.text);
      // stopped where the panic starts: the call is still on the stack, not ended
      assert.match(r.text, /is stopped at runtime\.\(\*_panic\)\.start:\d+ \(where the panic starts: the call has not ended yet/, r.text);
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
});
