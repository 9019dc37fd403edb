// Totals a basket through a dependency (node_modules/tally) that calls back into this file.
'use strict';
const path = require('node:path');
const { sumBy, label } = require('tally');

function price(item) {
  const each = item.cents / 100;
  return each * item.qty;
}

function main() {
  const basket = [{ name: 'tea', cents: 250, qty: 2 }, { name: 'jam', cents: 400, qty: 1 }];
  const heading = label(path.basename('shop/basket'));
  const total = sumBy(basket, price);
  console.log(heading, total.toFixed(2));
}

main();
