import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startAdapterProcess } from '../src/transports.js';

test('onExit: listeners hear the exit once; an unsubscribed one does not; one added after the exit still does', async () => {
  const adapter = startAdapterProcess(process.execPath, ['-e', 'setTimeout(() => {}, 200)']);
  const heard: string[] = [];
  adapter.onExit(() => heard.push('kept'));
  const unsubscribe = adapter.onExit(() => heard.push('unsubscribed'));
  unsubscribe();
  await adapter.exited;
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(heard, ['kept']);
  const late = new Promise<void>((resolve) => adapter.onExit(resolve));
  await late;
  assert.deepEqual(heard, ['kept']);
});
