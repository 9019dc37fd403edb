import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

type Change = { name: string; from?: string; to?: string; unsure?: boolean };

/**
 * lldb-dap builds a struct's summary from its first children and cuts it with `...` (past 32
 * characters here, deterministically; after 10 ms on a loaded machine). A value's cut summary is
 * compared through its children: a change past the cut is reported, an unchanged value never is.
 */
describe('values lldb-dap cuts short, compared across stops (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let wide: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-cut-summary-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'cut-summary'), dir, { recursive: true });
    wide = join(dir, 'wide.c');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a trace reports a change past the cut and none for a value not written', async () => {
    const t = await g.ok('debug_trace', { program: wide, cwd: dir, function: 'bump', maxLines: 30 }, 300_000);
    const events = t.structured.traces[0].events as { line: number; changed: Change[] }[];
    const at = (text: string) => events.find((e) => e.line === lineOf(wide, text))?.changed ?? [];
    // shown whole where it changed past the cut
    const zeta = at('moving.zeta = n;').find((c) => c.name === 'moving');
    assert.match(`${zeta?.from} -> ${zeta?.to}`, /^\{alpha:1, [^>]*zeta:6\} -> \{alpha:1, [^>]*zeta:7\}$/, t.text);
    const viaPointer = at('w->zeta += n;').find((c) => c.name === 'w');
    assert.match(`${viaPointer?.from} -> ${viaPointer?.to}`, /^0x[0-9a-f]+ \{alpha:1, [^>]*zeta:6\} -> 0x[0-9a-f]+ \{alpha:1, [^>]*zeta:13\}$/, t.text);
    const shown = at('moving.alpha = n;').find((c) => c.name === 'moving');
    assert.match(shown?.to ?? '', /^\{alpha:7, /, t.text);
    const setAt = lineOf(wide, 'struct Wide still =');
    for (const e of events.filter((x) => x.line > setAt)) {
      for (const c of e.changed) assert.ok(c.name !== 'still' || c.from === undefined, `still shown changing on line ${e.line}:\n${t.text}`);
      for (const c of e.changed) assert.ok(!c.unsure, `a change left unsure on line ${e.line}:\n${t.text}`);
    }
    assert.match(t.text, /moving: \{alpha:1, beta:2, gamma:3, delta:4, epsilon:5, zeta:6\} -> \{alpha:1, beta:2, gamma:3, delta:4, epsilon:5, zeta:7\}/, t.text);
    await g.ok('debug_stop');
  });

  test('debug_step says Changed for a write past the cut and nothing for a line that writes no struct', async () => {
    await g.ok('debug_breakpoint_set', { file: wide, line: lineOf(wide, 'moving.zeta = n;') });
    const r = await g.ok('debug_launch', { program: wide, cwd: dir }, 300_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const s1 = await g.ok('debug_step', { kind: 'over' });
    // shown from a little before where the two differ
    assert.match(s1.text, /^Changed: moving: …[^>]*zeta:6\} -> …[^>]*zeta:7\}$/m, s1.text);
    assert.match(JSON.stringify(s1.structured.changed), /zeta:6\} -> …[^"]*zeta:7\}/, s1.text);
    const s2 = await g.ok('debug_step', { kind: 'over' });
    assert.match(s2.text, /^Changed: w: …[^>]*zeta:6\} -> …[^>]*zeta:13\}$/m, s2.text);
    const s3 = await g.ok('debug_step', { kind: 'over' });
    assert.match(s3.text, /Changed: sum: \d+ -> \d+$/m, s3.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('a value cut short whose children cannot all be read (an array of 100) is never said to be unchanged: the answer says it was not compared', async () => {
    const big = join(dir, 'big.c');
    await g.ok('debug_launch', { program: big, cwd: dir, breakpoints: [{ file: big, line: lineOf(big, 'big[90] = n;') }] }, 300_000);
    // the write past the cut: no guess either way
    const write = await g.ok('debug_step', { kind: 'over' });
    assert.match(write.text, /^Changed: nothing else$/m, write.text);
    assert.match(write.text, /^Not compared: big \(cut short, and its children not read: too many or too deep to read at every stop, or unreadable\): a change past the cut would not show\.$/m, write.text);
    assert.deepEqual(write.structured.notCompared, ['big'], write.text);
    // a line that writes another local: that change, and the same note (it still cannot be told)
    const other = await g.ok('debug_step', { kind: 'over' });
    assert.match(other.text, /^Changed: sum: 0 -> 7$/m, other.text);
    assert.match(other.text, /^Not compared: big /m, other.text);
    await g.ok('debug_stop');

    const t = await g.ok('debug_trace', { program: big, cwd: dir, function: 'fill', maxLines: 400 }, 300_000);
    assert.match(t.text, /^Not compared: big \(cut short, and its children not read: too many or too deep to read at every stop, or unreadable\): a change past the cut would not show\.$/m, t.text);
    await g.ok('debug_stop');
  });

  test('Rust: a trace reports a change past the cut and none for a value not written', async () => {
    const project = mkdtempSync(join(tmpdir(), 'dapgate-cut-summary-rs-'));
    try {
      cpSync(join(repoRoot, 'e2e', 'fixtures', 'cut-summary-rs'), project, { recursive: true, filter: (p) => !p.includes('target') });
      const main = join(project, 'src', 'main.rs');
      const t = await g.ok('debug_trace', { program: main, cwd: project, function: 'bump', maxLines: 30 }, 300_000);
      const events = t.structured.traces[0].events as { line: number; changed: Change[] }[];
      const zeta = events.find((e) => e.line === lineOf(main, 'moving.zeta = n;'))?.changed.find((c) => c.name === 'moving');
      assert.match(`${zeta?.from} -> ${zeta?.to}`, /^\{alpha:11, [^>]*zeta:16\} -> \{alpha:11, [^>]*zeta:7\}$/, t.text);
      const setAt = lineOf(main, 'let mut moving = still.clone();');
      for (const e of events.filter((x) => x.line >= setAt)) {
        // (its going out of scope at the end is no change of value)
        for (const c of e.changed) assert.ok((c.name !== 'still' || c.to === undefined) && !c.unsure, `${c.name} shown changing on line ${e.line}:\n${t.text}`);
      }
      await g.ok('debug_stop');
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });
});
