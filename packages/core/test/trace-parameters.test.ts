import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parametersAt } from '../src/trace/parameters.js';

const rust = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'adapters-config', 'rust.json'), 'utf8')).trace;

test('a Rust signature: generics, mut, patterns, self and a signature over several lines', () => {
  const source = [
    'impl Codec {',
    '    pub fn decode<T: AsRef<[u8]>, F: Fn(u8) -> u8>(&self, data: T, mut table: &[u8; 256],',
    '        out: &mut Vec<u8>) -> Result<usize, FromHexError> {',
    '        let data = data.as_ref();',
    '        out.len()',
    '    }',
    '}',
  ];
  assert.deepEqual([...parametersAt(source, 5, rust)].sort(), ['data', 'out', 'self', 'table']);
  // a stop on the definition line itself, and none above the first definition
  assert.deepEqual([...parametersAt(source, 2, rust)].sort(), ['data', 'out', 'self', 'table']);
  assert.deepEqual([...parametersAt(source, 1, rust)], []);
  // a profile that does not say how: none
  assert.deepEqual([...parametersAt(source, 5, { definition: rust.definition })], []);
});

test('Rust patterns as parameters, and closures\' parameters where their block holds the line', () => {
  const source = [
    'fn span((lo, hi): (i32, i32), &Point { x, y: up }: &Point, _: u8, [a, _, ref mut b]: [u8; 3]) -> i32 {',
    '    let hi = hi.max(lo);',
    '    let clamp = move |v: i32, &(p, q): &(i32, i32)| -> i32 {',
    '        let v = v.min(p);',
    '        v',
    '    };',
    '    let f = |w| w + 1;',
    '    hi',
    '}',
  ];
  assert.deepEqual([...parametersAt(source, 2, rust)].sort(), ['a', 'b', 'hi', 'lo', 'up', 'x']);
  assert.deepEqual([...parametersAt(source, 4, rust)].sort(), ['a', 'b', 'hi', 'lo', 'p', 'q', 'up', 'v', 'x']);
  // after the closure's block, and a closure with no block: the function's alone
  assert.deepEqual([...parametersAt(source, 8, rust)].sort(), ['a', 'b', 'hi', 'lo', 'up', 'x']);
});
