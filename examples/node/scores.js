// Examples for debug_trace: a loop with a branch, a call per iteration, a function that throws.

function scale(value, factor) {
  return value * factor;
}

function runningTotal(values) {
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v < 0) {
      total -= 1;
    } else {
      total += scale(v, 2);
    }
  }
  return total;
}

function mean(values) {
  const count = values.length;
  if (count === 0) throw new RangeError('mean of no values');
  return values.reduce((a, b) => a + b, 0) / count;
}

function main() {
  const longRun = Array.from({ length: 40 }, (_, i) => i);
  longRun[12] = -1;
  for (const values of [longRun, [4, 8, -3, 6], [5]]) {
    console.log('total', runningTotal(values));
  }
  for (const values of [[3, 4], [], [1]]) {
    try {
      console.log('mean', mean(values));
    } catch (e) {
      console.log('error', e.message);
    }
  }
}

main();
