import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * A Rust char reads once, as a Rust literal: not lldb's code point and C++ literal side by side
 * (`U+0x00000072 U+0x00000072 U'r'`), in locals, evaluations, members and traces; an array of
 * chars reads as its own items, not as a C string that runs past its end.
 */
describe('rust chars as Rust literals (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-chars-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-locals'), dir, { recursive: true, filter: (p) => !p.includes('target') });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a char local, a char in a tuple, an array of chars, an evaluation and a trace show each char once as a literal', async () => {
    const line = lineOf(main, 'let upper = letter.to_ascii_uppercase();');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line }] }, 300_000);
    const l = r.structured.locals;
    assert.equal(l.letter, "'r'", r.text);
    assert.equal(l.marks, "['\\'', '\\n', 'é']", r.text);
    assert.match(l.pair, /^\('r', 7\)$/, r.text);
    assert.doesNotMatch(r.text, /U\+0x|U'/, r.text);
    const e = await g.ok('debug_evaluate', { expression: 'letter' });
    assert.equal(e.structured.result, "'r'", e.text);
    assert.equal(e.structured.type, 'char', `the type in Rust's words, as variables name it: ${e.text}`);
    assert.doesNotMatch(e.text, /char32_t/, e.text);
    const p = await g.ok('debug_variables', { path: 'pair', depth: 1 });
    assert.match(p.text, /\n {2}0 = 'r' /, p.text);
    await g.ok('debug_stop');
    const t = await g.ok('debug_trace', { program: main, cwd: dir, function: 'initial' }, 300_000);
    assert.match(t.text, new RegExp(`\\b${lineOf(main, 'let letter: char')} \\|.*letter = 'r'`), t.text);
    assert.doesNotMatch(t.text, /U\+0x|U'/, t.text);
    await g.call('debug_stop');
  });
});
