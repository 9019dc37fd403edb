import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deepMerge, fillTemplate } from '../src/profiles/template.js';

test('a whole-string placeholder becomes the value of any type; absent values drop the key', () => {
  const filled = fillTemplate({ program: '${program}', args: '${args}', stop: '${stopOnEntry}', env: '${env}', fixed: 1 }, { program: '/a.py', args: ['x'], stopOnEntry: false });
  assert.deepEqual(filled, { program: '/a.py', args: ['x'], stop: false, fixed: 1 });
});

test('placeholders inside strings interpolate; a missing one drops the string, also from arrays', () => {
  assert.deepEqual(fillTemplate(['${cwd}/**/*.js', '!${missing}/x', 'plain'], { cwd: '/p' }), ['/p/**/*.js', 'plain']);
  assert.deepEqual(fillTemplate({ connect: { host: '${host}', port: '${port}' } }, { host: 'h', port: 5678 }), { connect: { host: 'h', port: 5678 } });
});

test('deepMerge merges objects and replaces arrays and scalars', () => {
  assert.deepEqual(deepMerge({ a: { b: 1, c: 2 }, l: [1, 2], s: 'x' }, { a: { c: 3 }, l: [9], s: 'y', n: true }), { a: { b: 1, c: 3 }, l: [9], s: 'y', n: true });
  assert.deepEqual(deepMerge({ a: 1 }, undefined), { a: 1 });
});
