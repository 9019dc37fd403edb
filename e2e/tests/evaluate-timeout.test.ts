// An evaluation the adapter does not answer in time does not fail the session (the expression may
// still be running in the program): the answer says so, and does not tell the agent that the
// session is marked failed, which would make it abandon a live session.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';

const slow = join(repoRoot, 'e2e', 'fixtures', 'evaluate', 'slow.py');

describe('an evaluate timeout (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('says the session is not failed, and the session answers again once the expression ends', async () => {
    const r = await g.ok('debug_launch', { program: slow, breakpoints: [{ file: slow, line: lineOf(slow, '# STOP') }], timeoutMs: 60_000 }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const sessionId = r.structured.sessionId;
    const e = await g.call('debug_evaluate', { sessionId, expression: 'slow(36)' }, 120_000);
    assert.equal(e.isError, true, e.text);
    assert.match(e.text, /did not answer 'evaluate' within \d+ ms/, e.text);
    assert.doesNotMatch(e.text, /marked failed/, e.text);
    assert.match(e.text, /not failed/, e.text);
    const st = await g.ok('debug_status', { sessionId, locals: false, source: false });
    assert.equal(st.structured.state, 'stopped', st.text);
    // once the sleep is over, the same session evaluates again
    let value = '';
    assert.ok(
      await eventually(async () => {
        const v = await g.call('debug_evaluate', { sessionId, expression: 'answer' }, 60_000);
        value = v.text;
        return !v.isError && v.structured.result === '42';
      }, 60_000, 1_000),
      value,
    );
    await g.ok('debug_stop', { sessionId });
    await g.ok('debug_breakpoint_remove', { all: true });
  });
});
