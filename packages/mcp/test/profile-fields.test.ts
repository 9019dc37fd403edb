import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadProfiles } from '@dapgate/core';
import { fieldHelp, fieldShape, takeFields } from '../src/tools/profile-fields.js';

const profiles = loadProfiles();

test('tool input schemas carry the fields the profiles declare, with their types', () => {
  const launch = fieldShape(profiles, 'launch');
  assert.ok(launch.module!.safeParse('json.tool').success);
  assert.ok(!launch.module!.safeParse(3).success);
  assert.ok(launch.classPaths!.safeParse(['a', 'b']).success);
  assert.ok(!launch.classPaths!.safeParse('a').success);
  assert.ok(launch.module!.isOptional());
  assert.equal(launch.mainClass!.description, 'java', 'a field names the language taking it; what it means is in debug_languages');
  assert.match(fieldHelp(profiles.find((p) => p.id === 'java')!).mainClass ?? '', /main class/);
  assert.equal(fieldShape(profiles, 'attach').module, undefined, 'launch-only fields stay off attach');
});

test('takeFields picks only declared language fields', () => {
  assert.deepEqual(takeFields(profiles, 'launch', { program: 'a.py', module: 'm', args: [] }), { module: 'm' });
  assert.equal(takeFields(profiles, 'launch', { program: 'a.py' }), undefined);
});
