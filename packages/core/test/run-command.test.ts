import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { runCommand, runStep } from '../src/process/run-command.js';

const node = process.execPath;
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('a slow child does not block the event loop while it runs', async () => {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let ticks = 0;
  const ticker = setInterval(() => ticks++, 50);
  const started = Date.now();
  const r = await runCommand(node, ['-e', 'setTimeout(() => console.log("done"), 1500)'], { timeoutMs: 30_000 });
  clearInterval(ticker);
  delay.disable();
  assert.equal(r.ok, true, r.failure);
  assert.equal(r.stdout, 'done');
  assert.ok(Date.now() - started >= 1400, 'the child really ran for its 1.5 s');
  // spawnSync would have given 0 ticks and a ~1.5 s stall; a busy machine may delay a tick, not 1.5 s
  assert.ok(ticks >= 10, `timers fired ${ticks} times while the child ran`);
  assert.ok(delay.max / 1e6 < 1000, `the longest event-loop stall was ${Math.round(delay.max / 1e6)} ms`);
});

/** A child that writes its pid to a file, then runs until killed. */
function forever(): { args: string[]; pid: () => number | undefined; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-run-'));
  const file = join(dir, 'pid');
  return {
    args: ['-e', `require('fs').writeFileSync(${JSON.stringify(file)}, String(process.pid)); setInterval(() => {}, 1000)`],
    pid: () => (existsSync(file) ? Number(readFileSync(file, 'utf8')) : undefined),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

test('the timeout ends the child and says so', async () => {
  const child = forever();
  try {
    const started = Date.now();
    const r = await runCommand(node, child.args, { timeoutMs: 3_000 });
    assert.equal(r.ok, false);
    assert.match(r.failure!, /timed out after 3 s/);
    assert.ok(Date.now() - started < 15_000);
    const pid = child.pid();
    assert.ok(pid, 'the child started before its timeout');
    assert.equal(alive(pid), false, 'the child is gone when runCommand returns');
  } finally {
    child.cleanup();
  }
});

test('an AbortSignal cancels the child', async () => {
  const child = forever();
  try {
    const controller = new AbortController();
    const running = runCommand(node, child.args, { timeoutMs: 60_000, signal: controller.signal });
    const deadline = Date.now() + 30_000;
    while (!child.pid() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const pid = child.pid();
    assert.ok(pid, 'the child started');
    controller.abort();
    const r = await running;
    assert.equal(r.ok, false);
    assert.equal(r.failure, 'cancelled');
    assert.equal(alive(pid), false, 'the child is gone when runCommand returns');
  } finally {
    child.cleanup();
  }
});

test('exit codes, missing programs and arguments with spaces are reported as they are', async () => {
  const args = ['a b', '"quoted"', '$HOME', ';', ''];
  const echo = await runCommand(node, ['-e', 'console.log(JSON.stringify(process.argv.slice(1)))', ...args], { timeoutMs: 30_000 });
  assert.deepEqual(JSON.parse(echo.stdout), args, 'arguments reach the child verbatim, no shell in between');
  const failed = await runCommand(node, ['-e', 'console.error("bad thing"); process.exit(3)'], { timeoutMs: 30_000 });
  assert.deepEqual([failed.ok, failed.exitCode, failed.failure, failed.stderr], [false, 3, 'exit 3', 'bad thing']);
  const missing = await runCommand('/nonexistent/dapgate-no-such-program', [], { timeoutMs: 30_000 });
  assert.equal(missing.ok, false);
  assert.match(missing.failure!, /cannot start: .*ENOENT/);
  await assert.rejects(runStep(node, ['-e', 'console.error("boom"); process.exit(1)'], 'do the thing'), /failed to do the thing: .*\nexit 1: boom/);
});
