import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { Gateway, lineOf } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';
import { liveFixture, request, startService, type LiveService } from '../support/live-service.js';

// Watching live traffic without stopping it: a logpoint on a service's request path collects its
// messages in one answer, then removes itself; the service keeps answering all the while.
describe('a logpoint that collects from a live service', () => {
  let g: Gateway;
  let s: LiveService;
  before(async () => {
    g = await Gateway.start();
    const python = (await g.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'python').path;
    s = await startService(python, [liveFixture('service.py')]);
  });
  after(async () => {
    killGroup(s?.child);
    await g?.close();
  });

  test('python by pid: 5 messages in one answer, the service never stops, the logpoint is gone after', async () => {
    const file = liveFixture('service.py');
    await g.ok('debug_attach', { language: 'python', processId: s.child.pid }, 120_000);
    let sending = true;
    const latencies: number[] = [];
    const traffic = (async () => {
      for (let i = 0; sending; i++) {
        const t = performance.now();
        await request(s.port, `/post?name=u${i % 3}&amount=${i}`, 10_000);
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const r = await g.ok('debug_breakpoint_set', { file, line: lineOf(file, 'after = before + abs(amount)'), logMessage: 'name={name} amount={amount} before={before}', collect: 5, collectMs: 30_000 }, 60_000);
    sending = false;
    await traffic;
    assert.match(r.text, /5 of 5 message\(s\)/, r.text);
    assert.match(r.text, /never stopped/, r.text);
    assert.equal(r.structured.messages.length, 5, r.text);
    for (const m of r.structured.messages) assert.match(m, /^name=u\d amount=\d+ before=\d+$/, r.text);
    assert.equal(r.structured.complete, true);
    assert.equal((await g.ok('debug_breakpoints')).structured.breakpoints.length, 0, 'the logpoint removed itself');
    const st = await g.ok('debug_status');
    assert.equal(st.structured.state, 'running', st.text);
    assert.ok(latencies.length >= 5 && latencies.every((ms) => ms < 10_000), `every request answered: ${latencies.map(Math.round).join(', ')}`);
    await g.ok('debug_stop');
    assert.match(await request(s.port, '/post?name=z&amount=1'), /^\d+$/);
  });

  test('fewer messages than asked within collectMs: the answer says how many came and that the bound ran out', async () => {
    const file = liveFixture('service.py');
    await g.ok('debug_attach', { language: 'python', processId: s.child.pid }, 120_000);
    const r = await g.ok('debug_breakpoint_set', { file, line: lineOf(file, 'after = before + abs(amount)'), logMessage: 'amount={amount}', collect: 3, collectMs: 1_500 });
    assert.match(r.text, /0 of 3 message\(s\) in 1\.\d s within 1\.5 s; then removed/, r.text);
    assert.equal(r.structured.complete, false);
    assert.equal((await g.ok('debug_breakpoints')).structured.breakpoints.length, 0);
    await g.ok('debug_stop');
  });

  test('collect without a logpoint is refused with what to give', async () => {
    const r = await g.call('debug_breakpoint_set', { file: liveFixture('service.py'), line: 12, collect: 3 });
    assert.equal(r.isError, true);
    assert.match(r.text, /collect needs a logpoint/, r.text);
  });
});
