import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';
import { HttpGateway } from '../support/http-gateway.js';
import { killGroup, startInspectTarget, startJdwpTarget } from '../support/processes.js';

// What dapgate reports must be observed, not assumed: terminated targets, hit counts.
const fixture = (name: string) => join(repoRoot, 'e2e', 'fixtures', 'exits', name);
const programs = { python: fixture('counts.py'), node: fixture('counts.js'), java: fixture('Counts.java'), c: fixture('counts.c') };
const hitLine = (file: string) => lineOf(file, 'HIT');

function gone(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Runs a stopped or running session to its end (an exit stop such as Python's SystemExit is continued). */
async function runToEnd(g: Gateway, sessionId: string): Promise<Record<string, any>> {
  for (let i = 0; i < 5; i++) {
    const st = await g.ok('debug_status', { sessionId });
    if (st.structured.state !== 'stopped') {
      if (['exited', 'terminated'].includes(st.structured.state)) return st.structured;
      const w = await g.ok('debug_wait', { sessionId, timeoutMs: 30_000 });
      if (w.structured.state !== 'stopped') return w.structured;
      continue;
    }
    await g.ok('debug_continue', { sessionId, timeoutMs: 30_000 });
  }
  return (await g.ok('debug_status', { sessionId })).structured;
}

describe('true answers: terminate, hit conditions, attach before resume', () => {
  let g: Gateway;
  const targets: ChildProcess[] = [];
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    for (const t of targets) killGroup(t);
    await g?.close();
  });

  // exit codes in every profile (0, 3, SIGTERM, SIGKILL): exit-codes.test.ts

  test('hitCondition: one grammar, applied by dapgate for every adapter', async () => {
    for (const [language, program] of Object.entries({ python: programs.python, node: programs.node, java: programs.java })) {
      const line = hitLine(program);
      const cases: [string, string[]][] = [
        ['>= 8', ['8', '9']],
        ['% 3', ['3', '6']],
        ['5', ['5']],
      ];
      for (const [hitCondition, expected] of cases) {
        await g.ok('debug_breakpoint_remove', { all: true });
        // a workspace breakpoint: it outlives the session, so its total can be read after the end
        await g.ok('debug_breakpoint_set', { file: program, line, hitCondition });
        const r = await g.ok('debug_launch', { program, timeoutMs: 60_000 }, 120_000);
        const sid = r.structured.sessionId;
        const seen: string[] = [];
        let at = r;
        while (at.structured.state === 'stopped' && at.structured.stop?.line === line && seen.length < expected.length + 1) {
          seen.push(String(at.structured.locals?.i));
          at = await g.ok('debug_continue', { sessionId: sid, timeoutMs: 30_000 });
        }
        const want = hitCondition === '5' ? ['5'] : expected;
        assert.deepEqual(seen.slice(0, want.length), want, `${language} ${hitCondition}: ${at.text}`);
        if (hitCondition === '5') assert.equal(seen.length, 1, `${language}: "5" stops only on the 5th hit`);
        const list = await g.ok('debug_breakpoints');
        assert.ok(list.structured.breakpoints[0].hits >= Number(want[want.length - 1]), list.text);
        await g.ok('debug_stop', { sessionId: sid });
      }
    }
    const bad = await g.call('debug_breakpoint_set', { file: programs.python, line: hitLine(programs.python), hitCondition: 'every 2' });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /not understood[\s\S]*% N/, bad.text);
  });

  test('hitCondition counts each launch\'s own hits: a breakpoint kept (or set again on its line) with hits from an earlier run still stops on the Nth hit', async () => {
    for (const [language, program] of Object.entries({ python: programs.python, node: programs.node, java: programs.java })) {
      await g.ok('debug_breakpoint_remove', { all: true });
      const line = hitLine(program);
      // workspace breakpoints: kept from one launch to the next
      const stopsAt = async (breakpoints?: Record<string, unknown>[]) => {
        for (const b of breakpoints ?? []) await g.ok('debug_breakpoint_set', b);
        const r = await g.ok('debug_launch', { program, timeoutMs: 60_000 }, 120_000);
        await g.ok('debug_stop', { sessionId: r.structured.sessionId });
        return r;
      };
      // an earlier run leaves the line's breakpoint with one hit...
      const first = await stopsAt([{ file: program, line }]);
      assert.equal(first.structured.locals?.i, '1', `${language}: ${first.text}`);
      // ...then it is set again on that line with a hit condition: its own 2nd hit, not the 1st
      const again = await stopsAt([{ file: program, line, hitCondition: '2' }]);
      assert.deepEqual([again.structured.stop?.line, again.structured.locals?.i], [line, '2'], `${language} (set again): ${again.text}`);
      // and the next launch with the same breakpoint counts from 1 again
      const next = await stopsAt();
      assert.deepEqual([next.structured.stop?.line, next.structured.locals?.i], [line, '2'], `${language} (next launch): ${next.text}`);
      const list = await g.ok('debug_breakpoints');
      assert.equal(list.structured.breakpoints[0].hits, 5, `${language}: the total over the three runs: ${list.text}`);
    }
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('logpoint hits are counted (every language), and the output carries no marker', async () => {
    for (const [language, program] of Object.entries({ python: programs.python, node: programs.node, java: programs.java })) {
      await g.ok('debug_breakpoint_remove', { all: true });
      const set = await g.ok('debug_breakpoint_set', { file: program, line: hitLine(program), logMessage: 'i is {i}' });
      const r = await g.ok('debug_launch', { program, timeoutMs: 60_000 }, 120_000);
      await runToEnd(g, r.structured.sessionId);
      const list = await g.ok('debug_breakpoints');
      const bp = list.structured.breakpoints.find((b: any) => b.id === set.structured.breakpoint.id);
      assert.equal(bp?.hits, 20, `${language}: ${list.text}`);
      const out = await g.ok('debug_output', { sessionId: r.structured.sessionId });
      assert.match(out.text, /i is 20/, out.text);
      assert.doesNotMatch(out.text, /dapgate:bp|\u2060/, out.text);
    }
  });

  test('attach to a JVM that waits (suspend=y): the attach call\'s breakpoints apply before it resumes', async () => {
    await g.ok('debug_breakpoint_remove', { all: true });
    const port = await freePort();
    const program = programs.java;
    const line = hitLine(program);
    const t = startJdwpTarget(program, port, { suspend: true });
    targets.push(t);
    const a = await g.ok('debug_attach', { language: 'java', port, waitForTargetMs: 30_000, cwd: join(repoRoot, 'e2e', 'fixtures', 'exits'), breakpoints: [{ file: program, line, hitCondition: '2' }] }, 90_000);
    const w = a.structured.state === 'stopped' ? a : await g.ok('debug_wait', { sessionId: a.structured.sessionId, timeoutMs: 30_000 });
    assert.equal(w.structured.stop?.line, line, w.text);
    assert.equal(w.structured.locals?.i, '2', w.text);
    assert.match(a.text, /applied before/, a.text);
    await g.ok('debug_breakpoint_remove', { all: true });
    await g.ok('debug_stop', { sessionId: a.structured.sessionId, terminate: true });
    assert.ok(await eventually(() => gone(t), 10_000), 'the JVM is gone');
  });

  test('terminate: true on an attached JVM ends it (checked); a second attach to the same port names the holder', async () => {
    const port = await freePort();
    const t = startJdwpTarget(fixture('Sleeper.java'), port);
    targets.push(t);
    const a = await g.ok('debug_attach', { language: 'java', port, waitForTargetMs: 30_000 }, 90_000);
    const again = await g.call('debug_attach', { language: 'java', port });
    assert.equal(again.isError, true);
    assert.match(again.text, new RegExp(`already attached by session ${a.structured.sessionId}`), again.text);
    const stop = await g.ok('debug_stop', { sessionId: a.structured.sessionId, terminate: true });
    assert.match(stop.text, /terminated/, stop.text);
    assert.equal(stop.structured.terminated, true, stop.text);
    assert.ok(await eventually(() => gone(t), 5_000), `the JVM still runs after: ${stop.text}`);
  });

  test('terminate: true on an attached node --inspect process ends it and frees its port', async () => {
    const port = await freePort();
    const server = join(repoRoot, 'examples', 'node', 'server.js');
    const t = startInspectTarget(server, port, { args: [String(await freePort())] });
    targets.push(t);
    const a = await g.ok('debug_attach', { language: 'node', port, waitForTargetMs: 15_000 }, 60_000);
    const stop = await g.ok('debug_stop', { sessionId: a.structured.sessionId, terminate: true });
    assert.equal(stop.structured.terminated, true, stop.text);
    assert.ok(await eventually(() => gone(t), 5_000), `node still runs after: ${stop.text}`);
  });

  test('an attach error keeps its first line and what to do, not the adapter\'s stack trace', async () => {
    const port = await freePort();
    const r = await g.call('debug_attach', { language: 'java', port });
    assert.equal(r.isError, true, r.text);
    assert.doesNotMatch(r.text, /^\s+at [\w$.]+\(/m, r.text);
    assert.ok(r.text.split('\n').length <= 6, r.text);
  });

  test('debug_sessions keeps the last few ended sessions and says how many were dropped', async () => {
    await g.ok('debug_breakpoint_remove', { all: true });
    for (let i = 0; i < 7; i++) {
      const r = await g.ok('debug_launch', { program: programs.python }, 60_000);
      await runToEnd(g, r.structured.sessionId);
    }
    const list = await g.ok('debug_sessions');
    // 'exited' is not final yet (the adapter may still be ending); terminated and failed are
    const ended = list.structured.sessions.filter((s: any) => ['terminated', 'failed'].includes(s.state));
    assert.ok(ended.length <= 5, list.text);
    assert.ok(list.structured.droppedEnded > 0, list.text);
    assert.match(list.text, /older ended session\(s\) dropped/, list.text);
  });

  test('many calls leave no listener leak (no MaxListenersExceededWarning)', async () => {
    await g.ok('debug_breakpoint_remove', { all: true });
    const program = programs.python;
    const r = await g.ok('debug_launch', { program, breakpoints: [{ file: program, line: hitLine(program) }], timeoutMs: 60_000 }, 120_000);
    for (let i = 0; i < 15; i++) {
      await g.ok('debug_continue', { sessionId: r.structured.sessionId, timeoutMs: 30_000 });
      await g.ok('debug_wait', { sessionId: r.structured.sessionId, timeoutMs: 50 });
    }
    await g.ok('debug_stop', { sessionId: r.structured.sessionId });
    assert.doesNotMatch(g.stderr, /MaxListenersExceeded/, g.stderr.slice(-2000));
  });

  test('one-shot HTTP clients (a new MCP connection per call, one workspace) leave no listener behind: Python, Node, Java', async () => {
    const http = await HttpGateway.start();
    let workspace: string | undefined;
    /** One call on a new MCP connection, as a one-shot client makes it (it closes without ending its MCP session). */
    const once = async (name: string, args: Record<string, unknown> = {}, timeoutMs?: number) => {
      const c = await http.client(workspace);
      try {
        const r = await c.ok(name, args, timeoutMs);
        workspace = c.workspace;
        return r;
      } finally {
        await c.close();
      }
    };
    try {
      for (let i = 0; i < 12; i++) await once('debug_sessions');
      for (const program of [programs.python, programs.node, programs.java]) {
        const r = await once('debug_launch', { program, breakpoints: [{ file: program, line: hitLine(program) }], timeoutMs: 60_000 }, 120_000);
        const sessionId = r.structured.sessionId;
        assert.equal(r.structured.state, 'stopped', r.text);
        for (let i = 0; i < 3; i++) assert.equal((await once('debug_continue', { sessionId, timeoutMs: 30_000 })).structured.state, 'stopped');
        await once('debug_stop', { sessionId });
        await once('debug_breakpoint_remove', { all: true });
      }
      assert.doesNotMatch(http.stderr, /MaxListenersExceeded|Warning/, http.stderr.slice(-3000));
    } finally {
      http.stop();
    }
  });
});
