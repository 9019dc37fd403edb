import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { BookBreakpoint } from '@dapgate/core';
import { hitWords } from '../src/format/hit-counts.js';

const bp = (extra: Partial<BookBreakpoint>): BookBreakpoint => ({ id: 'bp1', kind: 'line', file: '/a.py', line: 3, hits: 2763, stops: 1, bindings: new Map(), ...extra });

test('what dapgate can know about a breakpoint\'s passes, in words', () => {
  assert.equal(hitWords(bp({})), 'hits 2,763');
  assert.equal(hitWords(bp({ hitCondition: '>= 2763', hitRule: { op: '>=', n: 2763 } as BookBreakpoint['hitRule'] })), 'reached 2,763 times (hitCondition checked by dapgate at each), stopped 1 time');
  assert.equal(hitWords(bp({ condition: 'x > 1', hits: 1 })), 'condition held 1 time (the adapter evaluates it at every pass; dapgate does not see how often)');
  assert.equal(hitWords(bp({ logMessage: 'x={x}' })), 'logged 2,763 times');
  assert.match(hitWords(bp({ logMessage: 'x={x}', condition: 'x > 1' })), /^logged 2,763 times \(only when its condition held/);
});
