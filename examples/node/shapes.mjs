// Module constants, a Map, a getter, a native call and an async call: what an agent inspects in ESM.
import path from 'node:path';

const LIMIT = 3;
const byKey = new Map([['a', 1], ['b', 2], ['c', 3]]);

class Cart {
  constructor(owner) {
    this.owner = owner;
    this.items = [4, 5];
  }
  get total() {
    return this.items.reduce((s, x) => s + x, 0);
  }
}

async function lookup(user) {
  await null;
  return `${user}@${byKey.get('b')}`;
}

function label(user) {
  const where = path.join('users', user);
  return where.toUpperCase();
}

const cart = new Cart('user1');
const who = 'user1';
const found = await lookup(who);
const shown = label(who);
console.log('done', LIMIT, cart.total, found, shown);
