import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * debug_trace of a function the adapter never bound (a Rust generic: lldb finds no function of its
 * bare name, as hex's decode_to_slice in the trial): the program runs on and stops elsewhere (here
 * at the panic of a failed assert). The answer says the trace's breakpoint never bound and how to
 * name the function instead, not that the program stopped "before a call" of a function it did
 * call; and a stop at the panic is named a panic, not "a breakpoint".
 */
describe('debug_trace whose entry never bound (rust, real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-generic-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-generic'), dir, { recursive: true });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the answer says the entry never bound, and names the panic it stopped at', async () => {
    const start = lineOf(main, 'let words = ["a", "bb"];');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line: start }] }, 300_000);
    assert.equal(r.structured.stop?.line, start, r.text);
    const t = await g.ok('debug_trace', { sessionId: r.structured.sessionId, function: 'lengths' }, 120_000);
    assert.equal(t.structured.traces.length, 0, t.text);
    assert.doesNotMatch(t.text, /before a call of 'lengths'/, `lengths was called: ${t.text}`);
    assert.match(t.text, /never bound the breakpoint for 'lengths'/, t.text);
    assert.match(t.text, /pass file/, t.text);
    assert.match(t.text, /stopped at a panic/, t.text);
    await g.ok('debug_stop');

    // named with its file, the same function is traced
    const byFile = await g.ok('debug_trace', { program: main, cwd: dir, function: 'lengths', file: main }, 300_000);
    assert.equal(byFile.structured.traces.length, 1, byFile.text);
    await g.ok('debug_stop');
  });
});
