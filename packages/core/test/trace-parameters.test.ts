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
  assert.deepEqual([...parametersAt(source, 5, rust)].sort(), ['data', 'out', 'table']);
  // a stop on the definition line itself, and none above the first definition
  assert.deepEqual([...parametersAt(source, 2, rust)].sort(), ['data', 'out', 'table']);
  assert.deepEqual([...parametersAt(source, 1, rust)], []);
  // a profile that does not say how: none
  assert.deepEqual([...parametersAt(source, 5, { definition: rust.definition })], []);
});
