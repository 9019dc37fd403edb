import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot, type ToolReply } from '../support/gateway.js';

const workers = join(repoRoot, 'examples', 'java', 'Workers.java');

describe("other threads' stops name the breakpoint and its owner (real java-debug)", () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('one worker at the launch\'s own breakpoint, two at a workspace one: debug_status and debug_threads say whose each is', async () => {
    const ownLine = lineOf(workers, 'done.incrementAndGet();');
    const wsLine = lineOf(workers, 'return acc;');
    const ws = (await g.ok('debug_breakpoint_set', { file: workers, line: wsLine, condition: '!name.equals("worker-0")' })).structured.breakpoint;
    assert.equal(ws.owner, 'workspace');
    const r = await g.ok('debug_launch', { program: workers, adapterArgs: { suspendAllThreads: false }, breakpoints: [{ file: workers, line: ownLine, condition: 'name.equals("worker-0")' }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const own = r.structured.breakpoints[0] as string;
    // the three workers run on their own (nothing pauses them) until each reaches its breakpoint
    let threads!: ToolReply;
    const all = await eventually(async () => {
      threads = await g.ok('debug_threads');
      return threads.structured.threads.filter((t: any) => t.state === 'stopped' && [ownLine, wsLine].includes(t.line)).length === 3;
    }, 30_000, 300);
    assert.ok(all, `three workers stopped at the two breakpoints: ${threads.text}`);
    for (const t of threads.structured.threads.filter((x: any) => x.state === 'stopped' && [ownLine, wsLine].includes(x.line))) {
      const expected = t.line === wsLine ? new RegExp(`breakpoint ${ws.id}, a workspace breakpoint set earlier`) : new RegExp(`breakpoint ${own}, this session's own`);
      assert.match(t.reason, expected, `debug_threads names the owner of thread ${t.id}'s breakpoint: ${threads.text}`);
    }
    const status = await g.ok('debug_status', { locals: false, source: false });
    const also = status.text.split('\n').filter((l) => l.startsWith('Also stopped:'));
    assert.ok(also.length >= 1, `a worker stopped at the other breakpoint is listed: ${status.text}`);
    for (const line of also) assert.match(line, new RegExp(`breakpoint (${ws.id}, a workspace breakpoint set earlier|${own}, this session's own)`), `each other stop names its breakpoint's owner: ${status.text}`);
    const others = status.structured.otherStoppedThreads as any[];
    assert.ok(others.every((o) => Array.isArray(o.breakpointIds) && o.breakpointIds.length === 1 && ['workspace', r.structured.sessionId].includes(o.owners?.[0])), `structured: ${JSON.stringify(others)}`);
    await g.ok('debug_stop', {});
    await g.ok('debug_breakpoint_remove', { all: true });
  });
});
