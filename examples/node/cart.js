// Code under test for the debug_test examples: a shopping cart's totals.

function lineTotal(price, qty, discount = 0) {
  // discount is meant as a fraction (0.1 = 10 %), but callers pass percents
  return Math.round(price * qty * (1 - discount) * 100) / 100;
}

function cartTotal(items) {
  let total = 0;
  for (const item of items) {
    total += lineTotal(item.price, item.qty, item.discount);
  }
  return total;
}

module.exports = { lineTotal, cartTotal };
