// Fault matrix, part 2: faults with the real adapters (debugpy, js-debug, java-debug). Each fault
// three times into one gateway; the debuggees carry a marker so one left behind is found.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { killGroup, pidsMatching, startJdwpTarget } from '../support/processes.js';
import { FaultRecorder, processAlive } from '../support/fault-matrix.js';

const RUNS = 3;
const loop = pyExample('loop.py');
const scratch = mkdtempSync(join(tmpdir(), 'dapgate-faults-'));

describe('fault matrix: real adapters', () => {
  let g: Gateway;
  const targets: ChildProcess[] = [];
  const servers: Server[] = [];
  after(async () => {
    for (const t of targets) killGroup(t);
    for (const s of servers) s.close();
    await g?.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const matrix = async (fault: string, inject: (f: FaultRecorder, marker: string) => Promise<void>) => {
    g ??= await Gateway.start();
    const f = new FaultRecorder(fault);
    try {
      for (let run = 0; run < RUNS; run++) {
        const marker = `dapgate-fault-${randomUUID()}`;
        await inject(f, marker);
        await f.call(g, 'debug_stop', { terminate: true }, 15_000);
        await f.checkGone(marker);
        await f.checkAlive(g, processAlive(g.pid));
        f.row.runs++;
      }
    } finally {
      f.publish();
    }
    assert.ok(f.clean, f.log.join('\n'));
  };

  test('debugpy adapter killed (SIGKILL) while its program runs', () =>
    matrix('adapter killed (SIGKILL), debugpy', async (f, marker) => {
      const r = await f.call(g, 'debug_launch', { program: loop, args: ['120', marker], wait: false }, 60_000);
      assert.equal(r?.structured.state, 'running', r?.text);
      assert.ok(await eventually(() => pidsMatching(marker).length > 0, 15_000), 'the debuggee runs');
      const diag = await f.call(g, 'debug_diagnose', {}, 10_000);
      process.kill(diag!.structured.pid, 'SIGKILL');
      await eventually(async () => (await g.call('debug_status')).structured.state === 'failed', 10_000);
      f.saw(await f.call(g, 'debug_status', {}, 10_000), /failed/);
    }));

  test('the debuggee exits during launch (debugpy, before its breakpoint)', () =>
    matrix('the debuggee exits during launch, debugpy', async (f, marker) => {
      const program = join(scratch, `early_exit_${marker.slice(-8)}.py`);
      writeFileSync(program, `import sys\nsys.exit(5)  # ${marker}\nprint("never")\n`);
      const r = await f.call(g, 'debug_launch', { program, args: [marker], breakpoints: [{ file: program, line: 3 }] }, 60_000);
      // debugpy stops on a SystemExit with a non-zero code (an uncaught exception); continuing ends the program
      assert.match(r?.text ?? '', /SystemExit: 5/, r?.text);
      const c = await f.call(g, 'debug_continue', { timeoutMs: 20_000 }, 25_000);
      assert.equal(c?.structured.exitCode, 5, c?.text);
      f.saw(c);
      await g.call('debug_breakpoint_remove', { all: true });
    }));

  test('attach to a port held by something that is not a debugger', async () => {
    const silent = createServer((socket) => socket.on('error', () => undefined));
    servers.push(silent);
    const port = await freePort();
    await new Promise<void>((r) => silent.listen(port, '127.0.0.1', r));
    for (const language of ['python', 'node']) {
      await matrix(`debug port in use by another program (attach, ${language})`, async (f) => {
        // bounded by the start timeout (30 s) for the first request
        const r = await f.call(g, 'debug_attach', { language, port }, 35_000);
        assert.equal(r?.isError, true, r?.text);
        f.saw(r, /something listens there, but it did not answer as a debug target does/);
      });
    }
  });

  test('program paths with spaces and non-ASCII characters (debugpy, js-debug)', async () => {
    const dir = join(scratch, 'with spaces', 'ünïcødé 名前');
    mkdirSync(dir, { recursive: true });
    const cases = [
      { language: 'python', file: join(dir, 'quick script é.py'), from: pyExample('quick.py'), text: 'return' },
      { language: 'node', file: join(dir, 'quick script é.js'), from: join(repoRoot, 'examples', 'node', 'quick.js'), text: 'return count' },
    ];
    for (const c of cases) {
      copyFileSync(c.from, c.file);
      const line = lineOf(c.file, c.text);
      await matrix(`program path with spaces and non-ASCII, ${c.language}`, async (f) => {
        const r = await f.call(g, 'debug_launch', { program: c.file, breakpoints: [{ file: c.file, line }] }, 60_000);
        assert.equal(r?.structured.state, 'stopped', r?.text);
        assert.equal(r?.structured.stop.line, line, r?.text);
        f.saw(r, /stopped|Stopped/);
        await g.call('debug_breakpoint_remove', { all: true });
      });
    }
  });

  test('the target JVM restarts (attach with reconnect)', async () => {
    const service = join(repoRoot, 'examples', 'java', 'Service.java');
    const line = lineOf(service, 'handled++;');
    const port = await freePort();
    await matrix('target JVM restarts (attach, reconnect)', async (f) => {
      let target = startJdwpTarget(service, port, { args: ['300'] });
      targets.push(target);
      const a = await f.call(g, 'debug_attach', { language: 'java', port, waitForTargetMs: 30_000, reconnect: true }, 90_000);
      assert.equal(a?.isError, false, a?.text);
      await f.call(g, 'debug_breakpoint_set', { file: service, line }, 15_000);
      const first = await f.call(g, 'debug_wait', { timeoutMs: 30_000 }, 35_000);
      assert.equal(first?.structured.state, 'stopped', first?.text);
      killGroup(target);
      await eventually(async () => (await g.call('debug_status')).structured.state === 'reconnecting', 15_000);
      target = startJdwpTarget(service, port, { args: ['300'] });
      targets.push(target);
      const again = await f.call(g, 'debug_wait', { timeoutMs: 60_000 }, 65_000);
      assert.equal(again?.structured.stop?.line, line, again?.text);
      const events = await f.call(g, 'debug_events', { types: ['target-lost', 'reconnected'] }, 10_000);
      f.saw(events, /reconnected/);
      await g.call('debug_breakpoint_remove', { all: true });
      await f.call(g, 'debug_stop', { terminate: true }, 15_000);
      assert.ok(await eventually(() => target.exitCode !== null || target.signalCode !== null, 10_000), 'terminate: true ends the JVM');
    });
  });
});

