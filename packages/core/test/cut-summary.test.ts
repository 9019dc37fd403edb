import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { addWholes, CutSummary, LocalValues } from '../src/trace/cut-summary.js';
import { localChanges } from '../src/trace/local-changes.js';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const profile = (id: string): { variables: { cutSummary: string } } => JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', '..', 'adapters-config', `${id}.json`), 'utf8'));
const [lldb, rust] = [profile('lldb'), profile('rust')];

// the strings lldb-dap 19 gives for a summary it builds from children (JSONUtils.cpp,
// TryCreateAutoSummaryForContainer): cut with `...` past 32 characters or after 10 ms
const cut = new CutSummary(new RegExp(lldb.variables.cutSummary));

const child = (name: string, value: string, variablesReference = 0): DebugProtocol.Variable => ({ name, value, variablesReference });

/** Locals read at one stop: `children` answers each variablesReference as the adapter would. */
async function read(values: Record<string, [string, number?]>, children: Record<number, DebugProtocol.Variable[]> = {}): Promise<LocalValues> {
  const out = new LocalValues(cut);
  const refs = new Map<string, number>();
  for (const [name, [value, ref]] of Object.entries(values)) {
    out.set(name, value);
    refs.set(name, ref ?? 0);
  }
  await addWholes(out, refs, async (ref, count) => {
    const kids = children[ref];
    if (!kids) throw new Error('no such reference');
    return kids.slice(0, count);
  });
  return out;
}

const point = (x: number, y: number) => [child('x', String(x)), child('y', String(y))];

test('the rust and lldb profiles name the same cut form', () => {
  assert.equal(rust.variables.cutSummary, lldb.variables.cutSummary);
  assert.equal(cut.shown('{x:9, ...}'), '{x:9, ');
  assert.equal(cut.shown('0x00007ffd1234 {alpha:11, beta:12, gamma:13, delta:14, ...}'), '0x00007ffd1234 {alpha:11, beta:12, gamma:13, delta:14, ');
  assert.equal(cut.shown('{x:9, y:10}'), undefined);
  assert.equal(cut.shown('{from:{...}, to:{...}, label:"diag"}'), undefined);
});

test('a value cut by time at one stop and whole at the next is no change when its children agree', async () => {
  const before = await read({ boxed: ['0x5555 {x:9, ...}', 7] }, { 7: point(9, 10) });
  const after = await read({ boxed: ['0x5555 {x:9, y:10}', 8] }, { 8: point(9, 10) });
  assert.deepEqual(localChanges(before, after), []);
  assert.deepEqual(localChanges(after, before), []);
});

test('both reads cut at different places, children unchanged: no change', async () => {
  const kids = [child('a', '1'), child('b', '2'), child('c', '3')];
  const before = await read({ s: ['{a:1, ...}', 3] }, { 3: kids });
  const after = await read({ s: ['{a:1, b:2, ...}', 4] }, { 4: kids });
  assert.deepEqual(localChanges(before, after), []);
});

test('a change in the part shown is a change, cut or not', async () => {
  const before = await read({ p: ['{x:3, ...}', 1] }, { 1: point(3, -4) });
  const after = await read({ p: ['{x:4, y:-4}', 2] }, { 2: point(4, -4) });
  // shown whole, as its children read
  assert.deepEqual(localChanges(before, after), [{ name: 'p', from: '{x:3, y:-4}', to: '{x:4, y:-4}' }]);
  const unread = await read({ p: ['{x:3, ...}'] });
  assert.deepEqual(localChanges(unread, after), [{ name: 'p', from: '{x:3, ...}', to: '{x:4, y:-4}' }]);
});

test('a change past the cut, in a value cut the same way at both stops, is found through its children', async () => {
  const wide = (zeta: number) => ['alpha', 'beta', 'gamma', 'delta', 'epsilon'].map((n, i) => child(n, String(i + 11))).concat(child('zeta', String(zeta)));
  const shown = '{alpha:11, beta:12, gamma:13, delta:14, ...}';
  const before = await read({ w: [shown, 5] }, { 5: wide(16) });
  const after = await read({ w: [shown, 6] }, { 6: wide(23) });
  const whole = (zeta: number) => `{alpha:11, beta:12, gamma:13, delta:14, epsilon:15, zeta:${zeta}}`;
  assert.deepEqual(localChanges(before, after), [{ name: 'w', from: whole(16), to: whole(23) }]);
  const same = await read({ w: [shown, 9] }, { 9: wide(16) });
  assert.deepEqual(localChanges(before, same), []);
});

