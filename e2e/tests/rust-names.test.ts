import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * Names a Rust trace and a stop show (real lldb-dap): a call a line made is named by its last
 * path segments and the type it is a method of, without its crate and module path or generic
 * arguments (`Shelf::total`, `<Shelf as Scaled>::scaled`, `largest`); a parameter that has no
 * name (a pattern `(lo, hi): (i32, i32)`, `_: u8`, a closure's `|(k, v)|`), which lldb-dap lists
 * as `<null>`, is said to be unnamed at a stop, and named by its pattern in a trace (where the
 * signature is read), never shown as if `<null>` were its name nor left out of a call's arguments.
 */
describe('rust names in traces and stops (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-names-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-names'), dir, { recursive: true, filter: (p) => !p.includes('target') });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("a trace of main without its file traces the program's main: not rustc's C main (no source), nor the std code inlined at its first line", async () => {
    const r = await g.ok('debug_trace', { program: dir, cwd: dir, language: 'rust', function: 'main' }, 300_000);
    assert.match(r.text, /^Trace of rust_names::main at src\/main\.rs:52:/, r.text);
    assert.match(r.text, /\| let t = shelf\.total\(\);\s+t = 6/, r.text);
    assert.match(r.text, /^The trace passed over 1 stop\(s\) at 'main' in code without source/m, r.text);
    assert.doesNotMatch(r.text, /<no source>|boxed\.rs/, r.text);
    await g.call('debug_stop');
  });

  test('a reference to a number (an item of xs.iter()) shows the number it points to, not only its address', async () => {
    const ledger = join(repoRoot, 'examples', 'rust');
    const file = join(ledger, 'src', 'main.rs');
    const r = await g.ok('debug_launch', { program: ledger, language: 'rust', breakpoints: [{ file, line: lineOf(file, 'total = acct.post(*amount);') }] }, 300_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.structured.locals.amount, /^0x[0-9a-f]+ 40$/, r.text);
    await g.call('debug_stop');
  });

  test("a trace's calls are named short and unambiguous", async () => {
    const r = await g.ok('debug_trace', { program: main, cwd: dir, file: main, function: 'main', depth: 1 }, 300_000);
    const body = r.text.split('\n').slice(1).join('\n');
    assert.match(body, /\| let t = shelf\.total\(\);.*\bShelf::total\(self=/, r.text);
    assert.match(body, /\| let k = shelf\.scaled\(2\);.*<Shelf as Scaled>::scaled\(self=.*k=2\) -> /, r.text);
    assert.match(body, /\| let big = largest\(.*\blargest\(xs=.*\) -> 9/, r.text);
    assert.match(body, /\n\s+span: returned 7\n/, r.text);
    // an argument without a name is named by its parameter's pattern, not left out (`span() -> 7`)
    assert.match(body, /\| let s = span\(\(3, 10\)\);.*\bspan\(\(lo, hi\)=\(3, 10\)\) -> 7/, r.text);
    assert.match(body, /\| let f = skip_flag\(7, 21\);.*\bskip_flag\(_=7, n=21\) -> 42/, r.text);
    // no crate or module path, no mangling escape, no generic arguments on a callee
    assert.doesNotMatch(body, /rust_names::|_<|largest<|\w<i32>/, r.text);
    const calls = (r.structured.traces[0].events as { calls: { callee: string }[] }[]).flatMap((e) => e.calls.map((c) => c.callee));
    assert.deepEqual(calls, ['Shelf::total', '<Shelf as Scaled>::scaled', 'largest', 'span', 'skip_flag', 'report'], r.text);
    await g.call('debug_stop');
  });

  test('a parameter without a name is said to be unnamed, at a stop and in a trace', async () => {
    const lines = [lineOf(main, '    hi - lo'), lineOf(main, '    n * 2'), lineOf(main, 'sum += v * k.len()')];
    let r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: lines.map((line) => ({ file: main, line })) }, 300_000);
    const seen: { line: number; locals: Record<string, string>; text: string }[] = [];
    for (let i = 0; i < 3 && r.structured.state === 'stopped'; i++) {
      const vars = await g.ok('debug_variables', {});
      seen.push({ line: r.structured.stop.line, locals: r.structured.locals, text: `${r.text}\n${vars.text}` });
      r = await g.ok('debug_continue', { timeoutMs: 60_000 });
    }
    const [span, skip, closure] = seen;
    const all = JSON.stringify(seen, null, 1);
    assert.equal(span?.line, lines[0], all);
    assert.equal(span?.locals['(unnamed)'], '(3, 10)', all);
    assert.equal(span?.locals.lo, '3', all);
    assert.equal(skip?.locals['(unnamed)'], '7', all);
    assert.equal(skip?.locals.n, '21', all);
    assert.equal(closure?.line, lines[2], all);
    assert.ok('(unnamed)' in (closure?.locals ?? {}), all);
    assert.doesNotMatch(all, /<null>/, all);
    await g.call('debug_stop');
    const t = await g.ok('debug_trace', { program: main, cwd: dir, file: main, line: lines[2] }, 300_000);
    // the pattern's &&str reads as its text (it read as an address and its bytes)
    // v is a &i32: what it points to (2) shows, not only an address
    assert.match(t.text, /Locals at start: \(k, v\)=\("ab", (?:0x[0-9a-f]+ )?2\)/, t.text);
    assert.doesNotMatch(t.text, /<null>/, t.text);
    await g.call('debug_stop');
  });
});
