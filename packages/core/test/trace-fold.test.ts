import { test } from 'node:test';
import assert from 'node:assert/strict';
import { foldLines, type LineEvent, type LoopFold } from '../src/index.js';

const ev = (line: number, changed: LineEvent['changed'] = []): LineEvent => ({ line, changed, calls: [] });

/** A python-like for loop: head 10, body 11 and 14 (12 on a negative value), exit check, return at 15. */
function pythonLoop(n: number, oddAt: number): LineEvent[] {
  const out = [ev(9, [{ name: 'total', to: '0' }])];
  let total = 0;
  for (let i = 0; i < n; i++) {
    out.push(ev(10, [{ name: 'i', from: i ? String(i - 1) : undefined, to: String(i) }]), ev(11));
    const before = total;
    if (i === oddAt) {
      total -= 1;
      out.push(ev(12, [{ name: 'total', from: String(before), to: String(total) }]));
    } else {
      total += i;
      out.push(ev(14, [{ name: 'total', from: String(before), to: String(total) }]));
    }
  }
  out.push(ev(10), ev(15));
  return out;
}

test('a loop folds to its count, the common path, the odd iteration and the value ranges', () => {
  const folded = foldLines(pythonLoop(40, 12));
  assert.deepEqual(folded.map((f) => f.kind), ['line', 'loop', 'line', 'line']);
  const loop = folded[1] as LoopFold;
  assert.equal(loop.count, 40);
  assert.deepEqual(loop.path, [10, 11, 14]);
  assert.deepEqual(loop.odd, [13]);
  assert.deepEqual(loop.shown.map((s) => s.iteration), [1, 13, 40]);
  assert.deepEqual(loop.ranges.find((r) => r.name === 'i'), { name: 'i', from: '0', to: '39', values: Array.from({ length: 40 }, (_, k) => String(k)) });
  assert.equal(loop.ranges.find((r) => r.name === 'total')?.from, '0');
  assert.deepEqual([loop.firstLine, loop.lastLine], [10, 14]);
});

test('nested loops: the outer folds, the inner folds inside the shown iterations', () => {
  const events: LineEvent[] = [ev(1)];
  for (let o = 0; o < 4; o++) {
    events.push(ev(2));
    for (let i = 0; i < 5; i++) events.push(ev(3), ev(4));
    events.push(ev(3), ev(5));
  }
  events.push(ev(2), ev(6));
  const folded = foldLines(events);
  const outer = folded.find((f) => f.kind === 'loop') as LoopFold;
  assert.equal(outer.count, 4);
  assert.equal(outer.firstLine, 2);
  const inner = outer.shown[0]!.lines.find((f) => f.kind === 'loop') as LoopFold;
  assert.equal(inner.count, 5);
  assert.deepEqual(inner.path, [3, 4]);
});

test('straight-line code and two repetitions stay unfolded', () => {
  assert.deepEqual(foldLines([ev(1), ev(2), ev(3)]).map((f) => f.kind), ['line', 'line', 'line']);
  assert.ok(foldLines([ev(1), ev(2), ev(1), ev(2), ev(3)]).every((f) => f.kind === 'line'));
});

test('a loop variable that goes out of scope on every pass (delve, lldb) ranges over its values, not to "gone"', () => {
  const events: LineEvent[] = [ev(11, [{ name: 'total', to: '0' }])];
  for (let i = 0; i < 4; i++) {
    events.push(ev(12, [{ name: 'i', to: String(i) }]), ev(13, [{ name: 'v', to: String(i * 2) }]), ev(17, [{ name: 'i', from: String(i) }, { name: 'v', from: String(i * 2) }]));
  }
  events.push(ev(12), ev(20));
  const loop = foldLines(events).find((f) => f.kind === 'loop') as LoopFold;
  assert.equal(loop.count, 4);
  assert.deepEqual(loop.ranges.find((r) => r.name === 'i'), { name: 'i', from: '0', to: '3', values: ['0', '1', '2', '3'] });
  assert.deepEqual(loop.ranges.find((r) => r.name === 'v'), { name: 'v', from: '0', to: '6', values: ['0', '2', '4', '6'] });
});

test('a two-pass loop is not folded as three (the exit check is no iteration); a head stopped at twice on entry is the same path', () => {
  // V8 at `for (const item of items)`: the head twice on entry, once per further pass, once to exit
  const pass = () => [ev(4), ev(5), ev(8), ev(10)];
  const twice = [ev(2), ev(3), ev(3), ...pass(), ev(3), ...pass(), ev(3), ev(12)];
  assert.deepEqual(foldLines(twice).map((f) => f.kind), Array(twice.length).fill('line'), 'two passes are shown as they ran');
  const thrice = [ev(2), ev(3), ev(3), ...pass(), ev(3), ...pass(), ev(3), ...pass(), ev(3), ev(12)];
  const loop = foldLines(thrice).find((f) => f.kind === 'loop') as LoopFold;
  assert.equal(loop.count, 3);
  assert.deepEqual(loop.odd, [], 'the first pass took the same path as the others');
  assert.deepEqual(loop.path, [3, 4, 5, 8, 10]);
});

test('a loop header over several lines: its first lines run once before the first pass are not an iteration', () => {
  // lldb at `for (i, v) in values` / `.iter()` / `.enumerate()` (lines 6-8): the header's lines once, then the head on every pass
  const pass = (last: number) => [ev(6, [{ name: 'i', to: '0' }]), ev(9), ev(last)];
  const events = [ev(5), ev(6), ev(7), ev(8), ...pass(10), ...pass(10), ...pass(11), ev(6), ev(13)];
  const folded = foldLines(events);
  const loop = folded.find((f) => f.kind === 'loop') as LoopFold;
  assert.equal(loop.count, 3, 'three passes ran');
  assert.deepEqual(loop.path, [6, 9, 10]);
  assert.deepEqual(loop.odd, [3]);
  assert.deepEqual(
    folded.filter((f) => f.kind === 'line').map((f) => (f.kind === 'line' ? f.event.line : 0)),
    [5, 6, 7, 8, 6, 13],
    'the header lines run before the first pass are shown before the loop (and the exit check after it)',
  );
});
