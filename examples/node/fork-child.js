// Runs in a forked process.
function square(n) {
  const result = n * n;
  return result;
}

process.send({ result: square(Number(process.argv[2])) });
