import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LocalValues } from '../src/trace/cut-summary.js';
import { localChanges, NOT_LISTED_OPTIMIZED } from '../src/trace/local-changes.js';
import { builtSources } from '../src/profiles/hooks/cargo.js';
import { builtOptimized } from '../src/session/reads/built-sources.js';

/** A read of locals: name -> value, the names listed in `unread` could not be read there. */
function read(values: Record<string, string>, unread: string[] = []): LocalValues {
  const m = new LocalValues();
  for (const [k, v] of Object.entries(values)) m.set(k, v);
  for (const k of unread) m.unreadable.add(k);
  return m;
}

test('a value that could not be read is no change; read again, it is compared with the last value read', () => {
  const a = read({ xs: 'size=3', n: '1' });
  const b = read({ xs: '<unreadable: variable not available>', n: '2' }, ['xs']);
  assert.deepEqual(localChanges(a, b), [{ name: 'xs', from: 'size=3', unreadable: 'here', reason: '<unreadable: variable not available>' }, { name: 'n', from: '1', to: '2' }]);
  // still unreadable (another reason): nothing new to say
  const c = read({ xs: '<unreadable: could not evaluate DW_OP_entry_value>', n: '2' }, ['xs']);
  assert.deepEqual(localChanges(b, c), []);
  // read again with the value it had: no change; with another: changed while it could not be read
  assert.deepEqual(localChanges(c, read({ xs: 'size=3', n: '2' })), []);
  assert.deepEqual(localChanges(c, read({ xs: 'size=0', n: '2' })), [{ name: 'xs', from: 'size=3', to: 'size=0', unreadable: 'between' }]);
});

test('a name first seen unreadable, then read, is said readable again, not new', () => {
  const a = read({ args: '<unreadable: no location>' }, ['args']);
  assert.deepEqual(localChanges(read({}), a), [{ name: 'args', unreadable: 'here', reason: '<unreadable: no location>' }]);
  assert.deepEqual(localChanges(a, read({ args: '7' })), [{ name: 'args', to: '7', unreadable: 'before' }]);
});

test('in an optimized function a name no longer listed is unreadable there, not gone; elsewhere it is gone', () => {
  const a = read({ b: '48', d: '495', gone: '<unreadable: no location>' }, ['gone']);
  const b = read({});
  assert.deepEqual(localChanges(a, b), [{ name: 'b', from: '48' }, { name: 'd', from: '495' }, { name: 'gone', from: '<unreadable: no location>' }]);
  // one already said unreadable is not said again
  assert.deepEqual(localChanges(a, b, undefined, undefined, NOT_LISTED_OPTIMIZED), [
    { name: 'b', from: '48', unreadable: 'here', reason: NOT_LISTED_OPTIMIZED },
    { name: 'd', from: '495', unreadable: 'here', reason: NOT_LISTED_OPTIMIZED },
  ]);
});

test("cargo's artifact messages say which packages were built with optimizations; the deepest folder holding a file decides", () => {
  const artifact = (manifest: string, opt: string, kind = 'lib') => ({ reason: 'compiler-artifact', manifest_path: manifest, profile: { opt_level: opt }, target: { name: 'x', kind: [kind] } });
  const sources = builtSources([artifact('/w/Cargo.toml', '2', 'custom-build'), artifact('/w/Cargo.toml', '0', 'bin'), artifact('/w/member/Cargo.toml', '2'), artifact('/w/member/Cargo.toml', '2', 'bin'), artifact('/w/s/Cargo.toml', 's'), { reason: 'build-finished' }]);
  assert.deepEqual(sources, [{ root: '/w', optimized: false }, { root: '/w/member', optimized: true }, { root: '/w/s', optimized: true }]);
  assert.equal(builtOptimized(sources, '/w/src/main.rs'), false);
  assert.equal(builtOptimized(sources, '/w/member/src/lib.rs'), true, 'a member in its root package folder is its own package');
  assert.equal(builtOptimized(sources, '/w/members/src/lib.rs'), false, 'a folder is not a prefix of a name');
  assert.equal(builtOptimized(sources, '/elsewhere/lib.rs'), false);
  assert.equal(builtOptimized(undefined, '/w/member/src/lib.rs'), false);
});
