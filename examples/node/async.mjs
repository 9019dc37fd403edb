// Async/await across several functions: the stack spans awaits.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchPrice(sku) {
  await sleep(5);
  const base = sku.length * 10;
  return base + 0.5;
}

async function priceOrder(items) {
  let total = 0;
  for (const item of items) {
    const price = await fetchPrice(item.sku);
    total += price * item.qty;
  }
  return total;
}

const order = { id: 42, items: [{ sku: 'ab', qty: 2 }, { sku: 'cde', qty: 1 }] };
const total = await priceOrder(order.items);
console.log('order', order.id, 'total', total);
