import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadProfiles } from '../src/profiles/loader.js';
import { LibraryFrames } from '../src/session/reads/library-frames.js';
import { pauseTarget } from '../src/session/threads/pause-target.js';

const here = import.meta.dirname;

test('pause without threadId skips the JVM\'s own threads, whatever their order and java-debug\'s "Thread [..]" form', async () => {
  const java = loadProfiles().find((p) => p.id === 'java')!;
  const threads = ['Thread [Reference Handler]', 'Thread [Finalizer]', 'Thread [Signal Dispatcher]', 'Thread [HTTP-Dispatcher]', 'Thread [main]'].map((name, i) => ({ id: i + 1, name }));
  assert.equal(pauseTarget(threads, java.threads.systemThreads)?.id, 4);
  assert.equal(pauseTarget([{ id: 7, name: 'Thread [Finalizer]' }], java.threads.systemThreads)?.id, 7, 'only system threads: the first');
  assert.equal(pauseTarget([{ id: 3, name: 'MainThread' }], undefined)?.id, 3);
});

test('library frames per profile: paths, runtime names, no source, not on disk', async () => {
  const profiles = loadProfiles();
  const stops = (id: string) => profiles.find((p) => p.id === id)!.stops;
  const frame = (path: string | undefined, name = 'f') => ({ name, source: path ? { path } : undefined });
  const go = new LibraryFrames(stops('go'), here);
  assert.equal(await go.isLibrary(frame('/usr/local/go/src/fmt/print.go')), true);
  assert.equal(await go.isLibrary(frame('/home/a/go/pkg/mod/github.com/x/y@v1/y.go')), true);
  assert.equal(await go.isLibrary(frame(join(here, 'library-frames.test.ts'), 'runtime.main')), true, 'runtime.* by name');
  assert.equal(await go.isLibrary(frame(join(here, 'library-frames.test.ts'), 'main.main')), false);
  const node = new LibraryFrames(stops('node'), here);
  assert.equal(await node.isLibrary(frame('<node_internals>/path')), true);
  assert.equal(await node.isLibrary(frame('/app/node_modules/lodash/map.js')), true);
  const native = new LibraryFrames(stops('lldb'), here);
  assert.equal(await native.isLibrary(frame(undefined)), true, 'no debug info');
  assert.equal(await native.isLibrary(frame('sysdeps/nptl/libc_start_call_main.h')), true, 'not on disk');
  assert.equal(await native.isLibrary(frame('/usr/include/c++/12/bits/stl_vector.h')), true);
  assert.equal(await native.isLibrary(frame(join(here, 'library-frames.test.ts'))), false, 'a file on disk');
  const rust = new LibraryFrames(stops('rust'), here);
  assert.equal(await rust.isLibrary(frame('/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/alloc/src/vec/mod.rs')), true);
});
