// The second test file: a stop here is in the second process `node --test` starts.
const test = require('node:test');
const assert = require('node:assert/strict');
const { cartTotal } = require('../cart.js');

test('second file: two lines', () => {
  let total = cartTotal([{ price: 10, qty: 2 }, { price: 5, qty: 1 }]);
  total += 0; // a line to step over to
  assert.equal(total, 25);
});
