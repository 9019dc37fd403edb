import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, eventually } from '../support/gateway.js';

/**
 * python3 on PATH may be a version manager's shim (pyenv) that picks its interpreter from the
 * folder it runs in (.python-version): the program runs under the one its own folder selects, as
 * `python3 prog.py` run there would, not the one the gateway's folder selects.
 */
describe('python: the interpreter a project folder selects (pyenv .python-version)', () => {
  let g: Gateway;
  let dir: string;
  before(async () => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), 'dapgate-pyversion-')));
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a program in a folder whose .python-version says system runs under the system python', async () => {
    const shim = execFileSync('sh', ['-c', 'command -v python3'], { encoding: 'utf8' }).trim();
    assert.match(shim, /\/shims\/python3$/, `this machine's python3 is pyenv's shim (the CI image's): ${shim}`);
    writeFileSync(join(dir, '.python-version'), 'system\n');
    const wanted = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { cwd: dir, encoding: 'utf8' }).trim();
    const gateways = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).trim();
    assert.notEqual(wanted, gateways, 'the folder selects another interpreter than the gateway folder does');
    const program = join(dir, 'which.py');
    writeFileSync(program, 'import sys\nprint("executable", sys.executable)\n');
    const r = await g.ok('debug_launch', { program });
    assert.ok(await eventually(async () => ['exited', 'terminated'].includes((await g.ok('debug_status', { sessionId: r.structured.sessionId })).structured.state), 30_000), 'the program ends');
    const out = (await g.ok('debug_output', { sessionId: r.structured.sessionId, category: 'stdout' })).structured.output as string;
    assert.match(out, new RegExp(`executable ${wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`), out);
  });
});
