import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pyenvShimTarget } from '../src/profiles/hooks/pyenv-shim.js';

/** A pyenv root with a python3 shim and versions 3.10.13 and 3.11.7 installed, global 3.11.7. */
function fakePyenv(): { root: string; shim: string; project: string } {
  const root = mkdtempSync(join(tmpdir(), 'dapgate-pyenv-'));
  mkdirSync(join(root, 'shims'));
  mkdirSync(join(root, 'libexec'));
  writeFileSync(join(root, 'libexec', 'pyenv'), '#!/bin/sh\n');
  writeFileSync(join(root, 'shims', 'python3'), '#!/bin/sh\n');
  chmodSync(join(root, 'shims', 'python3'), 0o755);
  for (const v of ['3.10.13', '3.11.7']) {
    mkdirSync(join(root, 'versions', v, 'bin'), { recursive: true });
    writeFileSync(join(root, 'versions', v, 'bin', 'python3'), '');
  }
  writeFileSync(join(root, 'version'), '3.11.7\n');
  const project = join(root, 'project', 'src');
  mkdirSync(project, { recursive: true });
  return { root, shim: join(root, 'shims', 'python3'), project };
}

test('a pyenv shim is read from pyenv\'s files: PYENV_VERSION, else the nearest .python-version, else the global version', async () => {
  const { root, shim, project } = fakePyenv();
  const saved = process.env.PYENV_VERSION;
  delete process.env.PYENV_VERSION;
  try {
    assert.equal(await pyenvShimTarget(shim, project), join(root, 'versions', '3.11.7', 'bin', 'python3'));
    writeFileSync(join(root, 'project', '.python-version'), '# pinned\n3.10.13\n');
    assert.equal(await pyenvShimTarget(shim, project), join(root, 'versions', '3.10.13', 'bin', 'python3'));
    process.env.PYENV_VERSION = '3.11.7';
    assert.equal(await pyenvShimTarget(shim, project), join(root, 'versions', '3.11.7', 'bin', 'python3'));
  } finally {
    if (saved === undefined) delete process.env.PYENV_VERSION;
    else process.env.PYENV_VERSION = saved;
    rmSync(root, { recursive: true, force: true });
  }
});

test('what pyenv resolves by its own rules (system, a prefix, a missing version) or no shim at all is left to the shim', async () => {
  const { root, shim, project } = fakePyenv();
  const saved = process.env.PYENV_VERSION;
  try {
    for (const v of ['system', '3.11', '3.9.1']) {
      process.env.PYENV_VERSION = v;
      assert.equal(await pyenvShimTarget(shim, project), undefined, v);
    }
    delete process.env.PYENV_VERSION;
    assert.equal(await pyenvShimTarget(join(root, 'versions', '3.11.7', 'bin', 'python3'), project), undefined);
    rmSync(join(root, 'libexec', 'pyenv'));
    assert.equal(await pyenvShimTarget(shim, project), undefined, 'a shims folder that is not pyenv\'s');
  } finally {
    if (saved === undefined) delete process.env.PYENV_VERSION;
    else process.env.PYENV_VERSION = saved;
    rmSync(root, { recursive: true, force: true });
  }
});
