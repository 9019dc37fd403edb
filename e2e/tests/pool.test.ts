import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';
import { commandLine, pidsWithEnv } from '../support/processes.js';

const race = join(repoRoot, 'e2e', 'bench', 'programs', 'race.py');
const postJs = join(repoRoot, 'e2e', 'bench', 'programs', 'post.js');
const ledgerJava = join(repoRoot, 'examples', 'java', 'Ledger.java');
/** Not yet reaped by its parent (a killed child stays a zombie until the gateway observes its exit). */
const alive = (pid: number) => existsSync(`/proc/${pid}`);

/** A gateway whose every child process carries a unique marker in its environment. */
async function markedGateway(env: Record<string, string> = {}, args: string[] = []): Promise<{ g: Gateway; marker: string; pooled: (what: RegExp) => number[] }> {
  const marker = `DAPGATE_POOL_TEST=${randomUUID()}`;
  const [name, value] = marker.split('=') as [string, string];
  const g = await Gateway.start({ [name]: value, ...env }, args);
  const pooled = (what: RegExp) => pidsWithEnv(marker).filter((pid) => what.test(commandLine(pid)));
  return { g, marker, pooled };
}

async function raceCycle(g: Gateway): Promise<{ ms: number; hit: boolean; text: string }> {
  const t = performance.now();
  const r = await g.ok('debug_launch', { program: race, breakpoints: [{ file: race, line: 2 }] });
  const e = await g.ok('debug_evaluate', { sessionId: r.structured.sessionId, expression: 'x * 2' });
  await g.ok('debug_stop', { sessionId: r.structured.sessionId });
  const ms = performance.now() - t;
  await g.ok('debug_breakpoint_remove', { all: true });
  const hit = r.structured.state === 'stopped' && r.structured.stop?.line === 2 && e.structured.result === '42';
  return { ms, hit, text: `${r.text}\n${e.text}` };
}

