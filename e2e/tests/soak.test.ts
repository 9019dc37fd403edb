// A short soak (SOAK_CYCLES, default 30): launch -> breakpoint -> evaluate -> stop over Python, Node
// and Java in one gateway; every cycle right, open fds flat, nothing left behind. `npm run soak`
// runs 1,000 and also bounds RSS growth after warm-up (< 10 %), which a 30-cycle run cannot judge.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brokenBounds, soak } from '../support/soak-run.js';

test('soak: repeated debug cycles leak no memory, descriptors or processes', async () => {
  const n = Number(process.env.SOAK_CYCLES ?? 30);
  const r = await soak(n);
  console.log(`soak: ${JSON.stringify(r)}`);
  assert.deepEqual(brokenBounds(r, n), []);
});
