import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { freePort } from '@dapgate/dap';
import { eventually, freshStateDir, Gateway, lineOf, pyExample } from '../support/gateway.js';
import { killGroup, startDebugpyListener } from '../support/processes.js';

const quick = pyExample('quick.py');
const loop = pyExample('loop.py');
const appendLine = lineOf(quick, 'out.append(v * v)');
const totalLine = lineOf(quick, 'total = sum(result)');
const printLine = lineOf(quick, 'print("total", total)');
const counterLine = lineOf(loop, 'counter = {"n": 0}');
const sleepLine = lineOf(loop, 'time.sleep(0.01)');

const ownerOf = (listed: Record<string, any>, id: string) => (listed.structured.breakpoints as any[]).find((b) => b.id === id)?.owner;
const ids = (listed: Record<string, any>) => (listed.structured.breakpoints as any[]).map((b) => b.id as string).sort();

describe('breakpoints belong to whoever set them', () => {
  const targets: ChildProcess[] = [];
  after(() => targets.forEach(killGroup));

  test('a launch, a probe, a trace and an attach own theirs; workspace ones apply to every session, are named as such, and alone survive a restart', async () => {
    const state = { DAPGATE_STATE_DIR: freshStateDir() };
    const g = await Gateway.start(state);
    let second: Gateway | undefined;
    try {
      // two sessions: the first one's breakpoint is its own
      const first = await g.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line: appendLine }] }, 90_000);
      const s1 = first.structured.sessionId as string;
      const own1 = first.structured.breakpoints[0] as string;
      assert.deepEqual(first.structured.stop.breakpointIds, [own1], first.text);
      const workspace = (await g.ok('debug_breakpoint_set', { file: quick, line: totalLine })).structured.breakpoint;
      assert.equal(workspace.owner, 'workspace');
      let listed = await g.ok('debug_breakpoints');
      assert.equal(ownerOf(listed, own1), s1, listed.text);
      assert.match(listed.text, new RegExp(`${own1}\\b.*${s1}'s own`), listed.text);
      assert.match(listed.text, new RegExp(`${workspace.id}\\b.*workspace`), listed.text);

      const secondLaunch = await g.ok('debug_launch', { program: quick }, 90_000);
      const s2 = secondLaunch.structured.sessionId as string;
      assert.equal(secondLaunch.structured.stop?.line, totalLine, `${s1}'s breakpoint does not stop ${s2}: ${secondLaunch.text}`);
      assert.deepEqual(secondLaunch.structured.stop.breakpointIds, [workspace.id], secondLaunch.text);
      assert.match(secondLaunch.text, new RegExp(`${workspace.id}, a workspace breakpoint`), 'the stop names the breakpoint and its owner');
      assert.match(secondLaunch.text, new RegExp(`[Ww]orkspace breakpoints? armed.*${workspace.id}`), 'the launch lists the workspace breakpoints it armed');
      const own2 = (await g.ok('debug_breakpoint_set', { file: quick, line: printLine, sessionId: s2 })).structured.breakpoint;
      assert.equal(own2.owner, s2);
      await g.ok('debug_stop', { sessionId: s1 });
      await g.ok('debug_stop', { sessionId: s2 });
      listed = await g.ok('debug_breakpoints');
      assert.deepEqual(ids(listed), [workspace.id], `session-owned breakpoints end with their sessions: ${listed.text}`);

      // a probe: its own hits only; the workspace breakpoint's stop is reported as such, not padded in
      const probe = await g.ok('debug_probe', { program: quick, breakpoints: [{ file: quick, line: appendLine }], expressions: ['v * 10'] }, 90_000);
      assert.equal(probe.structured.hits.length, 3, probe.text);
      assert.ok(probe.structured.hits.every((h: any) => h.line === appendLine && h.expressions['v * 10'] !== undefined), probe.text);
      assert.match(probe.text, new RegExp(`${workspace.id}, a workspace breakpoint`), probe.text);
      assert.doesNotMatch(probe.text, /<error/, probe.text);
      assert.deepEqual(ids(await g.ok('debug_breakpoints')), [workspace.id], 'the probe\'s breakpoint ended with it');

      // an attach owns its breakpoints: they stop neither a trace nor a launch of the same program
      const python = (await g.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'python').path;
      const port = await freePort();
      const listener = startDebugpyListener(python, port, loop, ['600']);
      targets.push(listener);
      let printed = '';
      listener.stdout!.on('data', (c: Buffer) => (printed += c.toString()));
      assert.ok(await eventually(() => printed.includes('tick'), 30_000), 'the program runs its loop (past the line of the attach\'s breakpoint)');
      const attached = await g.ok('debug_attach', { language: 'python', port, waitForTargetMs: 15_000, breakpoints: [{ file: loop, line: counterLine }] }, 60_000);
      const sa = attached.structured.sessionId as string;
      const ownA = attached.structured.breakpoints[0] as string;
      assert.match(attached.text, new RegExp(`[Ww]orkspace breakpoints? armed.*${workspace.id}`), attached.text);
      assert.equal(ownerOf(await g.ok('debug_breakpoints'), ownA), sa);

      const trace = await g.ok('debug_trace', { program: loop, args: ['1'], function: 'tick', file: loop }, 90_000);
      assert.equal(trace.structured.traces?.length, 1, `the attach's breakpoint does not cut the trace: ${trace.text}`);
      assert.equal(trace.structured.traces[0].function, 'tick', trace.text);
      const ts = trace.structured.sessionId as string;
      const status = await g.ok('debug_status', { sessionId: sa });
      assert.equal(status.structured.state, 'running', `the trace's entry breakpoint did not stop the attached program: ${status.text}`);
      await g.ok('debug_stop', { sessionId: ts });

      const third = await g.ok('debug_launch', { program: loop, args: ['0.3'] }, 90_000);
      assert.ok(!(third.structured.stop?.breakpointIds ?? []).includes(ownA), `${sa}'s breakpoint does not stop another launch: ${third.text}`);
      await g.call('debug_stop', { sessionId: third.structured.sessionId });

      // a restart: only workspace breakpoints come back
      const ownLater = (await g.ok('debug_breakpoint_set', { file: loop, line: sleepLine, sessionId: sa })).structured.breakpoint;
      let stopped = await g.ok('debug_status', { sessionId: sa });
      await eventually(async () => (stopped = await g.ok('debug_status', { sessionId: sa })).structured.state === 'stopped', 10_000);
      assert.deepEqual(stopped.structured.stop?.breakpointIds, [ownLater.id], `${ownLater.id} stops its own session: ${stopped.text}`);
      const held = await g.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line: appendLine }] }, 90_000);
      assert.equal(held.structured.state, 'stopped', held.text);
      await g.close();

      second = await Gateway.start(state);
      listed = await second.ok('debug_breakpoints');
      assert.deepEqual(ids(listed), [workspace.id], `only workspace breakpoints persist: ${listed.text}`);
      assert.equal(ownerOf(listed, workspace.id), 'workspace');
      const again = await second.ok('debug_attach', { reattach: sa }, 60_000);
      assert.equal(again.structured.state, 'running', `the lost session's breakpoints ended with it: ${again.text}`);
      assert.deepEqual(ids(await second.ok('debug_breakpoints')), [workspace.id]);
      await second.ok('debug_stop', {});
    } finally {
      await g.close().catch(() => undefined);
      await second?.close();
    }
  });
});
