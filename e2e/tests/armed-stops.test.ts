// A profile's always-armed stops (native code: crash signals) make the launch wait and are named.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const crashC = join(repoRoot, 'examples', 'c', 'crash.c');
const spinC = join(repoRoot, 'examples', 'c', 'spin.c');

describe('armed stops of a native program (real lldb-dap)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('with no breakpoints the launch waits for the crash and stops there', async () => {
    const r = await g.ok('debug_launch', { program: crashC, timeoutMs: 60_000 }, 120_000);
    assert.doesNotMatch(r.text, /Nothing can stop it/);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.text, /SIGSEGV/);
    assert.equal(r.structured.stop.line, lineOf(crashC, 'sum += head->value;'), r.text);
    assert.deepEqual(r.structured.armed, ['a crash (signal such as SIGSEGV or SIGABRT)']);
    await g.ok('debug_stop');
  });

  test('a program that neither crashes nor ends: the answer says what is armed when the wait runs out', async () => {
    const r = await g.ok('debug_launch', { program: spinC, args: ['dapgate-armed-stops'], timeoutMs: 3_000 }, 120_000);
    assert.equal(r.structured.state, 'running', r.text);
    assert.equal(r.structured.waitTimedOut, true, r.text);
    assert.match(r.text, /Armed: a crash \(signal such as SIGSEGV or SIGABRT\)\./, r.text);
    await g.ok('debug_stop');
  });
});
