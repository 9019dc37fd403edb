import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '@dapgate/dap';
import { configDir } from '@dapgate/core';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';
import { killGroup, pidsMatching } from '../support/processes.js';
import { inspectorAck } from '../bench/inspector-ack.js';

/**
 * Node's inspector writes CDP messages without TCP_NODELAY; a second message in a row waits for the
 * debugger's delayed ACK, which Linux holds for at least 40 ms. dapgate preloads a file into the
 * debuggee that turns TCP_NODELAY on for the inspector's sockets, and one into js-debug for its DAP
 * connections. 40 ms is the floor of one such wait, so a median under it means no request waited.
 */
const DELAYED_ACK_MS = 40;
const scores = join(repoRoot, 'examples', 'node', 'scores.js');
const preload = join(configDir(), 'patches', 'node_inspector_nodelay.cjs');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** The helper the preload starts to set the option (its command line); it must never outlive the preload. */
const SETTER = 'setNoDelay(true)}catch';

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

describe('Node: no delayed-ACK wait per request (real js-debug)', () => {
  let g: Gateway;
  const targets: ChildProcess[] = [];
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    for (const t of targets) killGroup(t);
    await g?.close();
  });

  test('a launched program answers evaluates and steps without a 40 ms wait', async () => {
    const line = lineOf(scores, 'const v = values[i];');
    const r = await g.ok('debug_launch', { program: scores, breakpoints: [{ file: scores, line }] });
    assert.equal(r.structured.state, 'stopped', r.text);
    // each evaluate compiles a script: the inspector sends Debugger.scriptParsed, then the result
    const evaluates: number[] = [];
    for (let k = 0; k < 12; k++) {
      evaluates.push(await timed(async () => assert.equal((await g.ok('debug_evaluate', { expression: `i + ${k}` })).structured.result, String(k))));
    }
    const steps: number[] = [];
    for (let k = 0; k < 6; k++) steps.push(await timed(() => g.ok('debug_step', { kind: 'over' })));
    await g.ok('debug_stop');
    assert.ok(median(evaluates) < DELAYED_ACK_MS, `evaluate median ${median(evaluates).toFixed(1)} ms (all: ${evaluates.map((x) => x.toFixed(0)).join(', ')})`);
    // a step is several batches of CDP requests (the pause, the stack, the scopes); each waited before
    assert.ok(median(steps) < 2 * DELAYED_ACK_MS, `step median ${median(steps).toFixed(1)} ms (all: ${steps.map((x) => x.toFixed(0)).join(', ')})`);
    assert.deepEqual(pidsMatching(SETTER), [], 'the helper that sets the socket option has exited');
  });

  test("the program's own NODE_OPTIONS are kept beside the preload", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-nodelay-'));
    const program = join(dir, 'options.js');
    writeFileSync(program, "console.log(`options: ${process.env.NODE_OPTIONS}`);\nconsole.log('heap limit set', require('v8').getHeapStatistics().heap_size_limit < 300 * 1024 * 1024);\n");
    const r = await g.ok('debug_launch', { program, env: { NODE_OPTIONS: '--max-old-space-size=200' } });
    assert.ok(await eventually(async () => ['exited', 'terminated'].includes((await g.ok('debug_status')).structured.state), 15_000), 'the program ends');
    const out = (await g.ok('debug_output', { sessionId: r.structured.sessionId, category: 'stdout' })).structured.output as string;
    assert.match(out, /options: .*--max-old-space-size=200/, out);
    assert.match(out, /node_inspector_nodelay\.cjs/, out);
    assert.match(out, /heap limit set true/, out);
    await g.call('debug_stop');
  });

  test('node --inspect: the second of two answers waits for the ACK without the preload, not with it', async () => {
    const plain = await inspectorAck(20, []);
    plain.socket.destroy();
    plain.end();
    const fixed = await inspectorAck(20, ['--require', preload]);
    fixed.socket.destroy();
    fixed.end();
    assert.ok(plain.second >= DELAYED_ACK_MS - 5, `without the preload the second answer should wait for the delayed ACK (the stall this fixes): ${plain.second.toFixed(1)} ms`);
    assert.ok(fixed.second < DELAYED_ACK_MS / 2, `with the preload: ${fixed.second.toFixed(1)} ms`);
  });

  test('attach to a program the user started with a plain --inspect: dapgate tunes its inspector, again after a detach', async () => {
    const port = await freePort();
    const t = spawn(process.execPath, [`--inspect=127.0.0.1:${port}`, join(repoRoot, 'examples', 'node', 'ticker.js')], { stdio: 'ignore', detached: true });
    targets.push(t);
    for (const round of ['first attach', 'attach after a detach']) {
      const a = await g.ok('debug_attach', { language: 'node', port, waitForTargetMs: 15_000 });
      assert.ok(['running', 'stopped'].includes(a.structured.state), a.text);
      const p = await g.ok('debug_pause');
      assert.equal(p.structured.state, 'stopped', p.text);
      const evaluates: number[] = [];
      for (let k = 0; k < 10; k++) evaluates.push(await timed(async () => assert.equal((await g.ok('debug_evaluate', { expression: `${k} * 2` })).structured.result, String(k * 2))));
      await g.ok('debug_stop', { terminate: false });
      assert.ok(median(evaluates) < DELAYED_ACK_MS, `${round}: evaluate median ${median(evaluates).toFixed(1)} ms (all: ${evaluates.map((x) => x.toFixed(0)).join(', ')})`);
      assert.equal(t.exitCode, null, `${round}: the program still runs after the detach`);
    }
    assert.deepEqual(pidsMatching(SETTER), [], 'the helper that sets the socket option has exited');
    killGroup(t);
  });
});
