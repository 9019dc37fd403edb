import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * A value lldb cannot read at a later line (a parameter of an optimized function once a call
 * reused its register: `<error: variable not available>`, `<error: could not evaluate
 * DW_OP_entry_value …>`) is no change of it: a trace says it could not be read there, a step
 * lists it apart from what changed, and debug_variables says it is unreadable, never expanding
 * the adapter's error into children.
 */
describe('rust values lldb cannot read in an optimized function (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-optimized-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-optimized'), dir, { recursive: true, filter: (p) => !p.includes('target') });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a trace says a parameter could not be read after a call, and counts no change', async () => {
    const first = lineOf(main, 'let first = weigh(xs.len());');
    const t = await g.ok('debug_trace', { program: main, cwd: dir, file: main, function: 'total' }, 300_000);
    const trace = t.structured.traces[0];
    assert.equal(trace.entry.xs, 'size=3', `readable where the call starts: ${t.text}`);
    const events = trace.events as { line: number; changed: { name: string; from?: string; to?: string; unreadable?: string }[] }[];
    const xs = events.flatMap((e) => e.changed.filter((c) => c.name === 'xs').map((c) => ({ line: e.line, ...c })));
    assert.deepEqual(xs.map((c) => [c.line, c.unreadable, c.to]), [[first, 'here', undefined]], t.text);
    assert.match(t.text, new RegExp(`\\b${first} \\|.*\\bxs: \\(unreadable here: [^)]+\\)`), t.text);
    // never shown as a value or as a change to one
    assert.doesNotMatch(t.text, /<error:|xs: size=3 ->/, t.text);
    await g.ok('debug_stop');
  });

  test("a step lists what it could not read apart from what changed; debug_variables says it is unreadable", async () => {
    const first = lineOf(main, 'let first = weigh(xs.len());');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line: first }] }, 300_000);
    assert.equal(r.structured.locals.xs, 'size=3', r.text);
    const s = await g.ok('debug_step', { kind: 'over' });
    assert.equal(s.structured.stop?.line, first + 1, s.text);
    const changed = s.text.split('\n').find((l) => l.startsWith('Changed:')) ?? '';
    assert.match(changed, /\bfirst: \(new\) 9\b/, s.text);
    assert.doesNotMatch(changed, /\bxs\b/, `no change of xs is known: ${s.text}`);
    assert.equal(s.structured.changed?.xs, undefined, s.text);
    assert.match(s.text, /\nCould not be read here \(no change known\): xs <unreadable: [^>]+>/, s.text);
    assert.match(s.structured.locals.xs, /^<unreadable: /, s.text);
    const v = await g.ok('debug_variables', {});
    assert.match(v.text, /\n {2}xs = <unreadable: [^>]+> \(&\[usize\]\)\n {2}k = 4 /, `said unreadable, not expanded into the adapter's errors: ${v.text}`);
    assert.doesNotMatch(v.text, /<error:|parent failed/, v.text);
    await g.ok('debug_stop');
  });

  test('a function cargo built optimized is flagged (lldb cannot tell), and a local lldb stops listing is not gone', async () => {
    const first = lineOf(main, 'let a = weigh(n);');
    const last = lineOf(main, '    d + 1');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line: first }, { file: main, line: last }] }, 300_000);
    assert.equal(r.structured.optimized, true, r.text);
    assert.match(r.text, /\nLocals \(an optimized function: lldb-dap may show stale values/, r.text);
    const at = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.equal(at.structured.stop?.line, last, at.text);
    const s = await g.ok('debug_step', { kind: 'over' });
    assert.equal(s.structured.stop?.line, last + 1, s.text);
    assert.doesNotMatch(s.text, /\(gone\)/, `still in scope, only not listed: ${s.text}`);
    assert.match(s.text, /\nCould not be read here \(no change known\): .*\bd <unreadable: no longer readable, not listed in this optimized function>/, s.text);
    await g.ok('debug_stop');
    const t = await g.ok('debug_trace', { program: main, cwd: dir, file: main, function: 'spread' }, 300_000);
    assert.equal(t.structured.traces[0].optimized, true, t.text);
    assert.match(t.text, /\nWarning: \S*spread is an optimized function/, t.text);
    assert.doesNotMatch(t.text, /\(gone\)/, t.text);
    assert.match(t.text, new RegExp(`\\b${last} \\|.*\\bd: \\(unreadable here: no longer readable`), t.text);
    await g.ok('debug_stop');
  });

  test('debug_test of a test cargo builds optimized flags the function too', async () => {
    const first = lineOf(main, 'let a = weigh(n);');
    const r = await g.ok('debug_test', { test: 'tests::spreads', cwd: dir, breakpoints: [{ file: main, line: first }] }, 600_000);
    assert.equal(r.structured.stop?.line, first, r.text);
    assert.equal(r.structured.optimized, true, r.text);
    await g.ok('debug_stop');
  });
});
