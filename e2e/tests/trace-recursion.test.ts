import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * A recursive function's call that returns into a frame of the same name one level up: only the
 * stack's depth tells the two frames apart. Rust (lldb-dap) traces read one stack frame per stop
 * (profile trace.stopFrames), so the depth must still come out exact.
 */
const file = join(repoRoot, 'examples', 'rust', 'src', 'bin', 'recurse.rs');
const TRACE_MS = 240_000;

describe('debug_trace of a recursive call (rust, real adapter)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('call 2 (sum_to(2)) runs its own lines and returns 3 into sum_to(3), which is not traced on', async () => {
    const r = await g.ok('debug_trace', { program: file, file, function: 'sum_to', call: 2 }, TRACE_MS);
    const [t] = r.structured.traces;
    assert.match(JSON.stringify(t.entry), /n=2\b|"n":"2"/, r.text);
    assert.equal(t.end.kind, 'returned', r.text);
    assert.equal(t.end.value, '3', r.text);
    const lines = (t.events as { line: number }[]).map((e) => e.line);
    const own = [lineOf(file, 'if n == 0'), lineOf(file, 'let rest = sum_to'), lineOf(file, 'n + rest')];
    // its lines once each, in order (the caller's `n + rest` with n=3 would be a second one)
    assert.deepEqual(lines.filter((l) => own.includes(l)), own, r.text);
    assert.doesNotMatch(r.text, /\b6\b.*returned|Returned 6/, r.text);
    // stopped in sum_to(3) on the line that called it; the stack read whole again (main below it)
    const stack = await g.ok('debug_stack', {});
    assert.match(stack.text, new RegExp(`#0 \\S*sum_to at recurse\\.rs:${own[1]}\\n#1 \\S*main at`), stack.text);
    await g.ok('debug_stop');
  });
});
