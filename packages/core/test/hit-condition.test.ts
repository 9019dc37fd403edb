import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hitConditionMet, parseHitCondition } from '../src/breakpoints/hit-condition.js';
import { markLogMessage, splitLogpointOutput, takeLogpointMarkers } from '../src/breakpoints/logpoint-marker.js';
import { BreakpointBook } from '../src/breakpoints/book.js';

const stopsAt = (text: string, upTo = 12) => Array.from({ length: upTo }, (_, i) => i + 1).filter((n) => hitConditionMet(parseHitCondition(text), n));

test('one hitCondition grammar: N, == N, >= N, > N, % N', () => {
  assert.deepEqual(stopsAt('5'), [5]);
  assert.deepEqual(stopsAt('== 5'), [5]);
  assert.deepEqual(stopsAt('>= 8'), [8, 9, 10, 11, 12]);
  assert.deepEqual(stopsAt('>10'), [11, 12]);
  assert.deepEqual(stopsAt('% 3'), [3, 6, 9, 12]);
});

test('anything else is refused with the grammar', () => {
  for (const bad of ['every 2', '0', '% 0', '< 3', '3.5', '', 'x >= 2']) {
    assert.throws(() => parseHitCondition(bad), /not understood/, bad);
  }
  const book = new BreakpointBook();
  assert.throws(() => book.add({ file: '/a.py', line: 1, hitCondition: '!= 2' }), /not understood/);
  assert.throws(() => book.add({ file: '/a.py', line: 1, hitCondition: '2', logMessage: 'x' }), /logpoint cannot have a hitCondition/);
  assert.equal(book.list().length, 0, 'nothing refused is added');
});

test('logpoint markers are counted and stripped', () => {
  const out = `${markLogMessage('bp3', 'i is 1')}\nplain\n${markLogMessage('bp3', 'i is 2')}\n${markLogMessage('bp12', 'x')}\n`;
  const r = takeLogpointMarkers(out);
  assert.equal(r.text, 'i is 1\nplain\ni is 2\nx\n');
  assert.deepEqual(r.ids, ['bp3', 'bp3', 'bp12']);
  assert.deepEqual(takeLogpointMarkers('no marker'), { text: 'no marker', ids: [] });
});

test('output is split into program lines and one piece per logpoint line', () => {
  const out = `prog 1\n${markLogMessage('bp3', 'i is 1')}\nprog 2\nprog 3\n${markLogMessage('bp3', 'i is 2')}\n${markLogMessage('bp4', 'x')}\n`;
  assert.deepEqual(splitLogpointOutput(out), [
    { text: 'prog 1\n', ids: [] },
    { text: 'i is 1\n', ids: ['bp3'] },
    { text: 'prog 2\nprog 3\n', ids: [] },
    { text: 'i is 2\n', ids: ['bp3'] },
    { text: 'x\n', ids: ['bp4'] },
  ]);
  assert.deepEqual(splitLogpointOutput('plain\n'), [{ text: 'plain\n', ids: [] }]);
});

test('a logpoint message that spans lines is one piece, to its end marker', () => {
  const out = `prog 1\n${markLogMessage('bp3', 'first 0\nsecond alpha\nbeta end')}\nprog 2\n${markLogMessage('bp3', 'first 1\nsecond')}\n`;
  assert.deepEqual(splitLogpointOutput(out), [
    { text: 'prog 1\n', ids: [] },
    { text: 'first 0\nsecond alpha\nbeta end\n', ids: ['bp3'] },
    { text: 'prog 2\n', ids: [] },
    { text: 'first 1\nsecond\n', ids: ['bp3'] },
  ]);
  // an adapter that cut the message (no end marker in the event): its first line is the logpoint's, as before
  const cut = markLogMessage('bp5', 'a\nb').replace(/\u2060dapgate:end\u2060/, '');
  assert.deepEqual(splitLogpointOutput(`${cut}\nprog\n`), [
    { text: 'a\n', ids: ['bp5'] },
    { text: 'b\nprog\n', ids: [] },
  ]);
});
