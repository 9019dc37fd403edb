// What a new user of dapgate was told wrongly on code nobody here wrote (qs, commons-text; issue 21).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';
import { fakeConfigDir, fakeProgram } from '../support/fake-config.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { freePort } from '@dapgate/dap';
import { killGroup, startJdwpTarget } from '../support/processes.js';
import { eventually } from '../support/gateway.js';

const scores = join(repoRoot, 'examples', 'node', 'scores.js');

describe('answers a new user read on unfamiliar code (node, js-debug)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('where a trace leaves the session is a file:line in a function, not function:line', async () => {
    const r = await g.ok('debug_trace', { program: scores, function: 'scale', file: scores });
    const last = r.text.trim().split('\n').at(-1)!;
    assert.match(last, /^Session s\d+ is stopped at scores\.js:\d+ in (global\.)?runningTotal\b/, r.text);
    const stoppedLine = Number(/scores\.js:(\d+)/.exec(last)![1]);
    assert.ok(stoppedLine >= lineOf(scores, 'for (let i = 0; i < values.length') && stoppedLine <= lineOf(scores, 'total += scale(v, 2);'), last);
    await g.ok('debug_stop');
  });

  test("a call's arguments are its parameters, not its hoisted vars (undefined at its entry)", async () => {
    const hoisted = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'hoisted.js');
    const r = await g.ok('debug_trace', { program: hoisted, file: hoisted, function: 'parse', depth: 1 });
    const call = r.structured.traces[0].events.flatMap((e: { calls: { callee: string; args?: Record<string, string> }[] }) => e.calls).find((c: { callee: string }) => /split/.test(c.callee));
    assert.ok(call, r.text);
    assert.deepEqual(Object.keys(call.args).filter((k) => k !== 'this').sort(), ['key', 'sep'], r.text);
    assert.match(r.text, /split\((this=\S+, )?key='a&b&c', sep='&'(, this=\S+)?\) -> /, r.text);
    assert.doesNotMatch(r.text, /split\([^)]*\bparts=/, r.text);
    await g.ok('debug_stop');
  });

  test("a call's arguments are listed in the signature's order, not the adapter's (alphabetical)", async () => {
    const program = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'argorder.js');
    const r = await g.ok('debug_trace', { program, file: program, function: 'main', depth: 1 });
    assert.match(r.text, /window\((this=\S+, )?text='abcdef', start=1, end=3\) -> 'BC'/, r.text);
    await g.ok('debug_stop');
  });

  test('a returned array reads as its items, not as an object with a length', async () => {
    const program = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'returns-array.js');
    const r = await g.ok('debug_trace', { program, file: program, function: 'main', depth: 1 });
    assert.match(r.text, /multiples\((this=\S+, )?a=2\) -> Array\(3\) \[2, 4, 6\]/, r.text);
    assert.doesNotMatch(r.text, /length: 3/, r.text);
    await g.ok('debug_stop');
  });

  test("dapgate's own preload in a Node target is not the program's code", async () => {
    const patch = join(repoRoot, 'adapters-config', 'patches', 'node_inspector_nodelay.cjs');
    const line = lineOf(patch, 'const inodes = new Set();');
    const r = await g.ok('debug_launch', { program: scores, breakpoints: [{ file: patch, line }] });
    assert.match(r.text, /node_inspector_nodelay\.cjs:\d+ in inspectorSocketInodes/, r.text);
    const snap = await g.ok('debug_snapshot', {});
    const where = snap.text.split('\n').find((l) => /^ {4}\d+ at /.test(l));
    assert.match(where ?? '', /no frame of the program/, snap.text);
    await g.ok('debug_stop');
  });

  test("an argument a tool does not take is refused by name, not silently dropped", async () => {
    // a model that attached to a server passes the session to debug_probe, which only launches
    const r = await g.call('debug_probe', { sessionId: 's1', breakpoints: [{ file: scores, line: 4 }], expressions: ['value'] });
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /debug_probe takes no 'sessionId'/, r.text);
    assert.doesNotMatch(r.text, /no language given/, r.text);
    assert.match(r.text, /launches a program of its own[\s\S]*debug_breakpoint_set with logMessage and collect/, 'says how to do it in a live session');
    const typo = await g.call('debug_trace', { program: scores, function: 'scale', file: scores, maxline: 5 });
    assert.equal(typo.isError, true, typo.text);
    assert.match(typo.text, /takes no 'maxline'/, typo.text);
    assert.match(typo.text, /maxLines/, 'the parameters it does take are named');
    assert.deepEqual((await g.ok('debug_sessions')).structured.sessions.filter((s: { state: string }) => s.state !== 'terminated' && s.state !== 'exited'), [], 'nothing was launched');
  });
});

