// A return expression with parentheses that group (byteorder's `(val << shift) as i64 >> shift`) is
// evaluated before it runs like any other side-effect-free one: a trace never says it "makes a call";
// where the adapter cannot evaluate it (lldb does not know Rust's `as`), the answer says that.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, repoRoot } from '../support/gateway.js';

describe('a grouping parenthesis is not a call (real lldb-dap, real dlv)', () => {
  let g: Gateway;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-shift-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-shift'), dir, { recursive: true });
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('rust: the tail expression (val << shift) as i64 >> shift is tried, and what lldb answered is said', async () => {
    const main = join(dir, 'src', 'main.rs');
    const r = await g.ok('debug_trace', { program: main, cwd: dir, function: 'extend_sign', call: 2 }, 300_000);
    try {
      assert.doesNotMatch(r.text, /makes a call/, r.text);
      // 0x1080 << 56 as i64 >> 56: the low byte 0x80, sign-extended; or what kept lldb from evaluating it
      assert.match(r.text, /Returned -128 \(lldb-dap reports no return values: the return expression, evaluated on its line before it ran\)|lldb-dap reports no return values, and it could not evaluate the return expression on line 5 before it ran \(.+\)/, r.text);
    } finally {
      await g.call('debug_stop');
    }
  });

  test('go: return (v << (64 - bits)) >> (64 - bits) is evaluated', async () => {
    const main = join(repoRoot, 'e2e', 'fixtures', 'go-generic-panic', 'main.go');
    const r = await g.ok('debug_trace', { program: main, function: 'low', file: main }, 180_000);
    try {
      assert.doesNotMatch(r.text, /makes a call/, r.text);
      assert.match(r.text, /Returned 205 (= 0xcd )?\(delve reports no return values: the return expression, evaluated on its line before it ran\)/, r.text);
    } finally {
      await g.call('debug_stop');
    }
  });
});
