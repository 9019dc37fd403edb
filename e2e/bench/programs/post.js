// bench program: the same shape as examples/python/ledger.py's post()
function post(entries, amount) {
  const fee = amount < 0 ? 1 : 0;
  entries.push(amount - fee);
  return entries.reduce((a, b) => a + b, 0);
}

const entries = [];
let total = 0;
for (const amount of [40, -15, 70]) total = post(entries, amount);
console.log('total', total);
