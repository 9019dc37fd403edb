import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, repoRoot } from '../support/gateway.js';

const scores = join(repoRoot, 'examples', 'rust', 'src', 'bin', 'scores.rs');

/**
 * A trace of a Rust `main` that panics (a divide by zero) says it raised the panic, not that it
 * returned "after the call" while the program sits in rust_panic; a panic met while stepping past
 * code without lines (lldb's line 0) or out of a deeper stop ends the trace the same way. (`main`
 * is also rustc's C entry, without source: the trace passes over that one.)
 */
describe('rust: a trace whose steps past code without lines meet a panic (real lldb-dap)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('debug_trace of main says it raised the panic, not that it returned', async () => {
    const r = await g.ok('debug_trace', { program: scores, cwd: join(repoRoot, 'examples', 'rust'), function: 'main' }, 300_000);
    assert.doesNotMatch(r.text, /[Rr]eturned/, r.text);
    assert.match(r.text, /raised panic: attempt to divide by zero/, r.text);
    assert.equal(r.structured.traces[0].end.kind, 'raised', r.text);
    await g.call('debug_stop');
  });
});
