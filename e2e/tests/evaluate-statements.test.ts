// A statement evaluated is reported as executed, not as `x = 25 = ` (issue 11), on debugpy.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Gateway, lineOf, pyExample } from '../support/gateway.js';

const ledger = pyExample('ledger.py');

describe('evaluating statements (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('an assignment says it was executed, and it took effect', async () => {
    const r = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line: lineOf(ledger, 'total = acct.post(amount)') }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    const set = await g.ok('debug_evaluate', { expression: "acct.owner = 'bob'" });
    assert.equal(set.text.split('\n')[0], "executed: acct.owner = 'bob'", set.text);
    const read = await g.ok('debug_evaluate', { expression: 'acct.owner' });
    assert.match(read.text, /^acct\.owner = 'bob'/, read.text);
    const value = await g.ok('debug_evaluate', { expression: 'amount == 40' });
    assert.match(value.text, /^amount == 40 = True/, 'a comparison is an expression with a value');
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });
});
