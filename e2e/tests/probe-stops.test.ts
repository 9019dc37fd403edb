import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf } from '../support/gateway.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'dapgate-probe-stops-')));
const program = join(dir, 'doubles.py');
const source = `def double(x):
    y = x * 2
    return y


def fail(items):
    return items["missing"]


for x in (1, 2, 3):
    double(x)
fail({})
`;

describe('debug_probe reports only its own hits (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    writeFileSync(program, source);
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('an exception stop in another frame is said as such, its expressions are not evaluated there, and locals do not repeat them', async () => {
    const line = lineOf(program, 'y = x * 2');
    const r = await g.ok('debug_probe', { program, breakpoints: [{ file: program, line }], expressions: ['x', 'x + 1'] }, 120_000);
    assert.deepEqual(r.structured.hits.map((h: any) => h.expressions.x), ['1', '2', '3'], r.text);
    assert.ok(r.structured.hits.every((h: any) => h.line === line && !('x' in h.locals)), `x is shown once, as the expression: ${r.text}`);
    assert.doesNotMatch(r.text, /<error/, r.text);
    assert.match(r.text, /stopped by an exception \(.*KeyError.*\).*doubles\.py:7.*not one of the probe's breakpoints/, r.text);
    assert.equal(r.structured.otherStops?.length, 1, r.text);
    assert.doesNotMatch(r.text.split('\n').filter((l) => /^ {3}/.test(l)).join('\n'), /\bx=\d/, `locals beside the expressions do not repeat x: ${r.text}`);
  });

  test('a probe without a program beside a live session says it launches its own, not that a language is missing', async () => {
    const line = lineOf(program, 'y = x * 2');
    const s = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] }, 120_000);
    try {
      const r = await g.call('debug_probe', { breakpoints: [{ file: program, line }], expressions: ['x'] }, 60_000);
      assert.equal(r.isError, true, r.text);
      assert.match(r.text, /launches a program of its own[^\n]*live session s\d+ cannot be probed/, r.text);
      assert.match(r.text, /logMessage/, r.text);
      assert.doesNotMatch(r.text, /no language given/, r.text);
    } finally {
      await g.ok('debug_stop', { sessionId: s.structured.sessionId });
    }
  });
});
