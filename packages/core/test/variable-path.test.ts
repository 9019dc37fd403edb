import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePath } from '../src/session/reads/variable-path.js';
import { GatewayError } from '../src/errors.js';

test('variable paths: members, indices and quoted keys', () => {
  assert.deepEqual(parsePath('order.items[0]'), ['order', 'items', '0']);
  assert.deepEqual(parsePath("meta['region']"), ['meta', 'region']);
  assert.deepEqual(parsePath('meta["a b"].c'), ['meta', 'a b', 'c']);
  assert.deepEqual(parsePath('a.b[0][\'k\']["k2"].c'), ['a', 'b', '0', 'k', 'k2', 'c']);
  assert.deepEqual(parsePath('total'), ['total']);
  assert.deepEqual(parsePath(' x [ 3 ] '), ['x', '3']);
});

test('an unparsable path is a clear error with an example', () => {
  for (const bad of ['', 'a[', "m['x"]) {
    assert.throws(() => parsePath(bad), (e: unknown) => e instanceof GatewayError && /cannot parse the path/.test(e.message) && /order\.items\[0\]/.test(e.hint ?? ''), bad);
  }
});
