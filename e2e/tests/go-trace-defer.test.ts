import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, repoRoot } from '../support/gateway.js';

const dir = join(repoRoot, 'e2e', 'fixtures', 'go-defer');

/**
 * Go's runtime starts its panic machinery (runtime.(*_panic).start) for a panic, and also for
 * deferred calls run at a return (deferreturn) and for runtime.Goexit: only a panic is one.
 */
describe('go: a trace over a call whose defers run at its return (real delve)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('debug_trace of main.main: no panic is said where none happened', async () => {
    const r = await g.ok('debug_trace', { program: join(dir, 'main.go'), cwd: dir, function: 'main.main' }, 300_000);
    assert.doesNotMatch(r.text, /panic/i, r.text);
    assert.match(r.text, /got := closeAll\(2\)\s+got = 0/, r.text);
    assert.match(r.text, /the program exited with code 0|Returned/, r.text);
    await g.call('debug_stop');
  });
});
