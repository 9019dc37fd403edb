import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

// Locals read before the program sets them hold junk: the answer says they cannot be read (or are
// not set yet), comes back in bounded time, and the session answers the next request.
const rustProject = join(repoRoot, 'e2e', 'fixtures', 'unset', 'rust');
const rustMain = join(rustProject, 'src', 'main.rs');

describe('locals not set yet (real adapters)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('rust (lldb-dap): a String and a Vec declared but not set read as unreadable, bounded; the session stays usable', async () => {
    const r = await g.ok('debug_launch', { program: rustProject, breakpoints: [{ file: rustMain, line: lineOf(rustMain, '// BEFORE') }] }, 300_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.structured.locals.s, /unreadable/, `the junk String is said to be unreadable: ${r.text}`);
    assert.match(r.structured.locals.v, /unreadable/, `the junk Vec (its length is junk) is said to be unreadable: ${r.text}`);
    assert.doesNotMatch(r.text, /size=4294967295/, r.text);
    const all = await g.ok('debug_variables', { depth: 2 }, 60_000);
    assert.match(all.text, /\n {2}s = [^\n]*unreadable/, all.text);
    assert.match(all.text, /\n {2}v = [^\n]*unreadable/, all.text);
    const v = await g.ok('debug_variables', { path: 'v', depth: 1 }, 60_000);
    assert.match(v.text, /unreadable/, v.text);
    const s = await g.ok('debug_variables', { path: 's', depth: 1 }, 60_000);
    assert.match(s.text, /unreadable/, s.text);
    await g.call('debug_evaluate', { expression: 'v' }, 60_000);
    const n = await g.ok('debug_evaluate', { expression: 'n * 10' }, 60_000);
    assert.equal(n.structured.result, '0', `the session still answers: ${n.text}`);
    // once set, they read as values again (nothing real is called unreadable)
    const set = await g.ok('debug_run_to', { file: rustMain, line: lineOf(rustMain, '// AFTER'), timeoutMs: 30_000 }, 60_000);
    assert.equal(set.structured.locals.s, '"hello, world"', set.text);
    assert.doesNotMatch(set.structured.locals.v, /unreadable/, set.text);
    const vs = await g.ok('debug_variables', { path: 'v', depth: 1 }, 60_000);
    assert.match(vs.text, /\[2\] = 3/, vs.text);
    await g.ok('debug_stop', {});
  });
});
