import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { functionName, sameActivation } from '../src/session/threads/activation.js';

const frame = (name: string, path: string, hint?: 'label'): DebugProtocol.StackFrame => ({ id: 1, name, line: 1, column: 1, source: { path }, ...(hint ? { presentationHint: hint } : {}) });

test("a method whose `this` description changed is the same function", () => {
  assert.equal(functionName('QuickLRU(1/10).get'), 'QuickLRU.get');
  const before = { frames: [frame('QuickLRU(1/10).get', '/a/lru.js'), frame('main', '/a/app.js')] };
  const after = { frames: [frame('QuickLRU(0/10).get', '/a/lru.js'), frame('main', '/a/app.js')] };
  assert.ok(sameActivation(before, after));
});

test('after an await the stack below differs, the function is the same; another file or function is not', () => {
  const before = { frames: [frame('priceOrder', '/a/async.mjs'), frame('<anonymous>', '/a/async.mjs')], totalFrames: 2 };
  const after = { frames: [frame('priceOrder', '/a/async.mjs'), frame('await', '', 'label'), frame('<anonymous>', '/a/async.mjs')], totalFrames: 3 };
  assert.ok(sameActivation(before, after));
  assert.ok(!sameActivation(before, { frames: [frame('priceOrder', '/b/async.mjs')] }));
  assert.ok(!sameActivation(before, { frames: [frame('fetchPrice', '/a/async.mjs')] }));
});

test('recursion: the same function one level deeper is another activation', () => {
  const outer = { frames: [frame('fact', '/a/f.py'), frame('main', '/a/f.py')], totalFrames: 2 };
  const inner = { frames: [frame('fact', '/a/f.py'), frame('fact', '/a/f.py'), frame('main', '/a/f.py')], totalFrames: 3 };
  assert.ok(!sameActivation(outer, inner));
});
