// A test that fails inside a library (quickcheck in byteorder's trial): the answer names the library
// frame that raised it and the test's frame it shows, and says "its source and locals are shown" of
// the frame whose source and locals are shown, never of the other.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

describe('a test failing inside a library names the frames it shows (real lldb-dap, real cargo)', () => {
  let g: Gateway;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dapgate-rust-lib-failure-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-lib-failure'), dir, { recursive: true });
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the raising library frame is named, the failing frame is the one shown', async () => {
    const app = join(dir, 'app');
    const r = await g.ok('debug_test', { test: 'tests::two_bytes', cwd: app }, 300_000);
    try {
      assert.equal(r.structured.state, 'stopped', r.text);
      const failing = Number(/Failing frame (\d+) \(the test's code/.exec(r.text)?.[1]);
      assert.ok(failing > 0, r.text);
      assert.match(r.text, new RegExp(`> *${lineOf(join(app, 'src', 'lib.rs'), 'checker::check(agrees);')} \\|`), 'the failing frame\'s source is shown');
      // one frame's source is shown (the failing one's), and "its source and locals are shown" is never said of another
      assert.equal(r.text.split('\n').filter((l) => /^\s*> *\d+ \|/.test(l)).length, 1, r.text);
      for (const m of r.text.matchAll(/frame (\d+): its source and locals are shown/g)) assert.equal(Number(m[1]), failing, r.text);
      assert.match(r.text, /checker[\\/]src[\\/]lib\.rs:\d+ in checker::check/, `the raising frame is named: ${r.text}`);
    } finally {
      await g.call('debug_stop');
    }
  });
});
