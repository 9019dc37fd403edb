import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const ledger = join(repoRoot, 'examples', 'java', 'Ledger.java');

describe('Java step into stays in program code by default (real java-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('step into over a JDK call (autoboxing, ArrayList.add) lands on the next program line', async () => {
    const line = lineOf(ledger, 'entries.add(amount - fee);');
    await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }], timeoutMs: 60_000 }, 120_000);
    const into = await g.ok('debug_step', { kind: 'into' });
    assert.equal(into.structured.stop.file, ledger, into.text);
    assert.equal(into.structured.stop.line, line + 1, into.text);
    const deeper = await g.ok('debug_step', { kind: 'into' });
    assert.match(deeper.text, /in Ledger\.balance\(\)/, deeper.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('adapterArgs {stepFilters: {skipClasses: []}} with library: true steps into the JDK when wanted', async () => {
    const line = lineOf(ledger, 'entries.add(amount - fee);');
    await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line }], adapterArgs: { stepFilters: { skipClasses: [] } }, timeoutMs: 60_000 }, 120_000);
    const into = await g.ok('debug_step', { kind: 'into', library: true });
    assert.match(into.text, /Integer\.valueOf|ArrayList\.add/, into.text);
    assert.notEqual(into.structured.stop.file, ledger, into.text);
    await g.ok('debug_stop');
    await g.ok('debug_breakpoint_remove', { all: true });
  });
});
