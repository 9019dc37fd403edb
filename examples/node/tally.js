// An example for debug_trace: a loop variable in a block scope, and variables of the enclosing
// function that the traced one changes itself (seen) and through a call (hits, in bump).

function makeTally() {
  let seen = 0;
  let hits = 0;
  function bump() {
    hits += 1;
  }
  function tally(values) {
    let sum = 0;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      sum += v;
      seen++;
      if (v > 2) bump();
    }
    return sum;
  }
  return tally;
}

const tally = makeTally();
console.log('sum', tally([1, 3]));
