import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ThreadTable } from '../src/session/threads/threads.js';
import type { DapClient } from '../src/session/connection/dap-client.js';
import type { StopInfo } from '../src/session/types.js';

// The table only uses connections as keys.
const connection = (name: string) => ({ name }) as unknown as DapClient;

function stop(reason = 'breakpoint', allThreadsStopped = false): StopInfo {
  return { seq: 0, ready: true, reason, threadId: 0, allThreadsStopped, breakpointIds: [], frames: [], at: Date.now() };
}

test('several threads stopping at one breakpoint: every stop is kept in order, the first keeps the focus', () => {
  const t = new ThreadTable();
  const c = connection('jvm');
  for (const id of [1, 169, 170, 171]) t.entry(c, id, `thread-${id}`);
  t.stopped(c, 169, stop());
  t.stopped(c, 171, stop());
  t.stopped(c, 170, stop());
  assert.equal(t.focus()?.id, 169);
  assert.deepEqual(t.stoppedThreads().map((e) => e.id), [169, 171, 170]);
  assert.equal(t.get(1)?.state, 'running', 'a thread nobody stopped is running');
  // continuing the focused thread alone: the next stop in order is shown
  t.resume(t.get(169)!);
  assert.equal(t.focus()?.id, 171);
  assert.ok(t.anyStopped);
  for (const e of t.stoppedThreads()) t.resume(e);
  assert.equal(t.anyStopped, false);
});

test('allThreadsStopped stops every thread of that connection only; allThreadsContinued resumes them', () => {
  const t = new ThreadTable();
  const a = connection('a');
  const b = connection('b');
  t.entry(a, 1);
  t.entry(a, 2);
  t.entry(b, 7);
  t.stopped(a, 1, stop('breakpoint', true));
  assert.equal(t.get(2)?.state, 'stopped');
  assert.equal(t.get(2)?.stop, undefined, 'stopped with the others, no stop of its own');
  assert.equal(t.get(7)?.state, 'running', 'another target is not stopped by it');
  assert.equal(t.entry(a, 3).state, 'stopped', 'a thread first listed while its connection is stopped as a whole is stopped');
  t.continued(a, 1, true);
  assert.equal(t.anyStopped, false);
});

test('adapter thread ids that collide across connections get distinct session ids', () => {
  const t = new ThreadTable();
  const a = connection('worker 1');
  const b = connection('worker 2');
  const x = t.entry(a, 1);
  const y = t.entry(b, 1);
  assert.notEqual(x.id, y.id);
  assert.equal(t.entry(b, 1), y, 'the same adapter thread maps to the same entry');
  assert.deepEqual(t.forget(b).map((e) => e.id), [y.id]);
  assert.equal(t.get(y.id), undefined);
});

test('a stepping thread keeps the focus; a stop elsewhere meanwhile waits its turn', () => {
  const t = new ThreadTable();
  const c = connection('c');
  t.stopped(c, 1, stop());
  t.resume(t.get(1)!, true);
  t.stopped(c, 2, stop());
  assert.equal(t.focus()?.id, 1, 'still the stepping thread');
  t.stopped(c, 1, stop('step'));
  assert.equal(t.focus()?.id, 1);
  assert.equal(t.stoppedThreads().length, 2);
  t.resume(t.get(1)!, true);
  t.release(); // the step ended at another thread's stop
  assert.equal(t.focus()?.id, 2);
});

test('threads a listing no longer shows are gone; exited threads are removed', () => {
  const t = new ThreadTable();
  const c = connection('c');
  t.refresh(c, [{ id: 1, name: 'main' }, { id: 2, name: 'w' }]);
  t.onThreadEvent(c, 'exited', 2);
  assert.deepEqual(t.all().map((e) => e.name), ['main']);
  t.refresh(c, [{ id: 3, name: 'x' }]);
  assert.deepEqual(t.all().map((e) => e.id), [3]);
});
