import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { loadProfiles } from '../src/index.js';
import { cleanFrameNames } from '../src/session/reads/frame-names.js';

const root = resolve(import.meta.dirname, '..', '..', '..');
const rust = loadProfiles(join(root, 'adapters-config')).find((p) => p.id === 'rust')!;
const clean = (name: string) => cleanFrameNames([{ id: 1, name, line: 1, column: 1 }], rust.stops.frameNameNoise, rust.stops.frameNameEscapes)[0]!.name;

test('Rust frame names: the hash removed and legacy mangling escapes resolved', () => {
  assert.equal(clean('semver::parse::_$LT$impl$u20$core..str..traits..FromStr$u20$for$u20$semver..Version$GT$::from_str::h0123456789abcdef'), 'semver::parse::<impl core::str::traits::FromStr for semver::Version>::from_str');
  assert.equal(clean('test_version::test_parse::_$u7b$$u7b$closure$u7d$$u7d$'), 'test_version::test_parse::{{closure}}');
  assert.equal(clean('core::ops::function::FnOnce::call_once'), 'core::ops::function::FnOnce::call_once');
});
