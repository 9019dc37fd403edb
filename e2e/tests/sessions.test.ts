import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Gateway, lineOf, pyExample } from '../support/gateway.js';

const ledger = pyExample('ledger.py');
const nested = pyExample('nested.py');

describe('several sessions at once', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('two sessions stop independently and are addressed by id', async () => {
    const [a, b] = await Promise.all([
      g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line: lineOf(ledger, 'fee = 1 if') }] }),
      g.ok('debug_launch', { program: nested, breakpoints: [{ file: nested, line: lineOf(nested, 'amount = order.total()') }] }),
    ]);
    assert.notEqual(a.structured.sessionId, b.structured.sessionId);
    assert.equal(a.structured.state, 'stopped', a.text);
    assert.equal(b.structured.state, 'stopped', b.text);
    const list = await g.ok('debug_sessions');
    assert.equal(list.structured.sessions.filter((s: any) => s.state === 'stopped').length, 2, list.text);
    const ea = await g.ok('debug_evaluate', { sessionId: a.structured.sessionId, expression: 'amount' });
    const eb = await g.ok('debug_evaluate', { sessionId: b.structured.sessionId, expression: 'order.id' });
    assert.equal(ea.structured.result, '40');
    assert.equal(eb.structured.result, '7');
    await g.ok('debug_continue', { sessionId: a.structured.sessionId });
    const sb = await g.ok('debug_status', { sessionId: b.structured.sessionId });
    assert.equal(sb.structured.state, 'stopped', 'continuing one session leaves the other stopped');
    await g.ok('debug_stop', { sessionId: a.structured.sessionId });
    await g.ok('debug_stop', { sessionId: b.structured.sessionId });
  });

  test('bad input gets a clear error and loses nothing', async () => {
    const missing = await g.call('debug_launch', { program: '/nope/missing.py' });
    assert.equal(missing.isError, true);
    assert.match(missing.text, /not found/);
    const lang = await g.call('debug_launch', { program: ledger, language: 'cobol' });
    assert.match(lang.text, /unknown language 'cobol'.*\n.*python/);
    const noFile = await g.call('debug_breakpoint_set', { file: 'nowhere.py', line: 3 });
    assert.match(noFile.text, /not found/);
    const noSession = await g.call('debug_status', { sessionId: 's999' });
    assert.match(noSession.text, /no session 's999'/);
    const schema = await g.call('debug_step', { kind: 'sideways' });
    assert.equal(schema.isError, true);
    // the gateway still serves
    const langs = await g.ok('debug_languages');
    assert.match(langs.text, /python/);
  });
});
