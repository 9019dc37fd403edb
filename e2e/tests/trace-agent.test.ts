import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

/**
 * The agent's side of debug_trace: a program with a bug report and nothing else (a wrong number
 * printed), one debug_trace call naming only the program and the function. The answer alone must
 * name the faulty line: the loop line whose counter takes the value it never should, with that
 * value, and the body line that then adds the wrong element, with its old -> new total.
 */
/** An answer an agent reads in one turn (dapgate cuts any answer at 24,000 characters). */
const ANSWER_CHARS = 2_000;

const bugs = [
  {
    id: 'python',
    program: join(repoRoot, 'examples', 'python', 'receipt.py'),
    function: 'subtotal',
    // range(count + 1): one iteration too many; the fourth adds prices[3] = 11
    entry: [/^Locals at start: .*prices=\[5, 7, 9, 11, 13\]/m, /^Locals at start: .*count=3/m],
    loop: 'for i in range(count + 1):',
    body: 'total += prices[i]',
    iterations: 4,
    shown: 'iteration 4 (last)',
    counter: 'i: 2 -> 3',
    total: 'total: 21 -> 32',
    returned: 'Returned 32.',
  },
  {
    id: 'go',
    program: join(repoRoot, 'examples', 'go', 'recent', 'main.go'),
    function: 'recentAverage',
    // starts at len - n - 1: one reading too early; the first iteration adds readings[2] = 11
    entry: [/^Locals at start: .*readings=\[\]int len: 6, cap: 6, \[12,15,11,14,20,18\]/m, /^Locals at start: .*n=3/m],
    loop: 'for i := len(readings) - n - 1; i < len(readings); i++ {',
    body: 'total += readings[i]',
    iterations: 4,
    shown: 'iteration 1 (first)',
    counter: 'i = 2',
    total: 'total: 0 -> 11',
    returned: 'Returned 21',
  },
];

for (const bug of bugs) {
  describe(`an agent finds the faulty line with one debug_trace call (${bug.id}, real adapter)`, () => {
    let g: Gateway;
    before(async () => {
      g = await Gateway.start();
    });
    after(async () => {
      await g?.close();
    });

    test('the function name alone: the answer shows the loop line producing the wrong value, with old -> new', async () => {
      const r = await g.ok('debug_trace', { program: bug.program, function: bug.function }, 240_000);
      // within the output budget: nothing cut, and short enough to read in one turn
      assert.doesNotMatch(r.text, /characters cut/, r.text);
      assert.ok(r.text.length <= ANSWER_CHARS, `${r.text.length} characters: ${r.text}`);
      const loop = lineOf(bug.program, bug.loop);
      const body = lineOf(bug.program, bug.body);
      for (const arg of bug.entry) assert.match(r.text, arg, r.text);
      // the loop ran once more than the n the call asked for
      assert.match(r.text, new RegExp(`lines ${loop}-${body} x ${bug.iterations} \\(`), r.text);
      // the iteration that should not have run is shown in full: the loop line gives the counter
      // its wrong value, the body line then adds the element that does not belong
      const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const iteration = new RegExp(
        `${esc(bug.shown)}:\\n\\s+${loop} \\| ${esc(bug.loop.slice(0, 40))}[^\\n]*?\\s${esc(bug.counter)}(?:;[^\\n]*)?\\n\\s+${body} \\| ${esc(bug.body)}\\s+${esc(bug.total)}(?:;[^\\n]*)?\\n`,
      );
      assert.match(r.text, iteration, r.text);
      assert.match(r.text, new RegExp(esc(bug.returned)), r.text);
      await g.ok('debug_stop');
    });
  });
}
