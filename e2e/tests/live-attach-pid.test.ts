import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Gateway, lineOf } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';
import { liveFixture, request, startService, type LiveService } from '../support/live-service.js';

// A service nobody started for debugging is driven into a bad state by traffic the test then
// forgets; the agent attaches by pid, finds the state, detaches, and the service still answers.
describe('attach by pid to a service not started for debugging', () => {
  let g: Gateway;
  const services: LiveService[] = [];
  let python: string;
  before(async () => {
    g = await Gateway.start();
    const langs = await g.ok('debug_languages');
    python = langs.structured.languages.find((l: any) => l.id === 'python').path;
  });
  after(async () => {
    for (const s of services) killGroup(s.child);
    await g?.close();
  });

  async function investigate(language: string, service: LiveService, file: string, line: number, expression: string, expected: RegExp): Promise<void> {
    const a = await g.ok('debug_attach', { language, processId: service.child.pid, breakpoints: [{ file, line }] }, 120_000);
    assert.match(a.text, new RegExp(`pid ${service.child.pid}`), a.text);
    const pending = request(service.port, '/post?name=ada&amount=1', 30_000);
    const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
    assert.equal(w.structured.state, 'stopped', w.text);
    assert.equal(w.structured.stop.line, line, w.text);
    const v = await g.ok('debug_evaluate', { expression });
    assert.match(v.text, expected, v.text);
    const stop = await g.ok('debug_stop');
    assert.match(stop.text, /detached/, stop.text);
    await pending;
    assert.match(await request(service.port, '/post?name=bob&amount=2'), /^\d+|NaN$/);
    assert.equal(service.child.exitCode, null, 'the service survives the detach');
  }

  test('python: debugpy injected by pid', async () => {
    const file = liveFixture('service.py');
    const s = await startService(python, [file]);
    services.push(s);
    for (const amount of [5, -3, 4]) await request(s.port, `/post?name=ada&amount=${amount}`);
    await investigate('python', s, file, lineOf(file, 'after = before + abs(amount)'), 'balances', /'ada': 12/);
  });

  test('python: a detach right after the attach leaves the target running (debugpy\'s gdb has let go first), 5 times', async () => {
    const file = liveFixture('service.py');
    const s = await startService(python, [file]);
    services.push(s);
    for (let i = 0; i < 5; i++) {
      const a = await g.ok('debug_attach', { language: 'python', processId: s.child.pid }, 120_000);
      assert.match((await g.ok('debug_stop')).text, /detached/);
      await new Promise((r) => setTimeout(r, 300));
      const stat = readFileSync(`/proc/${s.child.pid}/stat`, 'utf8');
      assert.match(stat.slice(stat.lastIndexOf(')') + 2), /^[RS] /, `run ${i}: the target must run, not be stopped or gone (${a.text})`);
      assert.match(await request(s.port, '/post?name=ada&amount=1'), /^\d+$/);
    }
  });

  test('node: inspector opened by SIGUSR1, on the port it really opened', async () => {
    const file = liveFixture('service.mjs');
    const s = await startService(process.execPath, [file]);
    services.push(s);
    for (const amount of ['5', 'x', '4']) await request(s.port, `/post?name=ada&amount=${amount}`);
    await investigate('node', s, file, lineOf(file, 'const after = before + amount'), 'JSON.stringify([...balances].map(([k, v]) => [k, String(v)]))', /ada.*NaN/);
  });

  test('java: a JVM started with onjcmd=y opens JDWP when asked by pid', async () => {
    const file = liveFixture('Service.java');
    const s = await startService('java', ['-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0,onjcmd=y', file]);
    services.push(s);
    for (const amount of [2147483647, 5]) await request(s.port, `/post?name=ada&amount=${amount}`);
    await investigate('java', s, file, lineOf(file, 'int after = before + amount;'), 'before', /-2147483644/);
  });

  test('neither port nor processId: the running processes of that language are listed to pick from', async () => {
    const file = liveFixture('service.py');
    const s = await startService(python, [file]);
    services.push(s);
    const r = await g.call('debug_attach', { language: 'python' });
    assert.equal(r.isError, false, r.text);
    assert.match(r.text, /nothing listens on 127\.0\.0\.1:5678/, r.text);
    const row = r.text.split('\n').find((l) => l.includes(`pid ${s.child.pid} `));
    assert.ok(row, r.text);
    assert.match(row, /service\.py/);
    assert.match(row, new RegExp(`listens on ${s.port}`), row);
    assert.ok(r.structured.candidates.some((c: any) => c.pid === s.child.pid), JSON.stringify(r.structured));
    assert.doesNotMatch(r.text, /debugpy\.adapter/, 'dapgate\'s own adapters are not candidates');
  });

  test('java: a JVM started without JDWP is refused with how to start it', async () => {
    const s = await startService('java', [liveFixture('Service.java')]);
    services.push(s);
    const r = await g.call('debug_attach', { language: 'java', processId: s.child.pid });
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /without the JDWP agent/, r.text);
    assert.match(r.text, /onjcmd=y/, r.text);
  });
});
