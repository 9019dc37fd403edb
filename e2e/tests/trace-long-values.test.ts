import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, repoRoot } from '../support/gateway.js';

const program = join(repoRoot, 'e2e', 'fixtures', 'long-values', 'grow.py');

/** A long value that changes past where answers cut it: the change is shown, not two equal beginnings. */
describe('a long value changed far in (python, real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a trace shows both values from a little before where they differ', async () => {
    const r = await g.ok('debug_trace', { program, file: program, function: 'grow' }, 60_000);
    const line = r.text.split('\n').find((l) => /^ +3 \| table\[/.test(l)) ?? '';
    assert.match(line, /table: …[^;]*'alpha_011_x+': 11\} -> …[^;]*'alpha_011_x+': 99\}/, r.text);
    assert.doesNotMatch(line, /table: \{'alpha_000/, r.text);
    // the dict the comprehension returned was written to: line 3 called nothing; line 2 ran the comprehension
    assert.doesNotMatch(line, /<dictcomp>/, r.text);
    assert.match(r.text, /^ +2 \| table = .*; <dictcomp>\(\) -> \{/m, r.text);
    await g.call('debug_stop');
  });

  test('a step shows it the same way', async () => {
    await g.ok('debug_launch', { program, breakpoints: [{ file: program, line: 3 }] }, 60_000);
    const s = await g.ok('debug_step', { kind: 'over' });
    assert.match(s.text, /^Changed: .*table: …[^;]*11\} -> …[^;]*99\}/m, s.text);
    await g.call('debug_stop');
  });
});
