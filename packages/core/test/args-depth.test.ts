import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkArgsDepth, MAX_ARGS_DEPTH } from '../src/session/checks/args-depth.js';
import { GatewayError } from '../src/errors.js';

const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = i % 2 ? { a: v } : [v];
  return v;
};

test('adapter arguments nested up to the limit pass; deeper ones are refused with what to do', () => {
  assert.doesNotThrow(() => checkArgsDepth(undefined, 'adapterArgs'));
  assert.doesNotThrow(() => checkArgsDepth({ justMyCode: false, env: { A: '1' }, list: [1, [2]] }, 'adapterArgs'));
  assert.doesNotThrow(() => checkArgsDepth(nested(MAX_ARGS_DEPTH), 'adapterArgs'));
  assert.throws(
    () => checkArgsDepth(nested(MAX_ARGS_DEPTH + 1), 'adapterArgs'),
    (e: unknown) => e instanceof GatewayError && /adapterArgs nests deeper than 64 levels/.test(e.message) && /flatten adapterArgs/.test(e.hint ?? ''),
  );
  assert.throws(() => checkArgsDepth({ x: nested(300) }, 'adapterArgs'), GatewayError);
});
