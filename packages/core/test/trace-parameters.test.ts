import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isUnnamed, namedArguments, ownParametersAt, parametersAt } from '../src/trace/parameters.js';
import { unnamedLabel } from '../src/session/reads/unnamed-variables.js';

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

test("a Rust call's unnamed arguments (lldb-dap's <null>, labelled (unnamed)) named by their parameters' patterns", () => {
  const source = ['fn skip((lo, hi): (i32, i32), &self, _: u8, n: i32) -> i32 {', '    n', '}'];
  const own = ownParametersAt(source, 2, rust);
  assert.deepEqual(own.filter(isUnnamed).map((p) => p.pattern), ['(lo, hi)', '_']);
  const entry = { '(unnamed)': '(3, 10)', lo: '3', self: '0x1', '(unnamed 2)': '7', n: '21' };
  const named = namedArguments(entry, [...parametersAt(source, 2, rust)], own, unnamedLabel);
  assert.deepEqual(named.entry, { '(lo, hi)': '(3, 10)', lo: '3', self: '0x1', _: '7', n: '21' });
  assert.deepEqual(named.parameters, ['(lo, hi)', 'lo', 'hi', 'self', '_', 'n']);
  // not as many unnamed parameters in the signature as the adapter listed: labelled, still arguments
  const odd = namedArguments({ '(unnamed)': '7', n: '21' }, ['n'], [{ pattern: 'n', names: ['n'] }], unnamedLabel);
  assert.deepEqual(odd, { entry: { '(unnamed)': '7', n: '21' }, parameters: ['(unnamed)', 'n'] });
});
