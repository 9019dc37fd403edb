import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir } from '@dapgate/core';
import { Gateway, eventually, lineOf, pyExample, repoRoot } from '../support/gateway.js';

/**
 * Child processes on a request path (javac, adapter checks, interpreter probes) run without
 * blocking the gateway: while one session waits 6 s for a slow javac, another answers at once.
 */
describe('a slow child process in one session does not freeze another', () => {
  const work = mkdtempSync(join(tmpdir(), 'dapgate-slow-javac-'));
  const started = join(work, 'javac.started');
  const finished = join(work, 'javac.finished');
  const program = join(work, 'Ledger.java');
  let g: Gateway;

  before(async () => {
    const realJavac = realpathSync(join(process.env.JAVA_HOME ?? '/usr', 'bin', 'javac'));
    mkdirSync(join(work, 'jdk', 'bin'), { recursive: true });
    const javac = join(work, 'jdk', 'bin', 'javac');
    // a JDK whose javac takes 6 s longer than the real one
    writeFileSync(javac, `#!/bin/sh\ntouch '${started}'\nsleep 6\n'${realJavac}' "$@"\ncode=$?\ntouch '${finished}'\nexit $code\n`);
    chmodSync(javac, 0o755);
    copyFileSync(join(repoRoot, 'examples', 'java', 'Ledger.java'), program);
    g = await Gateway.start({ DAPGATE_JAVA_HOME: join(work, 'jdk') });
  });
  after(async () => {
    await g?.close();
    rmSync(work, { recursive: true, force: true });
    rmSync(join(cacheDir(), 'java-classes', createHash('sha1').update(program).digest('hex').slice(0, 16)), { recursive: true, force: true });
  });

  test('python answers evaluate and stack while a java launch compiles', async () => {
    const ledger = pyExample('ledger.py');
    const py = await g.ok('debug_launch', { program: ledger, breakpoints: [{ file: ledger, line: lineOf(ledger, 'fee = 1 if') }] });
    assert.equal(py.structured.state, 'stopped', py.text);
    const pySession = py.structured.sessionId;

    const javaLine = lineOf(program, 'total = ledger.post(amount);');
    const javaLaunch = g.call('debug_launch', { program, breakpoints: [{ file: program, line: javaLine }] }, 180_000);
    assert.ok(await eventually(() => existsSync(started), 60_000), 'the slow javac started');

    const t0 = Date.now();
    const ev = await g.ok('debug_evaluate', { sessionId: pySession, expression: 'amount * 2' });
    const stack = await g.ok('debug_stack', { sessionId: pySession });
    const elapsed = Date.now() - t0;
    assert.equal(ev.structured.result, '80', ev.text);
    assert.match(stack.text, /post/, stack.text);
    assert.equal(existsSync(finished), false, `both answers came while javac was still running (took ${elapsed} ms)`);

    const java = await javaLaunch;
    assert.equal(java.isError, false, java.text);
    assert.equal(java.structured.state, 'stopped', java.text);
    assert.equal(java.structured.stop.line, javaLine);
    assert.ok(existsSync(finished), 'the java session used the slow javac');
    await g.ok('debug_stop', { sessionId: java.structured.sessionId });
    await g.ok('debug_stop', { sessionId: pySession });
  });
});
