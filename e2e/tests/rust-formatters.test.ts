import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A summary lldb-dap builds from a value's children, as a regexp source: whole, or cut short with
 * `...` after any of its parts, as lldb-dap cuts it when 10 ms have passed (a loaded machine).
 */
function auto(full: string): string {
  const parts = full.slice(1, -1).split(', ');
  const cuts = parts.map((_, i) => [...parts.slice(0, i), '...'].join(', '));
  return `\\{(?:${[parts.join(', '), ...cuts].map(escape).join('|')})\\}`;
}

/**
 * Each kind of Rust value the toolchain's formatters read, as dapgate shows it, with fewer Python
 * calls per stop (issue 21: only the types whose display the toolchain's providers change go
 * through Python; sizes read by lldb summary strings). And a trace reports a value as changed only
 * when it changed: lldb-dap cuts a value's summary built from its children after 10 ms, which the
 * Python calls for each struct reached under load, so the same `p` read `{x:3, ...}` on one line and
 * `{x:3, y:-4}` on the next and the trace showed it changing.
 */
describe('rust values through the formatters (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-shapes-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-shapes'), dir, { recursive: true, filter: (p) => !p.includes('target') });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('structs, tuples, enums, references, slices and collections read as before', async () => {
    const line = lineOf(main, 'println!("{:?} {:?} {:?}');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line }] }, 300_000);
    const l = r.structured.locals as Record<string, string>;
    const at = '0x[0-9a-f]+ ';
    const expected: Record<string, string | RegExp> = {
      p: new RegExp(`^${at}${auto('{x:3, y:-4}')}$`),
      line: new RegExp(`^${at}${auto('{from:{...}, to:{...}, label:"diag"}')}$`),
      shapes: 'size=3',
      nums: 'size=4',
      span: new RegExp(`^${auto('{start:2, end:5}')}$`),
      pair: '(7, -2)',
      meters: new RegExp(`^${auto('{0:1.5}')}$`),
      copy: new RegExp(`^${auto('{x:3, y:-4}')}$`),
      boxed: new RegExp(`^${at}${auto('{x:9, y:10}')}$`),
      opt: 'Some({x:1, y:2})',
      rect: /^0x[0-9a-f]+ Rect\{w:3, h:4\}$/,
      v: 'size=3',
      dq: 'size=2',
      map: 'size=1',
      name: '"hex"',
      n: '21',
    };
    for (const [name, want] of Object.entries(expected)) {
      if (typeof want === 'string') assert.equal(l[name], want, `${name}: ${r.text}`);
      else assert.match(l[name] ?? '', want, `${name}: ${r.text}`);
    }
    assert.match(l.unit ?? '', /Unit/, r.text);
    const v = await g.ok('debug_variables', { depth: 2 });
    for (const shown of [
      /\n {4}\[1\] = Rect\{w:3, h:4\} \(rust_shapes::Shape\)\n {6}w = 3 \(u32\)\n {6}h = 4 \(u32\)\n/,
      /\n {4}\[0\] = Circle\(2\) \(rust_shapes::Shape\)\n {6}0 = 2 \(u32\)\n/,
      /\n {4}\[2\] = Empty \(rust_shapes::Shape\)\n/,
      /\n {4}\[0\] = 2 \(i64\/isize\)\n/,
      new RegExp(`\\n {4}from = ${auto('{x:0, y:0}')} \\(rust_shapes::Point\\)\\n {6}x = 0 \\(i32\\)\\n`),
      /\n {4}label = "diag" \(&str\)\n/,
      /\n {4}\[0\] = \("a", 1\) \(\(&str, i32\)\)\n {6}0 = "a" \(&str\)\n {6}1 = 1 \(i32\)\n/,
      /\n {2}rect = 0x[0-9a-f]+ Rect\{w:3, h:4\} \(rust_shapes::Shape \*\)\n {4}w = 3 \(u32\)\n {4}h = 4 \(u32\)\n/,
      /\n {2}opt = Some\(\{x:1, y:2\}\) \(core::option::Option<rust_shapes::Point>\)\n {4}0 = [^\n]* \(rust_shapes::Point\)\n {6}x = 1 \(i32\)\n/,
      new RegExp(`\\n {2}meters = ${auto('{0:1.5}')} \\(rust_shapes::Meters\\)\\n {4}0 = 1\\.5 \\(f64\\)\\n`),
      /\n {2}v = size=3 \(alloc::vec::Vec<u32, alloc::alloc::Global>\)\n {4}\[0\] = 10 \(u32\)\n/,
      /\n {2}boxed = 0x[0-9a-f]+ [^\n]* \(rust_shapes::Point \*\)\n {4}x = 9 \(i32\)\n {4}y = 10 \(i32\)\n/,
      /\n {2}span = [^\n]* \(core::ops::range::Range<u64\/usize>\)\n {4}start = 2 \(u64\/usize\)\n {4}end = 5 \(u64\/usize\)\n/,
    ]) {
      assert.match(v.text, shown, v.text);
    }
    assert.doesNotMatch(v.text, /\$variants?\$|\$discr\$|data_ptr|<error/, v.text);
    await g.ok('debug_stop');
  });

  test('a trace shows no change for a value its lines do not write', async () => {
    const t = await g.ok('debug_trace', { program: main, cwd: dir, function: 'show', maxLines: 30 }, 300_000);
    const trace = t.structured.traces[0];
    const first = lineOf(main, 'let pair = (7u8, -2i16);');
    const last = lineOf(main, 'println!("{:?} {:?} {:?}');
    assert.match(trace.entry.p ?? '', new RegExp(`^0x[0-9a-f]+ ${auto('{x:3, y:-4}')}$`), t.text);
    const events = (trace.events as { line: number; changed: { name: string; from?: string; to?: string }[] }[]).filter((e) => e.line >= first && e.line <= last);
    assert.ok(events.length >= 10, t.text);
    // none of these is written in show's body. A change shown for one was a misread: the Python
    // provider's value read as `core::ops::range::Range<...> @ 0x...` at one stop and `{start:2,
    // end:5}` at the next, or lldb-dap's own 10 ms cut of a summary built from children (`{x:9,
    // ...}` at one stop, `{x:9, y:10}` at the next), now told from the value's children.
    const unwritten = new Set(['p', 'line', 'span', 'copy', 'shapes', 'boxed', 'meters', 'pair']);
    for (const e of events) {
      for (const c of e.changed) {
        if (!unwritten.has(c.name) || c.from === undefined || c.to === undefined) continue;
        assert.fail(`${c.name} shown changing (${c.from} -> ${c.to}) on line ${e.line}, which does not write it:\n${t.text}`);
      }
    }
    assert.match(t.text, new RegExp(`\\b${lineOf(main, 'let mut map')} \\|.*map = size=0`), t.text);
    assert.match(t.text, new RegExp(`\\b${lineOf(main, 'map.insert("a", 1);')} \\|.*map: size=0 -> size=1`), t.text);
    await g.ok('debug_stop');
  });
});
