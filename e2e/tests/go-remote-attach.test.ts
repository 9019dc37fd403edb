import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';
import { killGroup, pidsMatching } from '../support/processes.js';

const goRoot = join(repoRoot, 'examples', 'go');
const tickerSource = join(goRoot, 'ticker', 'main.go');
const ticks = (text: string) => (text.match(/tick \d+/g) ?? []).length;

/** One JSON-RPC call to a headless delve; `wait: false` sends it and leaves its answer (a continue answers at the next stop). */
function delveRpc(port: number, method: string, params: unknown, sockets: Socket[], wait = true): Promise<any> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    sockets.push(s);
    let got = '';
    s.on('error', reject);
    s.on('data', (c) => {
      got += c.toString();
      if (got.includes('\n')) resolve(JSON.parse(got.split('\n')[0]!));
    });
    s.write(JSON.stringify({ method: `RPCServer.${method}`, params: [params], id: 1 }) + '\n', () => {
      if (!wait) resolve(undefined);
    });
  });
}

/**
 * A fault injector in front of a real headless delve: just before the client's configurationDone it
 * has another client of the server resume the program (as `dlv --continue` does at start, racing
 * an attach), so delve sees a running target when configurationDone arrives; `times` times.
 */
async function resumingProxy(delvePort: number, sockets: Socket[], times = 1): Promise<{ port: number; resumed: () => number; close: () => void }> {
  let resumed = 0;
  const server = createServer((client) => {
    const upstream = connect(delvePort, '127.0.0.1');
    sockets.push(client, upstream);
    upstream.pipe(client);
    let buffer = Buffer.alloc(0);
    let chain = Promise.resolve();
    client.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const head = buffer.indexOf('\r\n\r\n');
        if (head < 0) return;
        const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, head).toString())?.[1]);
        if (buffer.length < head + 4 + length) return;
        const frame = buffer.subarray(0, head + 4 + length);
        buffer = buffer.subarray(head + 4 + length);
        const message = JSON.parse(frame.subarray(head + 4).toString());
        chain = chain.then(async () => {
          if (message.command === 'configurationDone' && resumed < times) {
            resumed++;
            await delveRpc(delvePort, 'Command', { name: 'continue' }, sockets, false);
            await eventually(async () => (await delveRpc(delvePort, 'State', { NonBlocking: true }, sockets)).result?.State?.Running === true, 5_000, 50);
          }
          upstream.write(frame);
        });
      }
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as { port: number }).port, resumed: () => resumed, close: () => server.close() };
}

describe('attach to a headless delve whose program another client resumed', () => {
  const targets: ChildProcess[] = [];
  const sockets: Socket[] = [];
  let bin = '';
  after(() => {
    sockets.forEach((s) => s.destroy());
    targets.forEach(killGroup);
    for (const pid of bin ? pidsMatching(bin) : []) {
      try {
        process.kill(pid, 'SIGKILL'); // a headless delve's program is not in delve's process group
      } catch {
        /* gone */
      }
    }
  });

  test('delve refusing configurationDone because the program runs is not "no debug target": the attach pauses, configures and runs it, and its stops are reported', async () => {
    const g = await Gateway.start();
    try {
      const dlv = (await g.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'go')?.path as string;
      assert.ok(dlv, 'delve must be installed for this test (npx dapgate adapters install go)');
      bin = join(mkdtempSync(join(tmpdir(), 'dapgate-go-remote-')), 'ticker');
      execFileSync('go', ['build', '-gcflags=all=-N -l', '-o', bin, './ticker'], { cwd: goRoot, stdio: 'pipe', timeout: 180_000 });
      const delvePort = await freePort();
      const server = spawn(dlv, ['--headless', '--accept-multiclient', '--api-version=2', `--listen=127.0.0.1:${delvePort}`, 'exec', bin], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      targets.push(server);
      let printed = '';
      server.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
      server.stderr!.on('data', (c: Buffer) => (printed += c.toString()));
      assert.ok(await eventually(() => /listening at/.test(printed), 30_000), `the headless delve listens: ${printed}`);
      const proxy = await resumingProxy(delvePort, sockets);
      try {
        const a = await g.ok('debug_attach', { language: 'go', port: proxy.port, waitForTargetMs: 15_000 }, 60_000);
        assert.equal(proxy.resumed(), 1, 'the fault was injected');
        assert.equal(a.structured.state, 'running', a.text);
        const before = ticks(printed);
        assert.ok(await eventually(() => ticks(printed) >= before + 2, 10_000), `the program runs after the attach: ${printed.slice(-200)}`);
        const line = lineOf(tickerSource, 'next := n + 1');
        await g.ok('debug_breakpoint_set', { file: tickerSource, line, sessionId: a.structured.sessionId });
        const w = await g.ok('debug_wait', { timeoutMs: 20_000 });
        assert.equal(w.structured.state, 'stopped', `the session reports the program's stops: ${w.text}`);
        assert.equal(w.structured.stop.line, line);
        // detached while it runs (delve takes some requests only while the program is halted)
        await g.ok('debug_breakpoint_remove', { all: true });
        assert.equal((await g.ok('debug_continue', { wait: false })).structured.state, 'running');
        const stop = await g.ok('debug_stop', { sessionId: a.structured.sessionId });
        assert.match(stop.text, /keeps running/, stop.text);
        // delve refuses setExceptionBreakpoints while the program runs: a filter left behind would stop an unrecovered panic with nobody attached
        assert.doesNotMatch(stop.text, /could not be removed/, stop.text);
        assert.match(stop.text, /removed what this session set in the target: [^\n]*exception filters unrecovered-panic/, stop.text);
        const after = ticks(printed);
        assert.ok(await eventually(() => ticks(printed) >= after + 2, 15_000), `the program runs after the detach: ${stop.text}`);
      } finally {
        proxy.close();
      }
      // a program that something keeps resuming: bounded, and said as the target's refusal, not as "no debug target"
      const stubborn = await resumingProxy(delvePort, sockets, 10);
      try {
        const r = await g.call('debug_attach', { language: 'go', port: stubborn.port }, 60_000);
        assert.equal(r.isError, true, r.text);
        assert.equal(stubborn.resumed(), 3, 'configurationDone sent three times, the program paused between');
        assert.match(r.text, /debug target at 127\.0\.0\.1:\d+ answered, but refused the attach\. delve said: Unable to process `configurationDone`: debuggee is running/, r.text);
        assert.doesNotMatch(r.text, /did not answer as a debug target/, r.text);
      } finally {
        stubborn.close();
      }
    } finally {
      await g.close();
    }
  });
});
