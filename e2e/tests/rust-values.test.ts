import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * Rust values as Rust reads them (the hex trial): an enum behind a reference reads as its variant
 * and fields, as it does by value, not lldb's raw `$variants$`/`$discr$` or a bare address; a `let`
 * local is not shown before its line ran, and an argument it shadows keeps its value.
 */
describe('rust values: enums behind references, let locals (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-values-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-enums'), dir, { recursive: true, filter: (p) => !p.includes('target') });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an enum behind a reference reads as its variant and fields', async () => {
    const line = lineOf(main, 'println!("{:?} {:?} {:?} {:?} {}", r, e, o, p, name);');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line }] }, 300_000);
    const l = r.structured.locals;
    // by reference as by value: the variant and its fields, not a bare address or $variants$
    assert.match(l.r, /^0x[0-9a-f]+ Err\(Invalid\{c:.*'z', index:3\}\)$/, r.text);
    assert.match(l.e, /^0x[0-9a-f]+ Invalid\{c:.*'q', index:7\}$/, r.text);
    assert.equal(l.o, 'Some(Circle(2))', r.text);
    // a reference to a struct or a String reads as before
    assert.match(l.p, /^0x[0-9a-f]+ \{x:4, y:-5\}$/, r.text);
    assert.match(l.name, /^0x[0-9a-f]+ "hex"$/, r.text);
    const v = await g.ok('debug_variables', { depth: 3 });
    assert.doesNotMatch(v.text, /\$variants?\$|\$discr\$/, v.text);
    const e = await g.ok('debug_variables', { path: 'e', depth: 1 });
    assert.match(e.text, /\n {2}c = .*'q'.*\n {2}index = 7 /, `the variant's fields are its children: ${e.text}`);
    await g.ok('debug_stop');
    // a trace's first stop meets the enum through a reference first
    const t = await g.ok('debug_trace', { program: main, cwd: dir, function: 'tally', maxLines: 5 }, 300_000);
    assert.match(t.structured.traces[0].entry.e, /^0x[0-9a-f]+ Invalid\{c:.*'q', index:7\}$/, t.text);
    await g.ok('debug_stop');
  });

  test('a let local is not declared before its line; an argument it shadows keeps its value', async () => {
    const first = lineOf(main, "let limit: u8 = b'\\n';");
    const shadow = lineOf(main, 'let data = &data[1..data.len()];');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line: first }, { file: main, line: shadow + 1 }] }, 300_000);
    assert.equal(r.structured.stop?.line, first, r.text);
    assert.equal(r.structured.locals.limit, `<not declared yet: line ${first}>`, r.text);
    assert.equal(r.structured.locals.data, 'size=3', `the argument, not hidden by the let that shadows it: ${r.text}`);
    const after = await g.ok('debug_continue', { timeoutMs: 30_000 });
    assert.equal(after.structured.stop?.line, shadow + 1, after.text);
    assert.equal(after.structured.locals.limit, '10', after.text);
    const both = Object.entries(after.structured.locals as Record<string, string>).filter(([k]) => k.startsWith('data'));
    assert.deepEqual(both.map(([, v]) => v).sort(), ['size=2', 'size=3'], after.text);
    await g.ok('debug_stop');
    const t = await g.ok('debug_trace', { program: main, cwd: dir, function: 'checksum' }, 300_000);
    const entry = t.structured.traces[0].entry;
    assert.equal(entry.data, 'size=3', t.text);
    assert.equal(entry.limit, undefined, `no slot leftover for limit at the start: ${t.text}`);
    assert.match(t.text, new RegExp(`\\b${first} \\|.*limit = 10`), t.text);
    await g.ok('debug_stop');
  });
});
