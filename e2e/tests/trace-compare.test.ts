import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf } from '../support/gateway.js';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'dapgate-trace-compare-')));
const program = join(dir, 'digits.py');
// as go-humanize's Comma with a seeded fault: the digit loop runs once per digit, and only a
// 3-digit number takes the faulty branch
const source = `def digits(v):
    count = 0
    n = v
    while n:
        count += 1
        n //= 10
    if count == 3:
        count = -count
    return count


for v in (100, 1000, 10000):
    digits(v)
`;

/**
 * debug_trace {calls: N} compares calls by the lines they ran, not by how many times their loops
 * ran: calls whose loops ran 3, 4 and 5 times took one path, and the call that ran a line the
 * others did not is the one that stands out, with that line named.
 */
describe('debug_trace calls: N names the call that took another path (real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    writeFileSync(program, source);
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('loop counts differ in every call; the one call that ran another line stands out, with that line', async () => {
    const branch = lineOf(program, 'count = -count');
    const r = await g.ok('debug_trace', { program, function: 'digits', file: program, calls: 3 }, 120_000);
    assert.equal(r.structured.traces.length, 3, r.text);
    assert.match(r.text, new RegExp(`Call #1 stands out: its path through the body differs: it alone ran line ${branch}\\b`), r.text);
    assert.match(r.text, /Trace of .*digits \(call #1\)/, r.text);
  });

  test('calls that differ only in loop counts ran the same lines; with two calls that differ, neither is said to stand out', async () => {
    const same = await g.ok('debug_trace', { program, function: 'digits', file: program, calls: 2, condition: 'v > 500' }, 120_000);
    assert.doesNotMatch(same.text, /stands out/, same.text);
    assert.match(same.text, /ran the same lines \(their loops ran different numbers of times\)/, same.text);
    const two = await g.ok('debug_trace', { program, function: 'digits', file: program, calls: 2 }, 120_000);
    assert.doesNotMatch(two.text, /stands out/, `of two calls that differ, neither is the odd one: ${two.text}`);
    assert.match(two.text, new RegExp(`#1 alone ran line ${lineOf(program, 'count = -count')}\\b`), two.text);
  });
});
