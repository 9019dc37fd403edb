// A worker thread that spins until told to stop (or 30 s pass): for pausing a worker target.
import { Worker, isMainThread, parentPort } from 'node:worker_threads';

function spin() {
  const state = { running: true, ticks: 0 };
  const deadline = Date.now() + 30_000;
  parentPort.postMessage('spinning');
  while (state.running && Date.now() < deadline) {
    state.ticks++; // the worker is here whenever it is paused
  }
  return state.running ? 'timed out' : 'stopped';
}

if (isMainThread) {
  const worker = new Worker(new URL(import.meta.url));
  worker.on('message', (what) => console.log('worker', what));
} else {
  parentPort.postMessage(spin());
}
