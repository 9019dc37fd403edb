import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, pyExample, repoRoot } from '../support/gateway.js';

// One breakpoint per line, said out loud: the same again is the same id, the same sort with other
// options replaces it (and says what it had), another sort is refused; a launch's list is all or none.
const cases = [
  { language: 'python', file: pyExample('ledger.py'), line: 'total = acct.post(amount)', log: 'amount={amount}', log2: 'posting {amount}', cond: 'amount < 0' },
  { language: 'node', file: join(repoRoot, 'examples', 'node', 'quick.js'), line: 'values.push(next());', log: 'i={i}', log2: 'pushing {i}', cond: 'i === 2' },
  { language: 'java', file: join(repoRoot, 'examples', 'java', 'Ledger.java'), line: 'total = ledger.post(amount);', log: 'amount={amount}', log2: 'posting {amount}', cond: 'amount < 0' },
];

describe('two breakpoints on one line are never silently merged (real adapters)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  for (const c of cases) {
    test(`${c.language}: a logpoint and a conditional breakpoint on one line`, async () => {
      const line = lineOf(c.file, c.line);
      const first = await g.ok('debug_breakpoint_set', { file: c.file, line, logMessage: c.log });
      const id = first.structured.breakpoint.id;

      const clash = await g.call('debug_breakpoint_set', { file: c.file, line, condition: c.cond });
      assert.equal(clash.isError, true, clash.text);
      assert.match(clash.text, new RegExp(`already has ${id} \\(logpoint, logs "${c.log.replace(/[{}]/g, '\\$&')}"\\)`), clash.text);
      assert.match(clash.text, new RegExp(`remove ${id} first`), clash.text);

      const again = await g.ok('debug_breakpoint_set', { file: c.file, line, logMessage: c.log });
      assert.equal(again.structured.breakpoint.id, id, again.text);
      assert.doesNotMatch(again.text, /replaced/, again.text);

      const replaced = await g.ok('debug_breakpoint_set', { file: c.file, line, logMessage: c.log2 });
      assert.equal(replaced.structured.breakpoint.id, id);
      assert.equal(replaced.structured.breakpoint.logMessage, c.log2);
      assert.match(replaced.text, new RegExp(`It replaced the breakpoint on that line \\(${id} had: logpoint, logs "`), replaced.text);

      const batch = await g.call('debug_launch', {
        program: c.file,
        breakpoints: [
          { file: c.file, line: line - 1, logMessage: c.log },
          { file: c.file, line: line - 1, condition: c.cond },
        ],
      });
      assert.equal(batch.isError, true, batch.text);
      assert.match(batch.text, /one breakpoint per line/, batch.text);
      const list = await g.ok('debug_breakpoints');
      assert.deepEqual(list.structured.breakpoints.map((b: any) => b.id), [id], 'a refused launch adds none of its breakpoints');

      // the replacement reached the adapter: its message is what the program logs
      const run = await g.ok('debug_launch', { program: c.file, timeoutMs: 60_000 }, 120_000);
      const printed = c.log2.split(' ')[0]!;
      assert.ok(await eventually(async () => (await g.ok('debug_output', { sessionId: run.structured.sessionId })).text.includes(printed), 30_000), (await g.ok('debug_output')).text);
      const out = (await g.ok('debug_output', { sessionId: run.structured.sessionId })).text;
      assert.doesNotMatch(out, new RegExp(`${c.log.split('=')[0]}=`), out);
      await g.call('debug_stop', { sessionId: run.structured.sessionId });
      await g.ok('debug_breakpoint_remove', { all: true });
    });
  }
});
