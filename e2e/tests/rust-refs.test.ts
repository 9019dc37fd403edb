import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * A reference to a Vec, a map, a String or a slice (a parameter `xs: &Vec<i32>`, a struct's field
 * `names: &Vec<String>`) reads as the value it points to, as the value itself does: its size and,
 * a level down, its items, never the Vec's raw fields (buf, inner, ptr, cap, len) nor a size
 * counted from those (`size=2` for a Vec of 3).
 */
describe('rust references to Vec, HashMap, String and slices read as their values (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-refs-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-refs'), dir, { recursive: true, filter: (p) => !p.includes('target') });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('locals, depth 2 and a path show the items a reference points to', async () => {
    const line = lineOf(main, 'println!("{} {} {} {} {} {}", title');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line }] }, 300_000);
    const l = r.structured.locals;
    assert.equal(r.structured.optimized, undefined, `a debug build is not said to be optimized: ${r.text}`);
    assert.match(l.xs, /^0x[0-9a-f]+ size=3$/, `a Vec of 3 through a reference: ${r.text}`);
    assert.match(l.nested, /^0x[0-9a-f]+ size=2$/, r.text);
    assert.match(l.index, /^0x[0-9a-f]+ size=1$/, r.text);
    assert.match(l.title, /^0x[0-9a-f]+ "weights"$/, r.text);
    const v = await g.ok('debug_variables', { depth: 2 });
    assert.match(v.text, /\n {2}xs = 0x[0-9a-f]+ size=3 \([^)]*\)\n {4}\[0\] = 3 \(i32\)\n {4}\[1\] = 5 \(i32\)\n {4}\[2\] = 7 \(i32\)\n/, v.text);
    assert.match(v.text, /\n {4}names = 0x[0-9a-f]+ size=2 \([^)]*\)\n {6}\[0\] = "ann" [^\n]*\n {6}\[1\] = "bo" /, `a struct's field holding &Vec<String>: ${v.text}`);
    assert.match(v.text, /\n {2}nested = 0x[0-9a-f]+ size=2 \([^)]*\)\n {4}\[0\] = size=2 [^\n]*\n {6}\[0\] = 1 [^\n]*\n {6}\[1\] = 2 [^\n]*\n {4}\[1\] = size=1 /, v.text);
    assert.match(v.text, /\n {2}index = 0x[0-9a-f]+ size=1 \([^)]*\)\n {4}\[0\] = /, v.text);
    assert.match(v.text, /\n {2}title = 0x[0-9a-f]+ "weights" \([^)]*\)\n {2}tail = /, `a String's text is the whole story, not its bytes: ${v.text}`);
    assert.doesNotMatch(v.text, /\b(buf|inner|_marker|cap|len|base|table) = /, `no raw fields: ${v.text}`);
    const item = await g.ok('debug_variables', { path: 'xs[2]' });
    assert.match(item.text, /^xs\[2\] = 7\b/, item.text);
    const field = await g.ok('debug_variables', { path: 'roster.names', depth: 1 });
    assert.match(field.text, /\n {2}\[1\] = "bo"/, field.text);
    await g.ok('debug_stop');
  });

  test("a trace's values read a reference's size as the value's", async () => {
    const t = await g.ok('debug_trace', { program: main, cwd: dir, function: 'weigh', maxLines: 4 }, 300_000);
    const entry = t.structured.traces[0].entry;
    assert.match(entry.xs, /^0x[0-9a-f]+ size=3$/, t.text);
    assert.match(entry.roster, /names:size=2/, t.text);
    assert.doesNotMatch(t.text, /\b(buf|inner|cap)[:=]/, `no Vec fields: ${t.text}`);
    await g.ok('debug_stop');
  });

  test("a step's stop line names a library frame short, as a trace does; the program's frames in full", async () => {
    const line = lineOf(main, 'acc + x * 2');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line }] }, 300_000);
    assert.match(r.text, /^Session \S+ \(rust main\.rs\) stopped at breakpoint bp\d+, src\/main\.rs:\d+ in rust_refs::weigh::\{\{closure\}\} \[/, r.text);
    // out of the closure: into the std fold that called it
    const s = await g.ok('debug_step', { kind: 'out' });
    const head = s.text.split('\n')[0]!;
    assert.match(head, / stopped at step, \S+\.rs:\d+ in <?[\w ]*Iterator>::fold \[/, s.text);
    assert.doesNotMatch(head, /core::|<T>/, `no crate, module path or generic argument: ${s.text}`);
    assert.match(s.text, /\nNow in a different function \(\S+\.rs:\d+ in <?[\w ]*Iterator>::fold\)/, s.text);
    assert.doesNotMatch(s.text, /above it: [^)]*core::/, s.text);
    // a step in fold: the answer shows weigh's locals (frame 1), and says the change it lists is fold's
    const over = await g.ok('debug_step', { kind: 'over' });
    assert.match(over.text, /^Locals: xs=/m, over.text);
    assert.match(over.text, /^Changed in <?[\w ]*Iterator>::fold \(frame 0; the locals above are frame 1's\): (acc: 0 -> 6|nothing)/m, over.text);
    await g.ok('debug_stop');
  });
});
