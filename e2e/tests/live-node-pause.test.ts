import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Gateway } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';
import { liveFixture, request, startService, type LiveService } from '../support/live-service.js';

/** A request every 100 ms until stopped; failures (a held service) are counted, never thrown. */
function traffic(port: number): { stop: () => Promise<void> } {
  const inFlight = new Set<Promise<unknown>>();
  const timer = setInterval(() => {
    const p = request(port, '/post?name=load&amount=1', 60_000).catch(() => undefined);
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  }, 100);
  return {
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

// A Node service attached by pid (js-debug, inspector opened by SIGUSR1) stops when paused, idle or
// under traffic. js-debug's smartStep (on by default for attach) turned a pause that landed in
// skipped code (node internals) into step after step that never reported a stop.
describe('node by pid: pause and snapshot stop the service', () => {
  let g: Gateway;
  const services: LiveService[] = [];
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    for (const s of services) killGroup(s.child);
    await g?.close();
  });

  afterEach(async () => {
    await g.call('debug_stop', {}).catch(() => undefined); // a failed test leaves no session for the next
    for (const s of services.splice(0)) killGroup(s.child); // SIGUSR1 opens 9229: the next service needs it free
  });

  async function service(): Promise<LiveService> {
    const s = await startService(process.execPath, [liveFixture('service.mjs')]);
    services.push(s);
    return s;
  }

  test('debug_pause under traffic stops it; continue and detach leave it answering', async () => {
    const s = await service();
    await g.ok('debug_attach', { language: 'node', processId: s.child.pid }, 120_000);
    const load = traffic(s.port);
    try {
      const p = await g.ok('debug_pause', { timeoutMs: 20_000 }, 60_000);
      assert.equal(p.structured.state, 'stopped', p.text);
      const c = await g.ok('debug_continue', {}, 60_000);
      assert.equal(c.structured.state, 'running', c.text);
    } finally {
      await load.stop();
    }
    assert.match(await request(s.port, '/post?name=bob&amount=2'), /^\d+$/);
    assert.match((await g.ok('debug_stop')).text, /detached/);
    assert.match(await request(s.port, '/post?name=bob&amount=2'), /^\d+$/);
    assert.equal(s.child.exitCode, null, 'the service survives');
  });

  test('debug_pause on an idle service: stops at the next request, and says that is how Node pauses', async () => {
    const s = await service();
    await g.ok('debug_attach', { language: 'node', processId: s.child.pid }, 120_000);
    const p = await g.ok('debug_pause', { timeoutMs: 2_000 }, 60_000);
    assert.equal(p.structured.state, 'running', p.text);
    assert.equal(p.structured.paused, false, p.text);
    assert.doesNotMatch(p.text, /may have exited|debug_pause to stop it/, p.text);
    assert.match(p.text, /only when JavaScript next runs/, p.text);
    assert.match(p.text, /while it serves a request/, p.text);
    assert.match(p.text, /debug_wait shows it/, p.text);
    const pending = request(s.port, '/post?name=ada&amount=1', 60_000);
    pending.catch(() => undefined);
    const w = await g.ok('debug_wait', { timeoutMs: 20_000 }, 60_000);
    assert.equal(w.structured.state, 'stopped', w.text);
    await g.ok('debug_continue', {}, 60_000);
    assert.match(await pending, /^\d+$/);
    assert.match((await g.ok('debug_stop')).text, /detached/);
    assert.match(await request(s.port, '/post?name=bob&amount=2'), /^\d+$/);
  });

  test('debug_snapshot by pid under traffic: read, detached, the service answers', async () => {
    const s = await service();
    const load = traffic(s.port);
    let r;
    try {
      r = await g.ok('debug_snapshot', { language: 'node', processId: s.child.pid }, 120_000);
    } finally {
      await load.stop();
    }
    assert.equal(r.structured.via, 'pause', r.text);
    assert.ok((r.structured.groups as unknown[]).length >= 1, r.text);
    assert.equal(r.structured.detached, true, r.text);
    assert.equal(r.structured.targetRuns, true, r.text);
    assert.match(await request(s.port, '/post?name=bob&amount=2'), /^\d+$/);
    assert.equal(s.child.exitCode, null, 'the service survives the snapshot');
  });

  test('debug_snapshot by pid of an idle service: says Node pauses only when JavaScript runs, detaches, and the service answers', async () => {
    const s = await service();
    const r = await g.call('debug_snapshot', { language: 'node', processId: s.child.pid }, 120_000);
    // the fixture has no timers: nothing runs JavaScript while no request comes
    assert.equal(r.isError, true, r.text);
    assert.doesNotMatch(r.text, /may have exited/, r.text);
    assert.match(r.text, /only when JavaScript next runs/, r.text);
    assert.match(r.text, new RegExp(`Detached: the process ${s.child.pid} runs`), r.text);
    // the detach cleared the pause nobody took: the next request is served, not held
    assert.match(await request(s.port, '/post?name=bob&amount=2'), /^\d+$/);
    assert.equal(s.child.exitCode, null, 'the service survives');
  });

  test('a second service by pid while the first holds 9229 (SIGUSR1 always opens it): refused naming the holder, not attached to the HTTP port', async () => {
    const first = await service();
    await g.ok('debug_attach', { language: 'node', processId: first.child.pid }, 120_000);
    assert.match((await g.ok('debug_stop')).text, /detached/); // its inspector stays open on 9229
    const second = await service();
    const r = await g.call('debug_attach', { language: 'node', processId: second.child.pid }, 120_000);
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, new RegExp(`9229.*process ${first.child.pid}|process ${first.child.pid}.*9229`), r.text);
    assert.match(r.text, /--inspect-port=0/, r.text);
    assert.doesNotMatch(r.text, /debuggable target/, r.text);
    assert.match(await request(second.port, '/post?name=bob&amount=2'), /^\d+$/);
  });
});
