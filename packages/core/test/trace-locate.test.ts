import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { loadProfiles } from '../src/index.js';
import { functionBodyLine } from '../src/trace/locate.js';

const root = resolve(import.meta.dirname, '..', '..', '..');
const profiles = loadProfiles(join(root, 'adapters-config'));
const profile = (id: string) => profiles.find((p) => p.id === id)!;

test("a function's first body line, per profile pattern (Python def, JS function, Java method)", async () => {
  assert.equal(await functionBodyLine(profile('python'), join(root, 'examples/python/scores.py'), 'running_total'), 9);
  assert.equal(await functionBodyLine(profile('node'), join(root, 'examples/node/scores.js'), 'runningTotal'), 8);
  assert.equal(await functionBodyLine(profile('java'), join(root, 'examples/java/Scores.java'), 'Scores.runningTotal'), 8);
});

test('a name that is not defined in the file is refused with what to do instead', async () => {
  await assert.rejects(functionBodyLine(profile('python'), join(root, 'examples/python/scores.py'), 'nowhere'), /no definition of 'nowhere'.*|pass file and line/);
});
