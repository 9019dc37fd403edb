import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf } from '../support/gateway.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'dapgate-probe-')));
const program = join(dir, 'scale.py');
const source = `def scale(values, k):
    out = list(v * k for v in values)
    return out


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


for k in (2, 3):
    scale([1, 2, 3, 4], k)
print(fib(3))
`;

describe('debug_probe on a line with a generator expression (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    writeFileSync(program, source);
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("hits are the function's own; the comprehension's frame is counted apart and named", async () => {
    const line = lineOf(program, 'out = list(v * k');
    const r = await g.ok('debug_probe', { program, breakpoints: [{ file: program, line }], expressions: ['k'], maxHits: 5 }, 120_000);
    assert.equal(r.structured.hits.length, 2, r.text);
    assert.deepEqual(r.structured.hits.map((h: any) => [h.function, h.expressions.k]), [['scale', '2'], ['scale', '3']], r.text);
    // a generator expression runs in a frame of its own on every Python version (3.12 inlines only list comprehensions)
    assert.ok(r.structured.nestedHitsSkipped['<genexpr>'] >= 8, r.text);
    assert.match(r.text, /Not counted: hits in frames nested on the breakpoint's line \(\d+ in <genexpr>\)/, r.text);
  });

  test('recursion on the breakpoint line is counted (same function, not a nested frame)', async () => {
    const line = lineOf(program, 'return n if n < 2');
    const r = await g.ok('debug_probe', { program, breakpoints: [{ file: program, line }], expressions: ['n'], maxHits: 10 }, 120_000);
    assert.deepEqual(r.structured.hits.map((h: any) => h.expressions.n), ['3', '2', '1', '0', '1'], r.text);
    assert.equal(r.structured.nestedHitsSkipped, undefined, r.text);
  });
});
