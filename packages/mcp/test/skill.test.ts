import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DEBUG_A_BUG_STEPS } from '../src/prompts.js';

const skill = readFileSync(new URL('../skills/debug-a-bug/SKILL.md', import.meta.url), 'utf8');

test('SKILL.md has the front matter agents load skills by (name, description)', () => {
  const front = /^---\n([\s\S]*?)\n---\n/.exec(skill)?.[1];
  assert.ok(front, 'front matter');
  assert.match(front, /^name: debug-a-bug$/m);
  assert.match(front, /^description: .{40,}$/m);
});

test('the skill and the debug-a-bug prompt walk through the same steps', () => {
  assert.ok(skill.includes(DEBUG_A_BUG_STEPS), 'SKILL.md carries the prompt\'s steps word for word');
  assert.ok(skill.length < 2_500, 'short');
});

test('the skill ships in the npm package', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { files?: string[] };
  assert.ok(!pkg.files || pkg.files.some((f) => f.startsWith('skills')), 'package.json files includes skills/');
});
