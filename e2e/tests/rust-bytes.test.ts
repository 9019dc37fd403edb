import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * A Rust u8 is a number: lldb, reading Rust as C, shows it as a char literal ('\n' for 10, '\xff'
 * for 255), as the hex trial's decode table values were. Locals, evaluate and trace show numbers.
 */
describe('rust bytes are numbers (real lldb-dap)', () => {
  let g: Gateway;
  let dir: string;
  let main: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-bytes-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-generic'), dir, { recursive: true });
    main = join(dir, 'src', 'main.rs');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a u8 local, argument and expression show their numeric value', async () => {
    const line = lineOf(main, 'if value > 9 { newline } else { value }');
    const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line }] }, 300_000);
    assert.equal(r.structured.stop?.line, line, r.text);
    assert.deepEqual({ byte: r.structured.locals.byte, newline: r.structured.locals.newline, value: r.structured.locals.value }, { byte: '55', newline: '10', value: '7' }, r.text);
    const e = await g.ok('debug_evaluate', { expression: 'byte' });
    assert.equal(e.structured.result, '55', e.text);
    await g.ok('debug_stop');
    // a pointer to a byte is still an address
    const at = lineOf(main, '*slot = value;');
    const p = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line: at }] }, 300_000);
    // and not a C string: the byte it points to, not an empty string
    assert.match(p.structured.locals.slot, /^0x[0-9a-f]+ -> 0$/, p.text);
    assert.equal(p.structured.locals.value, '7', p.text);
    await g.ok('debug_stop');
    const t = await g.ok('debug_trace', { program: main, cwd: dir, function: 'digit_value' }, 300_000);
    assert.equal(t.structured.traces[0].entry.byte, '55', t.text);
    assert.doesNotMatch(t.text, /[=>] '(\\|\d)/, `no byte shown as a char literal: ${t.text}`);
    await g.ok('debug_stop');
  });

  test('a probe names the panic that stopped the program as a panic, not "breakpoint"', async () => {
    const line = lineOf(main, 'out.push(item.as_ref().len());');
    const r = await g.ok('debug_probe', { program: main, cwd: dir, breakpoints: [{ file: main, line }] }, 300_000);
    assert.equal(r.structured.hits.length, 2, r.text);
    assert.match(r.text, /^- {2}stopped by a panic, .*rust_panic: not one of the probe's breakpoints/m, r.text);
  });
});
