import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';
import { killGroup } from '../support/processes.js';

// A new user's trial on a public Java library (a cookie decoder, attached on a JDWP port and
// launched): what the Java host answered untrue, each pinned on a fixture of that shape.
const fixtures = join(repoRoot, 'e2e', 'fixtures', 'java-held');
const hotLoop = join(fixtures, 'HotLoop.java');
const escapes = join(fixtures, 'Escapes.java');
const tally = join(fixtures, 'Tally.java');

describe('java: a thread held twice, and strings as Java reads them (real java-debug host)', () => {
  let g: Gateway;
  let target: ChildProcess | undefined;
  let classes: string;
  before(async () => {
    classes = mkdtempSync(join(tmpdir(), 'dapgate-java-held-'));
    const r = spawnSync('javac', ['-g', '-d', classes, hotLoop], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, r.stderr);
    g = await Gateway.start();
  });
  after(async () => {
    killGroup(target);
    await g?.close();
    rmSync(classes, { recursive: true, force: true });
  });

  test('a String reads as a Java literal: CR, tab, backspace, control chars, backslash and quotes escaped (not "a\\nb" for "a\\r\\nb")', async () => {
    const line = lineOf(escapes, 'System.out.println');
    const r = await g.ok('debug_launch', { program: escapes, breakpoints: [{ file: escapes, line }] }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.equal(r.structured.locals.crlf, '"a\\r\\nb"', r.text);
    assert.equal(r.structured.locals.mixed, '"tab\\there\\bback\\u0001 C:\\\\f \\"q\\""', r.text);
    const e = await g.ok('debug_evaluate', { expression: 'crlf' });
    assert.match(e.text, /^crlf = "a\\r\\nb" \(String\)/, e.text);
    // the literal is what a set takes back
    await g.ok('debug_set_variable', { path: 'crlf', value: '"x\\r\\ny"' });
    const v = await g.ok('debug_variables', { path: 'crlf' });
    assert.match(v.text, /crlf = "x\\r\\ny"/, v.text);
    await g.ok('debug_stop');
  });

  test('an exception message keeps its CR and tab, escaped, in the stop line (was "bad a\\nb<TAB>!")', async () => {
    const r = await g.ok('debug_launch', { program: escapes }, 120_000);
    assert.equal(r.structured.state, 'stopped', r.text);
    assert.match(r.text, /stopped at exception: java\.lang\.IllegalStateException: bad a\\r\\nb\\t!/, r.text);
    await g.ok('debug_stop');
  });

  test('debug_trace depth 1: a constructor or void method called on a line reads "-> (no value)" there, as its own trace says (was "-> (unknown)")', async () => {
    const t = await g.ok('debug_trace', { program: tally, file: tally, function: 'Tally.run', depth: 1 }, 120_000);
    assert.match(t.text, /<init>\(start=2, this=[^)]*\) -> \(no value\)/, t.text);
    assert.match(t.text, /add\(n=3, this=[^)]*\) -> \(no value\)/, t.text);
    assert.match(t.text, /Tally\.add\(int\)[^\n]*: returned \(no value\)/, t.text);
    assert.doesNotMatch(t.text, /\(unknown\)/, t.text);
    await g.ok('debug_stop');
  });

  test('a snapshot of a JVM whose thread is testing a breakpoint condition leaves it running (attached: it froze there, answered "resumed: it is running")', async () => {
    const port = await freePort();
    // compiled classes, so its main is in the loop from the start (not in the source launcher's compiler)
    target = spawn('java', [`-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:${port}`, '-cp', classes, 'HotLoop'], { stdio: 'ignore', detached: true });
    const line = lineOf(hotLoop, 'n = next(n, label);');
    // the condition never holds: the thread spends its time stopped at the breakpoint while it is tested
    const r = await g.ok('debug_attach', { language: 'java', port, waitForTargetMs: 60_000, sourcePaths: [fixtures], breakpoints: [{ file: hotLoop, line, condition: 'n < 0' }] }, 120_000);
    assert.equal(r.structured.state, 'running', r.text);
    const counts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const s = await g.ok('debug_snapshot', {}, 60_000);
      assert.match(s.text, /resumed: it is running/, s.text);
      const n = /locals \(#0\):.*\bn=(\d+)/.exec(s.text);
      assert.ok(n, s.text);
      counts.push(Number(n[1]));
    }
    for (let i = 1; i < counts.length; i++) assert.ok(counts[i] > counts[i - 1], `the loop went on between snapshots: n = ${counts.join(', ')}`);
    await g.ok('debug_stop');
  });
});
