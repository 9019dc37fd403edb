import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, binPath, eventually, pyExample } from '../support/gateway.js';
import { pidsMatching } from '../support/processes.js';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the gateway log and its shutdown on a signal', () => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    test(`${signal}: sessions end, nothing is left behind, the JSON log file says what happened`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'dapgate-log-'));
      const logFile = join(dir, 'gateway.log');
      const marker = `log-check-${randomUUID()}`;
      const g = await Gateway.start({}, ['--log-file', logFile, '--log-json', '--log-level', 'debug']);
      try {
        const r = await g.ok('debug_launch', { program: pyExample('loop.py'), args: ['120', marker], wait: false });
        assert.equal(r.structured.state, 'running', r.text);
        assert.ok(await eventually(() => pidsMatching(marker).length > 0, 10_000), 'the debuggee runs');
        const pid = g.pid!;
        process.kill(pid, signal);
        assert.ok(await eventually(() => !alive(pid), 15_000), 'the gateway exits');
        assert.deepEqual(pidsMatching(marker), [], 'no debuggee or adapter outlives the gateway');
        assert.equal(g.stderr, '', 'with --log-file nothing goes to stderr');
        const lines = readFileSync(logFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { level: string; message: string; timestamp: string });
        const messages = lines.map((l) => `${l.level} ${l.message}`);
        assert.ok(messages.some((m) => /^info dapgate .* serving MCP on stdio$/.test(m)), messages.join('\n'));
        assert.ok(messages.some((m) => /^info session s1 \(python loop\.py .*\) launch$/.test(m)), messages.join('\n'));
        assert.ok(messages.some((m) => m === 'debug session s1 running'), 'debug level is on');
        assert.ok(messages.includes(`info shutting down (${signal}): ending 1 live session(s)`), messages.join('\n'));
        assert.ok(lines.every((l) => !Number.isNaN(Date.parse(l.timestamp))));
      } finally {
        await g.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  test('text logs go to stderr at the chosen level; a bad level is refused with the list', async () => {
    const g = await Gateway.start({ DAPGATE_LOG_LEVEL: 'warn' });
    try {
      const r = await g.ok('debug_launch', { program: pyExample('quick.py'), stopOnEntry: true });
      await g.ok('debug_stop', { sessionId: r.structured.sessionId });
      assert.doesNotMatch(g.stderr, /INFO/, 'info is below warn');
    } finally {
      await g.close();
    }
    const info = await Gateway.start();
    try {
      assert.ok(await eventually(() => /^\S+Z INFO dapgate .* serving MCP on stdio$/m.test(info.stderr), 5_000), info.stderr);
    } finally {
      await info.close();
    }
    const bad = spawnSync(process.execPath, [binPath, '--log-level', 'loud'], { encoding: 'utf8', input: '', timeout: 20_000 });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--log-level must be one of error, warn, info, debug \(got 'loud'\)/);
    assert.equal(bad.stdout, '', 'stdout carries MCP only');
  });
});
