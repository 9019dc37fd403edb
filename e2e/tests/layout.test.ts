import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { repoRoot } from '../support/gateway.js';

const run = promisify(execFile);

test('no import circle between the source files of the packages', async () => {
  const r = await run(process.execPath, [join(repoRoot, 'scripts', 'import-cycles.mjs')], { cwd: repoRoot }).catch((e: { stdout: string }) => e);
  assert.equal(r.stdout.trim(), 'no import circles');
});
