import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

// Locals read before the program sets them hold junk: the answer says they cannot be read (or are
// not set yet), comes back in bounded time, and the session answers the next request.
const rustProject = join(repoRoot, 'e2e', 'fixtures', 'unset', 'rust');
const rustMain = join(rustProject, 'src', 'main.rs');
const goProject = join(repoRoot, 'e2e', 'fixtures', 'unset', 'go');
const goMain = join(goProject, 'main.go');

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
    const ev = await g.ok('debug_evaluate', { expression: 'v' }, 60_000);
    assert.match(ev.text, /^v = <unreadable/, `an evaluate result holding junk is said to be unreadable too: ${ev.text}`);
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

  test('go (delve): locals declared further down are not listed at a stop above them (delve leaves them out)', async () => {
    const r = await g.ok('debug_launch', { program: goProject, breakpoints: [{ file: goMain, line: lineOf(goMain, '// BEFORE') }] }, 300_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.deepEqual(Object.keys(r.structured.locals), ['n'], `only what is set is shown (no ~r0/~r1 result slots, no s, v or name yet): ${r.text}`);
    const set = await g.ok('debug_run_to', { file: goMain, line: lineOf(goMain, '// AFTER'), timeoutMs: 30_000 }, 60_000);
    assert.equal(set.structured.locals.s, '"hello, world"', set.text);
    assert.match(set.structured.locals.v, /^\[\]uint64 len: 3, cap: 3/, set.text);
    await g.ok('debug_stop', {});
  });

  test('go (delve): a slice whose header is junk (a length of 2^40, a pointer to nowhere) is said to be unreadable, bounded', async () => {
    const r = await g.ok('debug_launch', { program: goProject, args: ['junk'], breakpoints: [{ file: goMain, line: lineOf(goMain, '// JUNK') }] }, 300_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.structured.locals.slice, /^<unreadable/, `the junk slice is not shown as data: ${r.text}`);
    assert.match(r.structured.locals.text, /unreadable/, r.text);
    assert.equal(r.structured.locals.ok, '7', r.text);
    // pointing into readable memory, with a length longer than the capacity / than memory can hold
    assert.match(r.structured.locals.wild, /^<unreadable: says 69970680256920 items/, r.text);
    assert.match(r.structured.locals.vast, /^<unreadable: says 1125899906842624 items/, r.text);
    assert.match((await g.ok('debug_evaluate', { expression: 'wild' })).text, /^wild = <unreadable/);
    const v = await g.ok('debug_variables', { path: 'slice', depth: 1 }, 60_000);
    assert.match(v.text, /^slice = <unreadable/, v.text);
    assert.doesNotMatch(v.text, /name a path such as/, `no hint to read items that cannot be read: ${v.text}`);
    const e = await g.ok('debug_evaluate', { expression: 'slice' }, 60_000);
    assert.match(e.text, /^slice = <unreadable/, e.text);
    assert.equal((await g.ok('debug_evaluate', { expression: 'ok * 2' })).structured.result, '14');
    await g.ok('debug_stop', {});
  });
});
