import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LocalValues } from '../src/trace/cut-summary.js';
import { localChanges } from '../src/trace/local-changes.js';

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
