import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const fixtures = join(repoRoot, 'e2e', 'fixtures', 'step-next-call');

/**
 * A step over a return whose caller is code the adapter does not stop in (the JDK's sort, Python's
 * map in C, Array.map) goes on into the next call of the same function: same name, same depth, same callers.
 * That is another call, never "what changed" in this one.
 */
describe('debug_step over a return into the next call of the same function', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  const cases = [
    { id: 'java (Arrays.sort calls compareTo)', file: join(fixtures, 'Sorting.java'), ret: 'return diff;', fn: /compareTo/, returned: '-2' },
    { id: 'python (map calls double)', file: join(fixtures, 'mapped.py'), ret: 'return doubled', fn: /double/, returned: '2' },
    { id: 'node (Array.map calls double)', file: join(fixtures, 'mapped.js'), ret: 'return doubled', fn: /double/, returned: '2' },
  ];
  for (const c of cases) {
    test(`${c.id}: the answer says it is another call, with the value the first returned, and no "Changed"`, async () => {
      await g.ok('debug_launch', { program: c.file, breakpoints: [{ file: c.file, line: lineOf(c.file, c.ret) }] }, 180_000);
      const step = await g.ok('debug_step', { kind: 'over' });
      assert.doesNotMatch(step.text, /^Changed:/m, step.text);
      assert.match(step.text, /Now in another call of \S+: the call stepped from returned (\S+)/, step.text);
      assert.equal(/the call stepped from returned (\S+?)[,;.]? /.exec(step.text)?.[1], c.returned, step.text);
      assert.match(String(step.structured.pastCaller), c.fn, step.text);
      await g.ok('debug_stop');
    });
  }

  test('node: debug_trace of a callback Array.map calls three times traces one call, not three as a loop', async () => {
    const file = join(fixtures, 'mapped.js');
    const r = await g.ok('debug_trace', { program: file, function: 'double' }, 120_000);
    assert.doesNotMatch(r.text, / x \d+ \(path/, r.text);
    assert.match(r.text, /^Returned 2\b/m, r.text);
    assert.match(r.text, /the next call of it has started/, r.text);
    assert.equal(r.structured.traces[0].end.value, '2', r.text);
    await g.ok('debug_stop');
  });

  test('python: a return inside a with block stops on the with line of the same call on its way out: not another call', async () => {
    const file = join(fixtures, 'with_block.py');
    await g.ok('debug_launch', { program: file, breakpoints: [{ file, line: lineOf(file, 'return first.strip()') }] }, 120_000);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.doesNotMatch(step.text, /another call/, step.text);
    assert.equal(step.structured.pastCaller, undefined, step.text);
    assert.match(step.text, /text='a\\nb'|Now in a different function/, step.text);
    await g.ok('debug_stop');
  });
});
