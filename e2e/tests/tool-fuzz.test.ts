// Tool fuzz: random, malformed and oversized tool calls against one live gateway through a real MCP
// client. Every call must be answered, within its bound, with a clear error or a valid result (the
// client checks results against the tools' output schemas), and the gateway must still serve after.
// The suite runs FUZZ_CALLS (default 1,000, ~25 s on 2 busy cores); `npm run fuzz` runs 10,000.
// A failure prints the seed: FC_SEED=<seed> replays it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fuzzGateway } from '../support/fuzz-run.js';

test('random tool calls: each answered clearly and in time; the gateway survives', async () => {
  const r = await fuzzGateway(Number(process.env.FUZZ_CALLS ?? 1_000));
  console.log(`tool fuzz: ${JSON.stringify(r)}`);
  assert.deepEqual(r.failures, [], `seed ${r.seed} (replay with FC_SEED=${r.seed})`);
  assert.equal(r.calls, Number(process.env.FUZZ_CALLS ?? 1_000));
  assert.ok(r.gatewayAlive, 'the gateway answers after the fuzz');
  assert.ok(r.answered.toolError > 0 && r.answered.result > 0, 'the fuzz reached tool handlers, not only the protocol checks');
});
