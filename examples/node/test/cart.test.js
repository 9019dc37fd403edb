const test = require('node:test');
const assert = require('node:assert/strict');
const { cartTotal, lineTotal } = require('../cart.js');

test('plain total', () => {
  const items = [{ price: 10, qty: 2 }, { price: 2.5, qty: 4 }];
  assert.equal(cartTotal(items), 30);
});

test('discounted total', () => {
  const items = [{ price: 10, qty: 2 }, { price: 5, qty: 4, discount: 10 }];
  const expected = 20 + 18;
  const total = cartTotal(items);
  assert.equal(total, expected);
});

test('line total rounds', () => {
  assert.equal(lineTotal(0.1, 3), 0.3);
});
