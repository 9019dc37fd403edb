import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, eventually, lineOf, repoRoot } from '../support/gateway.js';

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

  test('python: a request the program\'s end cut short says how the program ended, not the adapter\'s raw words', async () => {
    const program = programs.python!;
    const r = await g.ok('debug_launch', { program, args: ['wait'], breakpoints: [{ file: program, line: lineOf(program, 'TICK') }], timeoutMs: 60_000 }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    process.kill(await programPid(g, r.structured.sessionId), 'SIGKILL');
    for (let i = 0; i < 2; i++) {
      const e = await g.call('debug_evaluate', { sessionId: r.structured.sessionId, expression: 'total' });
      assert.equal(e.isError, true, e.text);
      // the first call may race the end (debugpy: "No more messages", "Server[pid=..] disconnected"); either way the answer leads with the end
      assert.match(e.text, /^cannot evaluate: (session s\d+ has ended; )?the program exited with code 247 \(or killed by signal SIGKILL/, e.text);
    }
    await g.ok('debug_breakpoint_remove', { all: true });
  });

  test('attach to a port that is not a debugger says what was tried, what is there, and what to check', async () => {
    const http = createServer((_q, res) => res.end('not a debugger'));
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    const httpPort = (http.address() as AddressInfo).port;
    try {
      for (const language of ['node', 'python', 'java']) {
        const r = await g.call('debug_attach', { language, port: httpPort }, 60_000);
        assert.equal(r.isError, true, r.text);
        assert.match(r.text, new RegExp(`^attach failed: no .* debug target at 127\\.0\\.0\\.1:${httpPort}: something listens there, but it did not answer as a debug target does`), r.text);
        assert.match(r.text, new RegExp(`Next: debug_languages shows how to start a target to attach to\\. check that the target runs under a debugger \\(started with .+\\) and that ${httpPort} is its debug port`), r.text);
        assert.doesNotMatch(r.text, /^\s+at [\w$.]+\(/m, r.text);
      }
    } finally {
      http.close();
    }
    const nothing = await freePort();
    const r = await g.call('debug_attach', { language: 'python', port: nothing });
    assert.match(r.text, new RegExp(`no .* debug target at 127\\.0\\.0\\.1:${nothing}: nothing listens there`), r.text);
  });

  test('a program whose language its name does not tell (a built binary): the answer lists the names each language takes (c for lldb)', async () => {
    const binary = join(mkdtempSync(join(tmpdir(), 'dapgate-noext-')), 'crash');
    writeFileSync(binary, '\x7fELF', { mode: 0o755 });
    const r = await g.call('debug_launch', { program: binary }, 60_000);
    assert.equal(r.isError, true, r.text);
    assert.match(r.text, /^cannot tell the language of .* from its extension\nNext: pass language \(one of: [^\n]*\blldb \(c, cpp, c\+\+, native\)/, r.text);
  });
});
