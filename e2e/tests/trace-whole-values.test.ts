import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const words = join(repoRoot, 'e2e', 'fixtures', 'trace-values', 'words.py');
const scan = join(repoRoot, 'e2e', 'fixtures', 'trace-values', 'scan.py');
const whole = "'alpha-bravo-charlie-delta-echo-foxtrot-golf-'";

/** A trace shows values whole (a loop's summary, a line's change), not cut at a few characters. */
describe('debug_trace values are whole (python, real debugpy)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('a folded loop\'s first and last values and each line\'s change are shown whole', async () => {
    const r = await g.ok('debug_trace', { program: words, function: 'join_words' }, 120_000);
    const loop = r.text.split('\n').find((l) => /lines \d+-\d+ x 7/.test(l));
    assert.ok(loop, `the loop is folded: ${r.text}`);
    assert.ok(loop.includes(`text '' -> … (6 more) -> ${whole}`), `the loop summary's last value is whole: ${loop}`);
    assert.ok(loop.includes(`word 'alpha' -> … (5 more) -> 'golf'`), loop);
    const line = lineOf(words, "text = text + word + '-'");
    assert.ok(r.text.split('\n').some((l) => l.includes(`${line} |`) && l.includes(`text: 'alpha-bravo-charlie-delta-echo-foxtrot-' -> ${whole}`)), `the last pass's change is whole: ${r.text}`);
    assert.doesNotMatch(r.text, /… \(\d+ chars\)/, r.text);
    await g.call('debug_stop', {});
  });

  test("a folded loop's summary shows every value a local took when they are few (a middle pass's is not hidden)", async () => {
    const r = await g.ok('debug_trace', { program: scan, function: 'last_separator' }, 120_000);
    const loop = r.text.split('\n').find((l) => /lines \d+-\d+ x 3/.test(l));
    assert.ok(loop, `the loop is folded: ${r.text}`);
    assert.ok(loop.includes('index -1 -> 2 -> -1 -> 1'), loop);
    assert.ok(loop.includes("item 'ab=c' -> 'x' -> 'k=v'"), loop);
    await g.call('debug_stop', {});
  });
});
