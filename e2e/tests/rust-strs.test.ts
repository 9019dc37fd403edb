import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * A Rust &str reads as its text in every shape a program holds one (lldb-dap showed a reference to
 * one, `&&str` or `&mut &str`, as its bytes, `{97, 98}`); and where a trace leaves the session
 * (after a call made through a closure, a function pointer, an iterator adapter, or main called by
 * the runtime) is named as the program's frame when it is one, else as library code with a short
 * name (`FnOnce::call_once`, not `core::ops::function::FnOnce::call_once`) and the program's frame
 * nearest the top.
 */
describe('rust &str shapes and where a trace leaves the session (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-strs-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-strs'), dir, { recursive: true, filter: (p) => !p.includes('target') });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a &str reads as its text: a parameter, a reference to one, a field, a slice, an Option, a tuple', async () => {
    const line = lineOf(main, 'let total = s.len()');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line }] }, 300_000);
    const l = r.structured.locals as Record<string, string>;
    assert.equal(r.structured.stop?.line, line, r.text);
    assert.equal(l.s, '"ab"', r.text);
    assert.match(l.r, /^0x[0-9a-f]+ "ab"$/, `a &&str: ${r.text}`);
    assert.match(l.m, /^0x[0-9a-f]+ "kl"$/, `a &mut &str: ${r.text}`);
    assert.match(l.named, /^0x[0-9a-f]+ \{name:"cd", n:1\}$/, r.text);
    assert.equal(l.maybe, 'Some("hij")', r.text);
    assert.equal(l.deeper, 'Some("ab")', `an Option<&&str>: ${r.text}`);
    assert.match(l.pair, /^0x[0-9a-f]+ \("pq", 3\)$/, r.text);
    assert.equal(l.owned, '{"ab", "ab"}', r.text);
    const v = await g.ok('debug_variables', { depth: 2 });
    assert.match(v.text, /\n {4}\[0\] = "ef" /, v.text);
    assert.match(v.text, /\n {4}0 = 0x[0-9a-f]+ "ab" /, `the &&str inside the Option: ${v.text}`);
    // no shape shows the bytes or expands into them
    assert.doesNotMatch(`${r.text}\n${v.text}`, /\{97, 98\}|\{107, 108\}|data_ptr/, v.text);
    const e = await g.ok('debug_evaluate', { expression: 'r' });
    assert.match(e.text, /^r = 0x[0-9a-f]+ "ab"/, e.text);
    await g.ok('debug_stop');
    const t = await g.ok('debug_trace', { program: main, cwd: dir, file: main, function: 'shapes' }, 300_000);
    assert.match(t.structured.traces[0].entry.r, /^0x[0-9a-f]+ "ab"$/, t.text);
    assert.match(t.text, /\bm: 0x[0-9a-f]+ "ij" -> 0x[0-9a-f]+ "kl"/, t.text);
    assert.doesNotMatch(t.text, /\{97, 98\}/, t.text);
    await g.ok('debug_stop');
  });

  test("where a trace leaves the session: the program's frame, or library code named short with the program's frame below", async () => {
    const at = (text: string) => lineOf(main, text);
    const stopLine = (text: string) => text.split('\n').find((l) => /^Session s\d+ is stopped/.test(l)) ?? text;
    // through a closure: back in the program's closure
    let t = await g.ok('debug_trace', { program: main, cwd: dir, file: main, function: 'double', call: 1 }, 300_000);
    assert.match(stopLine(t.text), new RegExp(`is stopped at src/main\\.rs:${at('let via_closure')} in main::\\{\\{closure\\}\\} \\(after the call\\)`), t.text);
    await g.ok('debug_stop');
    // through a function pointer: back in the program's apply
    t = await g.ok('debug_trace', { program: main, cwd: dir, file: main, function: 'double', call: 2 }, 300_000);
    assert.match(stopLine(t.text), /is stopped at src\/main\.rs:\d+ in apply \(after the call\)/, t.text);
    await g.ok('debug_stop');
    // through an iterator adapter: in library code (the closure shim), the program's main below it
    t = await g.ok('debug_trace', { program: main, cwd: dir, file: main, function: 'double', call: 3 }, 300_000);
    const shim = stopLine(t.text);
    assert.match(shim, /is stopped in library code, Fn(Once|Mut)?::call(_once|_mut)? at \S+function\.rs:\d+ \(after the call\)/, t.text);
    assert.match(shim, new RegExp(`the program's code nearest the top: main at src/main\\.rs:${at('let via_map')} \\(frame \\d+\\)`), t.text);
    assert.doesNotMatch(shim, /core::ops::|rust_strs::/, t.text);
    await g.ok('debug_stop');
    // main, called by the runtime: library code, and no frame of the program is left
    t = await g.ok('debug_trace', { program: main, cwd: dir, file: main, function: 'main' }, 300_000);
    const runtime = stopLine(t.text);
    assert.match(runtime, /is stopped in library code, \S*call_once\S* at \S+:\d+ \(after the call\); no frame of the program's own code/, t.text);
    assert.doesNotMatch(runtime, /core::ops::function::/, t.text);
    await g.ok('debug_stop');
  });
});
