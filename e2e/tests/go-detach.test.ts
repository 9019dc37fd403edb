import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';
import { killGroup, pidsMatching } from '../support/processes.js';

const goRoot = join(repoRoot, 'examples', 'go');
const tickerSource = join(goRoot, 'ticker', 'main.go');
const ticks = (text: string) => (text.match(/tick \d+/g) ?? []).length;

describe('detach from a headless delve (dlv --headless --accept-multiclient)', () => {
  const targets: ChildProcess[] = [];
  let bin = '';
  after(() => {
    targets.forEach(killGroup);
    for (const pid of bin ? pidsMatching(bin) : []) {
      try {
        process.kill(pid, 'SIGKILL'); // a headless delve's program is not in delve's process group
      } catch {
        /* gone */
      }
    }
  });

  test('detach removes what the session set in the target and resumes it; the answer says it runs only once it does', async () => {
    const g = await Gateway.start();
    try {
      const dlv = (await g.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'go')?.path as string;
      assert.ok(dlv, 'delve must be installed for this test (npx dapgate adapters install go)');
      bin = join(mkdtempSync(join(tmpdir(), 'dapgate-go-detach-')), 'ticker');
      execFileSync('go', ['build', '-gcflags=all=-N -l', '-o', bin, './ticker'], { cwd: goRoot, stdio: 'pipe', timeout: 180_000 });
      const port = await freePort();
      const server = spawn(dlv, ['--headless', '--accept-multiclient', '--api-version=2', `--listen=127.0.0.1:${port}`, 'exec', bin, '--continue'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
      targets.push(server);
      let printed = '';
      server.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
      assert.ok(await eventually(() => printed.includes('ticker pid'), 30_000), 'the program started; its output is read');
      const line = lineOf(tickerSource, 'next := n + 1');
      // set after the attach: a breakpoint hit every 50 ms while delve is being configured makes it refuse configurationDone ("debuggee is running")
      const a = await g.ok('debug_attach', { language: 'go', port, waitForTargetMs: 15_000 }, 60_000);
      await g.ok('debug_breakpoint_set', { file: tickerSource, line, sessionId: a.structured.sessionId });
      const workspace = await g.ok('debug_breakpoint_set', { function: 'main.tick' });
      const w = await g.ok('debug_wait', { timeoutMs: 20_000 });
      assert.equal(w.structured.state, 'stopped', w.text);
      // nothing removed by hand: the detach itself must take the session's breakpoints (its own and the workspace's) out of the server
      const stop = await g.ok('debug_stop', { sessionId: a.structured.sessionId });
      assert.match(stop.text, /keeps running/, stop.text);
      assert.match(stop.text, /removed/, `the answer says what it took out of the target: ${stop.text}`);
      const before = ticks(printed);
      assert.ok(await eventually(() => ticks(printed) >= before + 3, 15_000), `the program runs after the detach (ticks ${before} -> ${ticks(printed)}): ${stop.text}`);
      assert.ok((await g.ok('debug_breakpoints')).structured.breakpoints.some((b: any) => b.id === workspace.structured.breakpoint.id), 'the workspace breakpoint stays in the workspace');
    } finally {
      await g.close();
    }
  });
});
