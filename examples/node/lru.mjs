// A Map subclass whose description (its size) changes inside one of its methods.
class Cache extends Map {
  take(key) {
    const value = this.get(key);
    this.delete(key);
    const left = this.size;
    return { value, left };
  }
}

const cache = new Cache([['user', { name: 'ada' }]]);
console.log('took', JSON.stringify(cache.take('user')));
