// Finishes in a few milliseconds: the first breakpoint must still hit.
function makeCounter(step) {
  let count = 0;
  return function next() {
    count += step;
    return count;
  };
}

const next = makeCounter(5);
const values = [];
for (let i = 0; i < 3; i++) {
  values.push(next());
}
console.log('values', values.join(','));
