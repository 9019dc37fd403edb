import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '@dapgate/dap';
import { Gateway, lineOf, pyExample, eventually } from '../support/gateway.js';
import { killGroup, startDebugpyListener } from '../support/processes.js';

const loop = pyExample('loop.py');

describe('python attach to `python -m debugpy --listen` (real debugpy)', () => {
  let g: Gateway;
  let target: ChildProcess | undefined;
  const started: ChildProcess[] = [];
  const listen = (port: number): ChildProcess => {
    const child = startDebugpyListener(python, port, loop, ['120']);
    started.push(child);
    target = child;
    return child;
  };
  let python: string;
  before(async () => {
    g = await Gateway.start();
    const langs = await g.ok('debug_languages');
    const py = langs.structured.languages.find((l: any) => l.id === 'python');
    assert.equal(py.installed, true, `debugpy must be installed for this test: ${langs.text}`);
    python = py.path;
  });
  after(async () => {
    for (const t of started) killGroup(t);
    await g?.close();
  });

  test('attach, hit a breakpoint in the running loop, evaluate, detach and leave it running', async () => {
    const port = await freePort();
    listen(port);
    const a = await g.ok('debug_attach', { language: 'python', port, waitForTargetMs: 15_000 });
    assert.ok(['running', 'stopped'].includes(a.structured.state), a.text);
    const line = lineOf(loop, 'counter["n"] += 1');
    const bp = await g.ok('debug_breakpoint_set', { file: loop, line, condition: 'counter["n"] >= 50' });
    assert.match(bp.text, /verified/, bp.text);
    const w = await g.ok('debug_wait', { timeoutMs: 20_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.line, line);
    const n = await g.ok('debug_evaluate', { expression: 'counter["n"] * 2' });
    assert.ok(Number(n.structured.result) >= 100, n.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    const stop = await g.ok('debug_stop');
    assert.match(stop.text, /detached/);
    // the target keeps running after the detach
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(target!.exitCode, null, 'the attached program must survive a detach');
    killGroup(target);
  });

  test('waitForTargetMs keeps trying until the target listens', async () => {
    const port = await freePort();
    const late = setTimeout(() => {
      listen(port);
    }, 1_500);
    try {
      const started = Date.now();
      const a = await g.ok('debug_attach', { language: 'python', port, waitForTargetMs: 20_000 });
      assert.ok(Date.now() - started >= 1_400);
      assert.ok(['running', 'stopped'].includes(a.structured.state), a.text);
      await g.ok('debug_stop', { terminate: true });
      assert.ok(await eventually(() => target!.exitCode !== null || target!.signalCode !== null, 10_000), 'terminate: true ends the target');
    } finally {
      clearTimeout(late);
    }
  });

  test('reconnect: a target that restarts is re-attached with its breakpoints', async () => {
    const port = await freePort();
    listen(port);
    const a = await g.ok('debug_attach', { language: 'python', port, waitForTargetMs: 15_000, reconnect: true });
    const sid = a.structured.sessionId;
    const line = lineOf(loop, 'counter["n"] += 1');
    await g.ok('debug_breakpoint_set', { file: loop, line });
    assert.equal((await g.ok('debug_wait', { timeoutMs: 20_000 })).structured.state, 'stopped');
    killGroup(target);
    assert.ok(await eventually(async () => (await g.ok('debug_status', { sessionId: sid })).structured.state === 'reconnecting', 10_000), 'goes reconnecting');
    listen(port);
    const again = await g.ok('debug_wait', { sessionId: sid, timeoutMs: 30_000 });
    assert.equal(again.structured.state, 'stopped', again.text);
    assert.equal(again.structured.stop.line, line);
    const events = await g.ok('debug_events', { sessionId: sid, types: ['target-lost', 'reconnected'] });
    assert.match(events.text, /target-lost[\s\S]*reconnected/);
    await g.ok('debug_breakpoint_remove', { all: true });
    const stop = await g.ok('debug_stop', { sessionId: sid });
    assert.equal(stop.structured.state, 'terminated');
    killGroup(target);
  });

  test('attach to a port where nothing listens fails fast with what to do', async () => {
    const port = await freePort();
    const r = await g.call('debug_attach', { language: 'python', port });
    assert.equal(r.isError, true);
    assert.match(r.text, /cannot connect to 127\.0\.0\.1:\d+/);
    assert.match(r.text, /Next:/);
  });
});
