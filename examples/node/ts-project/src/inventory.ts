export interface Item {
  sku: string;
  qty: number;
  price: number;
}

export function restock(items: Item[], minimum: number): Item[] {
  const low = items.filter((item) => item.qty < minimum);
  const restocked = low.map((item) => ({ ...item, qty: minimum }));
  return restocked;
}

export function value(items: Item[]): number {
  let sum = 0;
  for (const item of items) {
    sum += item.qty * item.price;
  }
  return sum;
}
