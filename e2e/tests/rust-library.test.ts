import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, repoRoot } from '../support/gateway.js';

/**
 * A Rust library (no bin target, as the hex crate of the trial) given as a program: the refusal
 * says how to run its tests under the debugger, down to the binary cargo builds and the arguments
 * that run one test, so the next call can be made from the answer alone.
 */
describe('a Rust library given as a program (real cargo)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('the refusal names the test binary cargo builds and how to run one test in it', async () => {
    const lib = join(repoRoot, 'e2e', 'fixtures', 'cargo-ws', 'parser');
    const r = await g.call('debug_probe', { program: lib, breakpoints: [{ file: join(lib, 'src', 'lib.rs'), line: 1 }] }, 300_000);
    assert.ok(r.isError, r.text);
    assert.match(r.text, /package parser has no bin target to run/, r.text);
    assert.match(r.text, /cargo test --no-run/, r.text);
    assert.match(r.text, /target\/debug\/deps\//, r.text);
    assert.match(r.text, /"--exact"/, r.text);
  });
});
