import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const fixtures = join(repoRoot, 'e2e', 'fixtures', 'repeated-calls');
const LAST = /\(the last call's value; it may have been called more than once on this line\)/;

/**
 * An adapter that keeps one return value per callee (debugpy's `(return) double`) shows the last
 * call's value after a line that called it several times (map, a comprehension, a nested call):
 * the answer says so rather than reading as one call. A line that calls it once stays plain.
 */
describe('a line that calls the same function several times (python, real debugpy)', () => {
  const file = join(fixtures, 'repeated.py');
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('debug_trace: the last call\'s value is said to be the last; a value left from an earlier line is not a call of this line', async () => {
    const r = await g.ok('debug_trace', { program: file, function: 'main' }, 120_000);
    const row = (text: string) => r.text.split('\n').find((l) => l.includes(text)) ?? '';
    assert.match(row('list(map(double, xs))'), /double\(\) -> 6 \(the last call's value/, r.text);
    assert.match(row('double(double(5))'), /double\(\) -> 20 \(the last call's value/, r.text);
    // the generator's calls of double return into its own frame: 6 is line 11's value, not this line's (40)
    assert.match(row('sum(double(x) for x'), /double\(\) -> 6 \(shown before this line too: returned again, or an earlier line's value\)/, r.text);
    assert.match(row('[double(x) for x in xs]'), /<listcomp>\(\) -> \[2, 4, 6\](?!\s*\()/, r.text);
    assert.match(row('double(1) + inc(2)'), /double\(\) -> 2; inc\(\) -> 3$/, r.text);
    await g.ok('debug_stop');
  });

  test('debug_step over map(double, xs): the return value changed is the last call\'s; over double(1) + inc(2) it is plain', async () => {
    await g.ok('debug_launch', { program: file, breakpoints: [{ file, line: lineOf(file, 'list(map(double, xs))') }] }, 120_000);
    const step = await g.ok('debug_step', { kind: 'over' });
    assert.match(step.text, /^Changed: .*\(return\) double: \(new\) 6 \(the last call's value; it may have been called more than once on this line\)/m, step.text);
    assert.match(String(step.structured.changed?.['(return) double']), LAST, step.text);
    await g.ok('debug_step', { kind: 'over' });
    await g.ok('debug_step', { kind: 'over' });
    const plain = await g.ok('debug_step', { kind: 'over' });
    assert.match(plain.text, /^Changed: .*\(return\) double: 6 -> 2; \(return\) inc: \(new\) 3(?:;|$)/m, plain.text);
    assert.doesNotMatch(plain.text, LAST, plain.text);
    const nested = await g.ok('debug_step', { kind: 'over' });
    assert.match(nested.text, /\(return\) double: 2 -> 20 \(the last call's value/, nested.text);
    await g.ok('debug_stop');
  });

  test('debug_step over several lines at once (count 2): a return value that changed is the last call\'s of those steps', async () => {
    await g.ok('debug_launch', { program: file, breakpoints: [{ file, line: lineOf(file, 'both = double(1) + inc(2)') }] }, 120_000);
    const step = await g.ok('debug_step', { kind: 'over', count: 2 });
    assert.match(step.text, /\(return\) double: \(new\) 20 \(the last call's value; it may have been called more than once in these 2 steps\)/, step.text);
    assert.match(step.text, /\(return\) inc: \(new\) 3 \(the last call's value; it may have been called more than once in these 2 steps\)/, step.text);
    await g.ok('debug_stop');
  });
});
