import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';

// debug_stop on a program dapgate launched, with and without terminate: what the answer says
// happened to the program is what happened to it, checked by its pid (printed by the program).
const fixture = (name: string) => join(repoRoot, 'e2e', 'fixtures', 'exits', name);
const programs: Record<string, string> = {
  python: fixture('counts.py'), // debugpy
  node: fixture('counts.js'), // js-debug
  java: fixture('Counts.java'), // java-debug
  c: fixture('counts.c'), // lldb-dap
  go: fixture('go'), // delve
};

/** Alive and not a zombie (/proc: Linux, where these tests run). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** The pid the running program printed ("pid N"). */
async function programPid(g: Gateway, sessionId: string): Promise<number> {
  let pid = 0;
  const found = await eventually(async () => {
    const out = await g.ok('debug_output', { sessionId });
    pid = Number(/^pid (\d+)\r?$/m.exec(out.text)?.[1] ?? 0);
    return pid > 0;
  }, 60_000);
  assert.ok(found, 'the program printed its pid');
  return pid;
}

describe('debug_stop on a launched program says what became of it (real adapters)', () => {
  let g: Gateway;
  const started: number[] = [];
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    for (const pid of started.filter(alive)) process.kill(pid, 'SIGKILL');
    await g?.close();
  });

  for (const [language, program] of Object.entries(programs)) {
    for (const terminate of [false, true]) {
      test(`${language}: debug_stop {terminate: ${terminate}} while it runs: the answer matches the pid's fate`, async () => {
        const r = await g.ok('debug_launch', { program, args: ['wait'], wait: false }, 120_000);
        const sid = r.structured.sessionId as string;
        const pid = await programPid(g, sid);
        started.push(pid);
        const s = await g.ok('debug_stop', { sessionId: sid, terminate }, 60_000);
        // the answer came after the check: the program is gone now, and stays gone
        assert.equal(alive(pid), false, `the launched program ${pid} is ended (a program dapgate launched ends with its session): ${s.text}`);
        assert.doesNotMatch(s.text, /keeps running|left running/, s.text);
        assert.match(s.text, new RegExp(`the program was terminated: the process ${pid} ended`), `the answer says it was ended, checked by its pid: ${s.text}`);
        if (!terminate) assert.match(s.text, /terminate: false detaches only from an attached program/, s.text);
        assert.equal(s.structured.terminated, true, s.text);
        assert.equal(s.structured.pid, pid, s.text);
      });
    }
  }

  test('python: debug_stop {terminate: false} while stopped at a breakpoint: ended and said so', async () => {
    const program = programs.python!;
    const r = await g.ok('debug_launch', { program, args: ['wait'], breakpoints: [{ file: program, line: lineOf(program, 'TICK') }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    const pid = await programPid(g, r.structured.sessionId);
    started.push(pid);
    const s = await g.ok('debug_stop', { terminate: false }, 60_000);
    assert.equal(alive(pid), false, s.text);
    assert.match(s.text, new RegExp(`the program was terminated: the process ${pid} ended`), s.text);
  });
});
