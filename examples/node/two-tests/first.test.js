// The first of two test files `node --test` runs, each in a process of its own.
const test = require('node:test');
const assert = require('node:assert/strict');
const { cartTotal } = require('../cart.js');

test('first file: plain total', () => {
  assert.equal(cartTotal([{ price: 10, qty: 2 }]), 20);
});