describe('warm adapters (pool)', () => {
  test('after a launch the language has a warm adapter; closing the client leaves no adapter or debuggee behind', async () => {
    const { g, marker, pooled } = await markedGateway();
    const gatewayPid = g.pid!;
    try {
      // (the adapter lookups the gateway runs ahead start the venv's python briefly: not an adapter)
      assert.deepEqual(pooled(/debugpy\.adapter/), [], 'no adapter is warmed before the first launch');
      for (let i = 0; i < 3; i++) assert.ok((await raceCycle(g)).hit);
      assert.ok(await eventually(() => pooled(/debugpy\.adapter/).length === 1, 20_000), `one warm debugpy adapter: ${pooled(/debugpy/).map(commandLine).join(' | ')}`);
      const diag = await g.ok('debug_diagnose');
      assert.equal(diag.structured.gateway.warmAdapterPids.length, 1, diag.text);
      const node = await g.ok('debug_launch', { program: postJs, breakpoints: [{ file: postJs, line: 3 }] });
      assert.equal(node.structured.state, 'stopped', node.text);
      await g.ok('debug_stop', { sessionId: node.structured.sessionId });
      assert.ok(await eventually(() => pooled(/dapDebugServer/).length === 1, 10_000), 'the js-debug server stays for the next session');
      assert.ok(pidsWithEnv(marker).length >= 2);
    } finally {
      await g.close();
    }
    assert.ok(await eventually(() => pidsWithEnv(marker).length === 0, 15_000), `left behind: ${pidsWithEnv(marker).map((p) => `${p} ${commandLine(p)}`).join('; ')}`);
    assert.ok(await eventually(() => !alive(gatewayPid), 10_000), 'the gateway exits');
  });

  test('a warm adapter killed while idle is not handed out: the next launch still stops at its breakpoint', async () => {
    const { g, pooled } = await markedGateway();
    try {
      assert.ok((await raceCycle(g)).hit);
      assert.ok(await eventually(() => pooled(/debugpy\.adapter/).length === 1, 20_000), 'a warm adapter is waiting');
      const [idle] = pooled(/debugpy\.adapter/);
      process.kill(idle!, 'SIGKILL');
      assert.ok(await eventually(() => !alive(idle!), 10_000), 'the gateway has seen the idle adapter exit (reaped)');
      const cycle = await raceCycle(g);
      assert.ok(cycle.hit, cycle.text);
      const diag = await g.ok('debug_diagnose');
      assert.notEqual(diag.structured.pid, idle, 'the session did not get the dead adapter');
    } finally {
      await g.close();
    }
  });

  test('a warm Java adapter starts only once the sessions have been quiet (refillWhenQuietMs), not beside their requests', async () => {
    const { g, marker, pooled } = await markedGateway();
    const hosts = () => pooled(/java-debug-host\.jar/);
    try {
      const r = await g.ok('debug_launch', { program: ledgerJava, breakpoints: [{ file: ledgerJava, line: lineOf(ledgerJava, 'int fee = amount < 0') }] });
      assert.equal(r.structured.state, 'stopped', r.text);
      const sessionId = r.structured.sessionId;
      for (let i = 0; i < 3; i++) {
        await g.ok('debug_evaluate', { sessionId, expression: 'amount' });
        await g.ok('debug_stack', { sessionId });
      }
      assert.equal(hosts().length, 1, `only the session's own java-debug host while it is being driven: ${hosts().map(commandLine).join(' | ')}`);
      const quietFrom = performance.now();
      assert.ok(await eventually(() => hosts().length === 2, 20_000), 'a warm host once the session has been quiet');
      assert.ok(performance.now() - quietFrom >= 900, 'not before a second of quiet');
      await g.ok('debug_stop', { sessionId });
    } finally {
      await g.close();
    }
    assert.ok(await eventually(() => pidsWithEnv(marker).length === 0, 15_000), `left behind: ${pidsWithEnv(marker).map((p) => `${p} ${commandLine(p)}`).join('; ')}`);
  });

  test('race cycle through MCP: 10 of 10 launches stop at the breakpoint and evaluate (pool on and off, side by side)', async () => {
    const results: Record<string, number[]> = {};
    for (const [label, env] of [['pool', {}], ['no pool', { DAPGATE_POOL: '0' }]] as const) {
      const { g, pooled } = await markedGateway(env);
      try {
        assert.ok((await raceCycle(g)).hit, 'warm-up cycle');
        const times: number[] = [];
        for (let i = 0; i < 10; i++) {
          const c = await raceCycle(g);
          assert.ok(c.hit, `${label} cycle ${i + 1}: ${c.text}`);
          times.push(c.ms);
        }
        results[label] = times;
        if (label === 'no pool') assert.deepEqual(pooled(/debugpy\.adapter/), [], 'DAPGATE_POOL=0 keeps no warm adapter');
      } finally {
        await g.close();
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(`race cycle median: pool ${median(results.pool!).toFixed(0)} ms, no pool ${median(results['no pool']!).toFixed(0)} ms`);
  });

  test('a launch answered hands background work its turn: the next launch straight after (still running) does not hold back the first one\'s warm adapter', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-pool-'));
    const longJs = join(dir, 'long.js');
    writeFileSync(longJs, 'setTimeout(() => undefined, 30_000);\n');
    const { g } = await markedGateway();
    try {
      const r = await g.ok('debug_launch', { program: race, breakpoints: [{ file: race, line: 2 }] });
      assert.equal(r.structured.stop?.line, 2, r.text);
      // at once, as a client debugging two programs does: this one runs on and does not stop (held back background work up to 10 s)
      const other = await g.ok('debug_launch', { program: longJs, wait: false });
      assert.equal(other.structured.state, 'running', other.text);
      const warmPython = async () => ((await g.ok('debug_diagnose', { sessionId: r.structured.sessionId })).structured.gateway.warmAdapterPids as number[]).some((pid) => /debugpy\.adapter/.test(commandLine(pid)));
      assert.ok(await eventually(warmPython, 5_000, 250), 'a warm Python adapter is started once the first launch is answered');
    } finally {
      await g.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an adapter started ahead with a command line its checks then refuse is ended: the launch says why, nothing is left', async () => {
    // a runtime that exists (so a launch in a gateway just started starts the adapter with it at
    // once) but fails the debugpy check; run as the adapter, it would stay up
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-guess-'));
    const runtime = join(dir, 'python-without-debugpy');
    writeFileSync(runtime, '#!/bin/sh\n[ "$2" = -m ] && exec sleep 300\necho "No module named debugpy" >&2\nexit 1\n', { mode: 0o755 });
    const { g, pooled } = await markedGateway({ DAPGATE_DEBUGPY_PYTHON: runtime }, ['--no-install']);
    try {
      const r = await g.call('debug_launch', { program: race, breakpoints: [{ file: race, line: 2 }] });
      assert.ok(r.isError, r.text);
      assert.match(r.text, /No module named debugpy/);
      assert.ok(await eventually(() => pooled(/sleep 300/).length === 0, 15_000), `the adapter started ahead is ended: ${pooled(/sleep/).map(commandLine).join(' | ')}`);
    } finally {
      await g.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
