// Two worker threads run the same function: each worker is a debug target of its own.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

function square(n) {
  let result = n * n;
  result += 0; // a line to step over to
  return result;
}

if (isMainThread) {
  const results = [];
  for (const n of [3, 4]) {
    const worker = new Worker(new URL(import.meta.url), { workerData: n });
    results.push(new Promise((resolve) => worker.once('message', resolve)));
  }
  console.log('squares', (await Promise.all(results)).join(','));
} else {
  parentPort.postMessage(square(workerData));
}
