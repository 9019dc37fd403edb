import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { Gateway, eventually, pyExample } from '../support/gateway.js';
import { pidsMatching } from '../support/processes.js';
import { fakeConfigDir, fakeProgram } from '../support/fake-config.js';

const loop = pyExample('loop.py');

describe('lifecycle and failures', () => {
  test('when the MCP client disconnects, no debuggee or adapter is left behind', async () => {
    const marker = `orphan-check-${randomUUID()}`;
    const g = await Gateway.start();
    const r = await g.ok('debug_launch', { program: loop, args: ['120', marker], wait: false });
    assert.equal(r.structured.state, 'running', r.text);
    assert.ok(await eventually(() => pidsMatching(marker).length > 0, 10_000), 'the debuggee runs');
    const gatewayPid = g.pid!;
    await g.close();
    assert.ok(await eventually(() => pidsMatching(marker).length === 0, 10_000), `processes left: ${pidsMatching(marker).join(', ')}`);
    assert.ok(await eventually(() => !alive(gatewayPid), 10_000), 'the gateway exits when its client goes away');
  });

  test('a debug adapter killed mid-session marks the session failed; the gateway keeps serving', async () => {
    const marker = `killed-adapter-${randomUUID()}`;
    const g = await Gateway.start();
    try {
      const r = await g.ok('debug_launch', { program: loop, args: ['120', marker], wait: false });
      const diag = await g.ok('debug_diagnose');
      assert.ok(diag.structured.pid > 0, diag.text);
      process.kill(diag.structured.pid, 'SIGKILL');
      assert.ok(await eventually(async () => (await g.ok('debug_status', { sessionId: r.structured.sessionId })).structured.state === 'failed', 10_000));
      const st = await g.ok('debug_status', { sessionId: r.structured.sessionId });
      assert.match(st.text, /failed: the debug adapter killed by SIGKILL unexpectedly/);
      assert.match(st.text, /debug_launch/);
      assert.ok(await eventually(() => pidsMatching(marker).length === 0, 10_000), 'the debuggee dies with its adapter');
      const c = await g.call('debug_continue', { sessionId: r.structured.sessionId });
      assert.equal(c.isError, true);
      assert.match(c.text, /failed/);
      const again = await g.ok('debug_launch', { program: pyExample('quick.py'), stopOnEntry: true });
      assert.equal(again.structured.state, 'stopped', again.text);
      await g.ok('debug_stop');
    } finally {
      await g.close();
    }
  });

  test('an adapter that crashes reports its stderr tail', async () => {
    const g = await Gateway.start({ DAPGATE_CONFIG_DIR: fakeConfigDir() });
    try {
      const r = await g.ok('debug_launch', { program: fakeProgram, stopOnEntry: true, adapterArgs: { mode: 'crash' } });
      assert.equal(r.structured.state, 'stopped', r.text);
      const c = await g.call('debug_continue', { timeoutMs: 5_000 });
      assert.equal(c.isError, true, c.text);
      assert.match(c.text, /failed: the debug adapter exited with code 3/);
      assert.match(c.text, /simulated crash while continuing/);
      const st = await g.ok('debug_status');
      assert.equal(st.structured.state, 'failed');
      assert.match(st.text, /Adapter stderr \(last lines\):\nfake-adapter: simulated crash/);
      assert.match((await g.ok('debug_languages')).text, /python/);
    } finally {
      await g.close();
    }
  });

  test('an adapter that stops answering fails the request after its timeout, never hangs', async () => {
    const g = await Gateway.start({ DAPGATE_CONFIG_DIR: fakeConfigDir(), DAPGATE_REQUEST_TIMEOUT_MS: '1500' });
    try {
      await g.ok('debug_launch', { program: fakeProgram, stopOnEntry: true, adapterArgs: { mode: 'hang' } });
      const started = Date.now();
      const c = await g.call('debug_continue', { timeoutMs: 60_000 });
      assert.ok(Date.now() - started < 10_000, 'bounded by the request timeout');
      assert.equal(c.isError, true, c.text);
      assert.match(c.text, /did not answer 'continue' within 1500 ms/);
      const st = await g.ok('debug_status');
      assert.equal(st.structured.state, 'failed');
      const diag = await g.ok('debug_diagnose');
      assert.match(diag.text, /-> request #\d+ continue/);
    } finally {
      await g.close();
    }
  });

  test('a garbage frame from the adapter is reported and skipped', async () => {
    const g = await Gateway.start({ DAPGATE_CONFIG_DIR: fakeConfigDir() });
    try {
      const r = await g.ok('debug_launch', { program: fakeProgram, stopOnEntry: true, adapterArgs: { mode: 'garbage' } });
      assert.equal(r.structured.state, 'stopped', r.text);
      const ev = await g.ok('debug_events', { types: ['protocol-error'] });
      assert.match(ev.text, /invalid JSON/);
      const c = await g.ok('debug_continue');
      assert.equal(c.structured.exitCode, 0, c.text);
    } finally {
      await g.close();
    }
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
