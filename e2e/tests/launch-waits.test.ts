// debug_launch without breakpoints waits (bounded by timeoutMs) for the first stop or the end, in
// every language: a program that exits at once answers with its exit code and output, a crash with
// the crash stop (default exception filters) or the exit, and one that keeps running with "still
// running after N s" and what it printed so far. One call, no debug_wait needed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const fixture = (name: string) => join(repoRoot, 'e2e', 'fixtures', 'exits', name);
const programs: Record<string, { program: string; source: string }> = {
  python: { program: fixture('counts.py'), source: fixture('counts.py') },
  node: { program: fixture('counts.js'), source: fixture('counts.js') },
  java: { program: fixture('Counts.java'), source: fixture('Counts.java') },
  go: { program: fixture('go'), source: fixture('go/main.go') },
  c: { program: fixture('counts.c'), source: fixture('counts.c') },
  rust: { program: fixture('rust'), source: fixture('rust/src/main.rs') },
};

/**
 * What each crash shows with the profile's default stops: a stop where it is raised (words of the
 * crash in the answer), or the exit with its code and output. Node: an error thrown while an ES
 * module's top level runs is caught by the module loader, so V8's 'uncaught' filter never stops.
 */
const crashes: Record<string, { stop: RegExp } | { exitCode: number; output: RegExp }> = {
  python: { stop: /exception: .*crash requested/ },
  node: { exitCode: 1, output: /Error: crash requested/ },
  java: { stop: /exception: .*crash requested/ },
  go: { stop: /exception: .*crash requested/ },
  c: { stop: /SIGSEGV/ },
  rust: { stop: /stopped at panic: crash requested/ },
};

describe('debug_launch without breakpoints waits for the first stop or the end', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  for (const [language, { program, source }] of Object.entries(programs)) {
    test(`${language}: a program that exits at once: one call answers with its exit code and output`, async () => {
      const r = await g.ok('debug_launch', { program, args: ['0'], timeoutMs: 60_000 }, 180_000);
      assert.ok(['exited', 'terminated'].includes(r.structured.state), r.text);
      assert.equal(r.structured.exitCode, 0, r.text);
      assert.match(r.text, /exited with code 0\b/, r.text);
      assert.match(r.text, /total 210/, `the output is in the answer: ${r.text}`);
      assert.equal(r.structured.waitTimedOut, undefined, r.text);
    });

    test(`${language}: a crashing program: one call answers with the crash`, async () => {
      const r = await g.ok('debug_launch', { program, args: ['crash'], timeoutMs: 60_000 }, 180_000);
      const expected = crashes[language]!;
      if ('stop' in expected) {
        assert.equal(r.structured.state, 'stopped', r.text);
        assert.match(r.text, expected.stop, r.text);
        // where the program's own code raised it (a Go or Rust panic stops in the runtime, a few frames up)
        const line = (r.structured.raisedAt ?? r.structured.stop).line;
        assert.equal(line, lineOf(source, 'CRASH'), r.text);
        await g.ok('debug_stop', { sessionId: r.structured.sessionId });
      } else {
        assert.ok(['exited', 'terminated'].includes(r.structured.state), r.text);
        assert.equal(r.structured.exitCode, expected.exitCode, r.text);
        assert.match(r.text, expected.output, r.text);
      }
    });

    test(`${language}: a program still running when the wait runs out: said so, with its output so far`, async () => {
      const r = await g.ok('debug_launch', { program, args: ['wait'], timeoutMs: 8_000 }, 180_000);
      assert.equal(r.structured.state, 'running', r.text);
      assert.equal(r.structured.waitTimedOut, true, r.text);
      assert.match(r.text, /still running after 8 s/, r.text);
      assert.match(r.text, /Output so far \(last lines\):\n[\s\S]*^pid \d+$/m, r.text);
      await g.ok('debug_stop', { sessionId: r.structured.sessionId });
    });
  }
});