describe('answers a new user read on unfamiliar code (java)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('overloads of a name are listed with their signatures, and the hint does not offer Type.name where that cannot choose', async () => {
    const file = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'Overloads.java');
    for (const fn of ['find', 'Overloads.find']) {
      const r = await g.call('debug_trace', { program: file, file, function: fn }, 120_000);
      assert.equal(r.isError, true, r.text);
      assert.match(r.text, new RegExp(`line ${lineOf(file, 'static int find(String text, char c)')}: static int find\\(String text, char c\\)`), r.text);
      assert.match(r.text, new RegExp(`line ${lineOf(file, 'static int find(String text, String part)')}: static int find\\(String text, String part\\)`), r.text);
      assert.doesNotMatch(r.text, /as Type\.find/, 'every one is Overloads.find: that name cannot choose');
      assert.match(r.text, /pass file and line/, r.text);
    }
  });
});

describe('a stop the adapter reported, its stack not read yet (fake adapter)', () => {
  test('debug_pause says the adapter reported the stop and it is being read, not "reported no stop ... the program runs on"', async () => {
    const g = await Gateway.start({ DAPGATE_CONFIG_DIR: fakeConfigDir() });
    try {
      const r = await g.ok('debug_launch', { program: fakeProgram, stopOnEntry: true, adapterArgs: { mode: 'slow-frames' }, timeoutMs: 20_000 });
      assert.equal(r.structured.state, 'stopped', r.text);
      await g.ok('debug_continue', { timeoutMs: 300 });
      const p = await g.ok('debug_pause', { timeoutMs: 1_000 });
      assert.doesNotMatch(p.text, /reported no stop|runs on/, p.text);
      assert.match(p.text, /reported the stop \(pause, thread 1\)/, p.text);
      assert.match(p.text, /debug_wait/, p.text);
      const w = await g.ok('debug_wait', { timeoutMs: 10_000 });
      assert.equal(w.structured.state, 'stopped', w.text);
      assert.match(w.text, /stopped at pause/, w.text);
      await g.ok('debug_stop');
    } finally {
      await g.close();
    }
  });

  test("a detach right after such a pause resumes it, and does not call the session's own pause 'something this session did not set'", async () => {
    const g = await Gateway.start({ DAPGATE_CONFIG_DIR: fakeConfigDir() });
    try {
      const a = await g.ok('debug_attach', { language: 'fake', port: 65001, adapterArgs: { mode: 'slow-frames' } });
      assert.ok(a.structured.sessionId, a.text);
      await g.ok('debug_wait', { timeoutMs: 5_000 }); // the fake adapter stops at entry after every configurationDone
      await g.ok('debug_continue', { timeoutMs: 300 });
      const p = await g.ok('debug_pause', { timeoutMs: 500 });
      assert.match(p.text, /reported the stop \(pause/, p.text);
      const stop = await g.ok('debug_stop');
      assert.doesNotMatch(stop.text, /did not set|NOT running/, stop.text);
      assert.match(stop.text, /detached, the program keeps running/, stop.text);
      // and it was resumed: the pause's stop, once read, was followed by a run before the end
      const events = (await g.ok('debug_events', { sessionId: a.structured.sessionId })).text;
      assert.match(events, /stopped \(pause\)[\s\S]*state -> running[\s\S]*state -> terminated/, events);
    } finally {
      await g.close();
    }
  });
});

describe('a JVM attached to from a folder that does not hold its sources (real java-debug)', () => {
  test("its own frames are not called library code, nor its thread one with 'no frame of the program'", async () => {
    const port = await freePort();
    const target = startJdwpTarget(join(repoRoot, 'examples', 'java', 'Service.java'), port);
    let out = '';
    target.stdout!.on('data', (c: Buffer) => (out += c.toString()));
    // the gateway's folder is not where Service.java is: its source is not found
    const g = await Gateway.start({}, [], mkdtempSync(join(tmpdir(), 'dapgate-elsewhere-')));
    try {
      assert.ok(await eventually(() => /request 0 /.test(out), 60_000), out);
      const r = await g.ok('debug_snapshot', { language: 'java', port }, 120_000);
      const main = r.text.split('\n').find((l) => /Service\.main/.test(l) && /^\s+#\d/.test(l));
      assert.ok(main, r.text);
      assert.doesNotMatch(main!, /\(library\)/, r.text);
      const group = r.text.split('\n').find((l) => /\(thread 1\)|threads? [^)]*\b1\b/.test(l) && /^ {4}\d+ at /.test(l));
      assert.ok(group, r.text);
      assert.doesNotMatch(group!, /no frame of the program/, r.text);
      assert.match(r.text, /no source/, 'says what it does not know: the source was not found');
    } finally {
      await g.close();
      killGroup(target);
    }
  });
});
