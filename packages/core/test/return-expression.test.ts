import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mayChangeState } from '../src/trace/return-expression.js';

test('parentheses that group are no call; calls and writes of every kind are', () => {
  for (const pure of ['(val << shift) as i64 >> shift', '(v << (64 - bits)) >> (64 - bits)', 'sum / count', 'a <= b && c >= (d - 1)', 'x == y || x != z', 'value * factor']) {
    assert.equal(mayChangeState(pure), false, pure);
  }
  for (const changes of ['f(x)', 'self.total()', 'xs[0](1)', 'vec!(1)', 'parse::<T>(s)', 'a.b (c)', 'x = 1', 'x += 1', 'x <<= 2', 'x >>>= 2', 'i++', '--i', '<-ch', 'y := 3', 'g()(1)']) {
    assert.equal(mayChangeState(changes), true, changes);
  }
});
