import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, eventually, repoRoot } from '../support/gateway.js';

// How a program ended, in every profile that can launch here: exit 0, exit 3, and death by SIGTERM
// and SIGKILL sent to the program's own pid while it runs. What an adapter cannot know is said
// ("exit code unknown"), never a made-up code. .NET: netcoredbg is not installable on this machine
// (see dotnet.test.ts), so it has no exit test here.
const fixture = (name: string) => join(repoRoot, 'e2e', 'fixtures', 'exits', name);
const programs: Record<string, string> = {
  python: fixture('counts.py'),
  node: fixture('counts.js'),
  java: fixture('Counts.java'),
  c: fixture('counts.c'),
  go: fixture('go'),
  rust: fixture('rust'),
};

/** Waits (bounded) until the session has ended and returns its final structured answer. */
async function ended(g: Gateway, sessionId: string): Promise<Record<string, any>> {
  for (let i = 0; i < 5; i++) {
    const st = await g.ok('debug_status', { sessionId });
    if (['exited', 'terminated', 'failed'].includes(st.structured.state)) return { ...st.structured, text: st.text };
    if (st.structured.state === 'stopped') await g.ok('debug_continue', { sessionId, wait: false });
    await g.ok('debug_wait', { sessionId, timeoutMs: 30_000 });
  }
  const st = await g.ok('debug_status', { sessionId });
  return { ...st.structured, text: st.text };
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

/**
 * What each adapter can know about a death by signal. 'signal': named for certain (dapgate started
 * the process, or the adapter's code is unambiguous: delve's -N, lldb after a stop for the signal).
 * A number: the code the adapter reports, which a plain exit could also give, so the answer names
 * the signal it may be (debugpy: 256 - N; lldb: N without a stop; the JVM: 128 + N on SIGTERM).
 */
const killReports: Record<string, Record<'SIGTERM' | 'SIGKILL', 'signal' | number>> = {
  python: { SIGTERM: 241, SIGKILL: 247 },
  node: { SIGTERM: 'signal', SIGKILL: 'signal' },
  java: { SIGTERM: 143, SIGKILL: 'signal' },
  c: { SIGTERM: 'signal', SIGKILL: 9 },
  go: { SIGTERM: 'signal', SIGKILL: 'signal' },
  rust: { SIGTERM: 'signal', SIGKILL: 9 },
};

describe('exit codes in every profile: 0, 3, SIGTERM, SIGKILL', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  for (const [language, program] of Object.entries(programs)) {
    for (const code of [0, 3]) {
      test(`${language}: exit(${code}) is reported as code ${code}`, async () => {
        const r = await g.ok('debug_launch', { program, args: [String(code)], wait: false }, 120_000);
        const end = await ended(g, r.structured.sessionId);
        assert.equal(end.exitCode, code, end.text);
        assert.match(end.text, new RegExp(`exited with code ${code}\\b`), end.text);
      });
    }
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      test(`${language}: killed by ${signal} is reported as that signal, or hedged, never as a plain code`, async () => {
        const r = await g.ok('debug_launch', { program, args: ['wait'], wait: false }, 120_000);
        const sid = r.structured.sessionId;
        process.kill(await programPid(g, sid), signal);
        const end = await ended(g, sid);
        assert.notEqual(end.exitCode, 0, end.text);
        const expected = killReports[language][signal];
        if (expected === 'signal') {
          assert.equal(end.exitSignal, signal, end.text);
          assert.equal(end.exitCode, undefined, end.text);
          assert.match(end.text, new RegExp(`ended by signal ${signal}`), end.text);
        } else {
          // the adapter's number could also be a plain exit: the code with the signal it may stand for
          assert.equal(end.exitCode, expected, end.text);
          assert.match(end.exitNote ?? '', new RegExp(signal), end.text);
          assert.match(end.text, new RegExp(`exited with code ${expected} \\([^)]*${signal}`), end.text);
        }
      });
    }
  }
});