test('a cut value against a different whole one whose start it shows: the uncut summary from children decides', async () => {
  const before = await read({ p: ['{x:3, ...}', 1] }, { 1: point(3, 5) });
  const after = await read({ p: ['{x:3, y:-4}', 2] }, { 2: point(3, -4) });
  // the children at the first stop say y was 5: a change
  assert.deepEqual(localChanges(before, after), [{ name: 'p', from: '{x:3, y:5}', to: '{x:3, y:-4}' }]);
  // a child with a summary of its own shows otherwise in the adapter's summary: it cannot tell
  const named = await read({ p: ['{x:3, ...}', 1] }, { 1: [child('x', '3'), child('c', "U+0x61 'a'")] });
  const whole = await read({ p: ["{x:3, c:'a'}", 2] }, { 2: [] });
  assert.deepEqual(localChanges(named, whole), [{ name: 'p', from: '{x:3, ...}', to: "{x:3, c:'a'}", unsure: true }]);
});

test('children that cannot be read: not called a change, said to be unsure', async () => {
  const before = await read({ p: ['{x:3, ...}', 1] });
  const after = await read({ p: ['{x:3, y:-4}', 2] });
  assert.deepEqual(localChanges(before, after), [{ name: 'p', from: '{x:3, ...}', to: '{x:3, y:-4}', unsure: true }]);
});

test('nested children cut too are read whole; a struct child read as {...} leaves the uncut summary unknown', async () => {
  const kids = { 1: [child('from', '{x:0, ...}', 2), child('to', '{x:1, y:1}', 3)], 2: point(0, 0), 3: point(1, 1) };
  const before = await read({ line: ['{from:{...}, ...}', 1] }, kids);
  const after = await read({ line: ['{from:{...}, to:{...}, ...}', 1] }, kids);
  assert.deepEqual(localChanges(before, after), []);
  const moved = await read({ line: ['{from:{...}, to:{...}, ...}', 1] }, { ...kids, 2: point(0, 5) });
  assert.equal(localChanges(before, moved).length, 1);
});

test('a reference cut by time against its whole read, with struct and string children, is no change', async () => {
  const kids = { 1: [child('from', '{x:0, y:0}', 2), child('to', '{x:1, y:1}', 3), child('label', '"diag"')], 2: point(0, 0), 3: point(1, 1) };
  const before = await read({ line: ['0x00007fffffffe400 {from:{...}, ...}', 1] }, kids);
  const after = await read({ line: ['0x00007fffffffe400 {from:{...}, to:{...}, label:"diag"}', 4] });
  assert.deepEqual(localChanges(before, after), []);
  // the label past the cut differs: not exact (a string child), so said to be unsure rather than changed
  const relabeled = await read({ line: ['0x00007fffffffe400 {from:{...}, to:{...}, label:"flat"}', 4] });
  assert.deepEqual(localChanges(before, relabeled), [{ name: 'line', from: '0x00007fffffffe400 {from:{...}, ...}', to: '0x00007fffffffe400 {from:{...}, to:{...}, label:"flat"}', unsure: true }]);
  // another address: a change in the part shown
  const moved = await read({ line: ['0x00007fffffffe500 {from:{...}, to:{...}, label:"diag"}', 4] });
  assert.equal(localChanges(before, moved)[0]?.unsure, undefined);
});

test('a value with more children than are read at every stop (a large array) is left unknown, not read whole', async () => {
  const many = (last: number) => Array.from({ length: 100 }, (_, i) => child(`[${i}]`, String(i === 99 ? last : i)));
  const before = await read({ a: ['{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...}', 1] }, { 1: many(99) });
  assert.equal(before.wholes.size, 0);
  const after = await read({ a: ['{0, 1, 2, 3, 4, 5, ...}', 2] }, { 2: many(5) });
  assert.deepEqual(localChanges(before, after), [{ name: 'a', from: '{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...}', to: '{0, 1, 2, 3, 4, 5, ...}', unsure: true }]);
});

test('a value cut alike at both reads whose children were not read is neither changed nor unchanged: it is named as not compared', async () => {
  const many = Array.from({ length: 100 }, (_, i) => child(`[${i}]`, String(i)));
  const before = await read({ a: ['{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...}', 1], n: ['3'] }, { 1: many });
  const after = await read({ a: ['{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ...}', 2], n: ['3'] }, { 2: many });
  const notCompared: string[] = [];
  assert.deepEqual(localChanges(before, after, undefined, notCompared), []);
  assert.deepEqual(notCompared, ['a']);
  // read whole at both: compared, and unchanged
  const small = await read({ p: ['{x:3, ...}', 1] }, { 1: point(3, 4) });
  const none: string[] = [];
  assert.deepEqual(localChanges(small, small, undefined, none), []);
  assert.deepEqual(none, []);
});
