import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { loadProfiles } from '../src/index.js';
import { cleanFrameNames } from '../src/session/reads/frame-names.js';
import { calleeName } from '../src/trace/callee-name.js';

const root = resolve(import.meta.dirname, '..', '..', '..');
const rust = loadProfiles(join(root, 'adapters-config')).find((p) => p.id === 'rust')!;
const node = loadProfiles(join(root, 'adapters-config')).find((p) => p.id === 'node')!;
const cleanWith = (p: typeof rust) => (name: string) => cleanFrameNames([{ id: 1, name, line: 1, column: 1 }], p.stops)[0]!.name;
const clean = cleanWith(rust);

test('Rust frame names: the hash removed and legacy mangling escapes resolved', () => {
  assert.equal(clean('semver::parse::_$LT$impl$u20$core..str..traits..FromStr$u20$for$u20$semver..Version$GT$::from_str::h0123456789abcdef'), 'semver::parse::<impl core::str::traits::FromStr for semver::Version>::from_str');
  assert.equal(clean('test_version::test_parse::_$u7b$$u7b$closure$u7d$$u7d$'), 'test_version::test_parse::{{closure}}');
  assert.equal(clean('core::ops::function::FnOnce::call_once'), 'core::ops::function::FnOnce::call_once');
  // a trait method's legacy symbol starts with the escape itself
  assert.equal(clean('_$LT$rust_names..Shelf$u20$as$u20$rust_names..Scaled$GT$::scaled::h0123456789abcdef'), '<rust_names::Shelf as rust_names::Scaled>::scaled');
});

test('Rust callee names in traces: the last segments and the type, no module path or generic arguments', () => {
  const short = (name: string) => calleeName(name, rust.trace!.calleeNoise);
  assert.equal(short('rust_names::Shelf::total'), 'Shelf::total');
  assert.equal(short('<rust_names::Shelf as rust_names::Scaled>::scaled'), '<Shelf as Scaled>::scaled');
  assert.equal(short('core::iter::traits::iterator::Iterator::map<alloc::vec::into_iter::IntoIter<i32>, app::f::{closure_env#0}>'), 'Iterator::map');
  assert.equal(short('<alloc::vec::Vec<i32> as core::ops::drop::Drop>::drop'), '<Vec as Drop>::drop');
  assert.equal(short('app::report::{{closure}}'), 'report::{{closure}}');
  assert.equal(short('app::largest<i32>'), 'largest');
  assert.equal(short('span'), 'span');
});

test('node frame names: a cut description of this is no part of the name', () => {
  const n = cleanWith(node);
  assert.equal(n('Timeout {.work'), 'work');
  assert.equal(n('Account of a very long holder name a ver….deposit'), 'deposit');
  // a receiver that is no class: a plain object, the global object, a module namespace
  assert.equal(n('Object.work'), 'work');
  assert.equal(n('global.make'), 'make');
  assert.equal(n('Module.make'), 'make');
  assert.equal(n('Shelf.add'), 'Shelf.add');
  assert.equal(n('Objects.add'), 'Objects.add');
  assert.equal(n('Ticker.tick'), 'Ticker.tick');
  assert.equal(n('QuickLRU(1/10).get'), 'QuickLRU(1/10).get');
  assert.equal(n('<anonymous>'), '<anonymous>');
});
