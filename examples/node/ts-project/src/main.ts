import { restock, value, type Item } from './inventory';

const stock: Item[] = [
  { sku: 'bolt', qty: 3, price: 0.25 },
  { sku: 'nut', qty: 40, price: 0.1 },
  { sku: 'gear', qty: 1, price: 12 },
];

const refill = restock(stock, 10);
const total: number = value(refill);
console.log(`refill ${refill.length} items worth ${total}`);
