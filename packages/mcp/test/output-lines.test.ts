import { test } from 'node:test';
import assert from 'node:assert/strict';
import { joinOutput } from '../src/format/output-lines.js';

test('a logpoint arriving between the pieces of a program line gets a line of its own', () => {
  const text = joinOutput([
    { category: 'stdout', text: 'final' },
    { category: 'logpoint', text: 'LOG total=-5\n' },
    { category: 'stdout', text: ' -5 eu' },
    { category: 'stdout', text: '\n' },
  ]);
  assert.equal(text, '[logpoint] LOG total=-5\nfinal -5 eu\n');
});

test('every line of a tagged record is tagged; unfinished lines come last; no tags when one category is asked for', () => {
  const pieces = [
    { category: 'stderr', text: 'Traceback\n  line 3\n' },
    { category: 'stdout', text: 'partial' },
    { category: 'stdout', text: 'a\nb\n' },
  ];
  assert.equal(joinOutput(pieces), '[stderr] Traceback\n[stderr]   line 3\npartiala\nb\n');
  assert.equal(joinOutput([{ category: 'stdout', text: 'no newline' }, { category: 'stderr', text: 'x\n' }]), '[stderr] x\nno newline');
  assert.equal(joinOutput([{ category: 'stderr', text: 'e\n' }], false), 'e\n');
});

test('a logpoint message that spans lines is one message: its further lines are indented under its first', () => {
  const pieces = [
    { category: 'logpoint', text: 'first 0\nsecond alpha\nbeta end\n' },
    { category: 'stdout', text: 'printed 0\n' },
    { category: 'logpoint', text: 'first 1' },
  ];
  assert.equal(joinOutput(pieces), '[logpoint] first 0\n           second alpha\n           beta end\nprinted 0\n[logpoint] first 1\n');
  assert.equal(joinOutput(pieces.filter((p) => p.category === 'logpoint'), false), 'first 0\n  second alpha\n  beta end\nfirst 1\n');
});
