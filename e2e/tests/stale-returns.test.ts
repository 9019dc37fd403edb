// A return value belongs to the step that produced it (issue 21, findings 15 and 16: answers that
// misname). debugpy keeps each callee's last value, `(return) f`, in the caller's frame for as long
// as the frame lives: a stop lines later listed `(return) f=6` among the locals as if f had just
// returned. Shown on the stop right after the call, not on later ones; js-debug and java-debug
// (`Return value`, `->f()`) are held to the same rule.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const dir = join(repoRoot, 'e2e', 'fixtures', 'stale-returns');
const localsOf = (text: string) => /^Locals: (.*)$/m.exec(text)?.[1] ?? '';

const cases = [
  // where each adapter shows a value: debugpy in the caller after a step over or out of the call;
  // java-debug in the caller after a step out only; js-debug only in the returning frame
  { file: 'calls.py', f: /\(return\) f=6/, g: /\(return\) g=8/, any: /\(return\)/, afterOver: true, afterOut: true },
  { file: 'calls.js', f: /Return value=6/, g: /Return value=8/, any: /Return value/, afterOver: false, afterOut: false },
  { file: 'Calls.java', f: /->f\(\)=6/, g: /->g\(\)=8/, any: /->\w+\(\)/, afterOver: false, afterOut: true },
];

describe('return values on stop answers belong to the step that produced them (real debugpy, js-debug, java-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  for (const c of cases) {
    test(`${c.file}: a step over a call shows its value; the steps after it do not`, async () => {
      const p = join(dir, c.file);
      await g.ok('debug_launch', { program: p, breakpoints: [{ file: p, line: lineOf(p, 'a = f(3)') }] }, 120_000);
      try {
        const overF = await g.ok('debug_step', { kind: 'over' });
        if (c.afterOver) assert.match(localsOf(overF.text), c.f, overF.text);
        const plain = await g.ok('debug_step', { kind: 'over' });
        assert.doesNotMatch(localsOf(plain.text), c.any, plain.text);
        assert.ok(!Object.keys(plain.structured.locals ?? {}).some((k) => c.any.test(`${k}=`)), plain.text);
        const overG = await g.ok('debug_step', { kind: 'over' });
        if (c.afterOver) {
          assert.match(localsOf(overG.text), c.g, overG.text);
          assert.doesNotMatch(localsOf(overG.text), c.f, overG.text);
        }
        const later = await g.ok('debug_step', { kind: 'over' });
        assert.doesNotMatch(localsOf(later.text), c.any, later.text);
      } finally {
        await g.call('debug_stop');
      }
    });

    test(`${c.file}: a step out shows the value returned; a breakpoint lines later does not`, async () => {
      const p = join(dir, c.file);
      await g.ok('debug_launch', { program: p, breakpoints: [{ file: p, line: lineOf(p, 'return x + 1') }, { file: p, line: lineOf(p, 'e = d - 1') }] }, 120_000);
      try {
        const out = await g.ok('debug_step', { kind: 'out' });
        if (c.afterOut) assert.match(localsOf(out.text), c.g, out.text);
        const bp = await g.ok('debug_continue', {});
        assert.match(bp.text, /stopped at breakpoint/, bp.text);
        assert.doesNotMatch(localsOf(bp.text), c.any, bp.text);
      } finally {
        await g.call('debug_stop');
      }
    });
  }

  test('again.py: a call that returns the same value again is shown on the step over it, said to be unchanged, and not on the loop head after', async () => {
    const p = join(dir, 'again.py');
    await g.ok('debug_launch', { program: p, breakpoints: [{ file: p, line: lineOf(p, 'total += f(3)') }] }, 120_000);
    try {
      const first = await g.ok('debug_step', { kind: 'over' });
      assert.match(first.text, /^> +7 \|/m, first.text);
      assert.match(localsOf(first.text), /\(return\) f=6/, first.text);
      const body = await g.ok('debug_step', { kind: 'over' });
      assert.match(body.text, /^> +8 \|/m, body.text);
      assert.doesNotMatch(localsOf(body.text), /\(return\)/, body.text);
      // debugpy's value is unchanged (6 again): the line stepped over calls f, but may not have (`a or f(3)`): said so
      const second = await g.ok('debug_step', { kind: 'over' });
      assert.match(second.text, /total=12/, second.text);
      assert.match(localsOf(second.text), /\(return\) f=6/, second.text);
      assert.match(second.text, /^\(return\) f: the same as before this step: the line stepped over calls it \(again the same result\), or this is an earlier call's value\.$/m, second.text);
    } finally {
      await g.call('debug_stop');
    }
  });
});
