import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, repoRoot } from '../support/gateway.js';

const module = join(repoRoot, 'e2e', 'fixtures', 'go-ambiguous');

describe('go function names delve calls ambiguous', () => {
  test('package.Function that delve finds ambiguous with a method of the same name is set as the one function it names; a bare name that means two stays refused', async () => {
    const g = await Gateway.start({}, [], module);
    try {
      // delve: Location "store.Get" ambiguous: example.com/ambiguous/store.Get, example.com/ambiguous/store.Result.Get…
      const t = await g.ok('debug_trace', { program: module, function: 'store.Get' }, 180_000);
      assert.match(t.text, /^Trace of store\.Get at store\/store\.go:12/, t.text);
      assert.match(t.text, /v = "apple"; ok = true/, t.text);
      const bp = await g.ok('debug_breakpoint_set', { function: 'store.Get' });
      assert.match(bp.text, /verified/, bp.text);
      const c = await g.ok('debug_continue', {}, 60_000);
      assert.equal(c.structured.state, 'stopped', c.text);
      assert.equal(c.structured.stop.line, 12, c.text);
      assert.match(c.text, /key="b"/, c.text);
      const bare = await g.call('debug_trace', { function: 'Get' }, 60_000);
      assert.equal(bare.isError, true, bare.text);
      assert.match(bare.text, /refused the breakpoint \(Location "Get" ambiguous: .*example\.com\/ambiguous\/store\.Get/, bare.text);
      await g.ok('debug_stop');
    } finally {
      await g.close();
    }
  });
});
