import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ProgramExit } from '../src/session/lifecycle/program-exit.js';
import { hooksFor } from '../src/profiles/hooks/index.js';

const exitFor = (hooks: string, lastStop?: string) => ProgramExit.read(() => hooksFor(hooks), () => lastStop);

test("delve's negative code is the signal, not a code", () => {
  const e = exitFor('go');
  e.fromAdapter(-15, true, '');
  assert.equal(e.signal, 'SIGTERM');
  assert.equal(e.code, undefined);
  assert.equal(e.describe(), 'ended by signal SIGTERM');
});

test("debugpy's 256 - N is the code, with the signal it may stand for", () => {
  const e = exitFor('python');
  e.fromAdapter(247, true, '');
  assert.equal(e.code, 247);
  assert.match(e.note ?? '', /or killed by signal SIGKILL/);
  const plain = exitFor('python');
  plain.fromAdapter(3, true, '');
  assert.equal(plain.note, undefined);
});

test('lldb: status N after a stop for signal N is that signal; without the stop it is hedged', () => {
  const after = exitFor('lldb', 'stopped (signal SIGTERM) at main.c:3');
  after.fromAdapter(15, true, '');
  assert.equal(after.signal, 'SIGTERM');
  const bare = exitFor('lldb');
  bare.fromAdapter(9, true, '');
  assert.equal(bare.code, 9);
  assert.match(bare.note ?? '', /or signal SIGKILL/);
});

test('the process the gateway started wins over the adapter', () => {
  const e = exitFor('python');
  e.fromProcess({ code: null, signal: 'SIGKILL', byGateway: false });
  e.fromAdapter(247, true, '');
  assert.equal(e.describe(), 'ended by signal SIGKILL');
});

test('the report front ends word: nothing said before the end is known; the reason only while no code or signal is', () => {
  const e = exitFor('python');
  assert.deepEqual(e.report(), { summary: undefined, code: undefined, signal: undefined, codeUnknown: undefined, note: undefined });
  e.fromAdapter(undefined, false, 'the adapter says 0 always');
  assert.deepEqual(e.report(), { summary: 'exited (exit code unknown: the adapter says 0 always)', code: undefined, signal: undefined, codeUnknown: 'the adapter says 0 always', note: undefined });
  e.fromProcess({ code: 247, signal: null, byGateway: false });
  const known = e.report();
  assert.equal(known.code, 247);
  assert.equal(known.codeUnknown, undefined);
  assert.match(known.summary ?? '', /^exited with code 247 \(.*or killed by signal SIGKILL/);
  assert.equal(known.note, e.note);
});
