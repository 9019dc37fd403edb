import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProfiles } from '../src/profiles/loader.js';
import { resolveAdapter } from '../src/adapters/resolver.js';
import type { Profile } from '../src/profiles/schema.js';

/** A profile whose runtime is this Node, checked by a script that counts its runs in a file. */
function countingProfile(id: string, counter: string, exitCode: number): Profile {
  const python = loadProfiles().find((p) => p.id === 'python')!;
  const envVar = `DAPGATE_TEST_RUNTIME_${id.toUpperCase()}`;
  process.env[envVar] = process.execPath;
  const check = ['-e', `require('fs').appendFileSync(${JSON.stringify(counter)}, 'x'); setTimeout(() => { console.log('v1.2'); process.exit(${exitCode}); }, 200)`];
  // a manual install: no venv patch to check, only the runtime's check command runs
  const install = { kind: 'manual' as const, instructions: 'test profile' };
  return { ...python, id, adapter: { ...python.adapter, install, runtime: { ...python.adapter.runtime, envVar, check } } };
}

test('a usable adapter is probed once per gateway run, concurrent callers share the probe', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-resolver-'));
  try {
    const counter = join(dir, 'runs');
    writeFileSync(counter, '');
    const profile = countingProfile('cachedok', counter, 0);
    const [a, b] = await Promise.all([resolveAdapter(profile), resolveAdapter(profile)]);
    const c = await resolveAdapter(profile);
    assert.equal(a.installed, true, a.problem);
    assert.equal(a.version, 'v1.2');
    assert.deepEqual([b, c], [a, a]);
    assert.equal(readFileSync(counter, 'utf8'), 'x', 'the check command ran once for three resolutions');
    await resolveAdapter(profile, { fresh: true });
    assert.equal(readFileSync(counter, 'utf8'), 'xx', 'fresh probes again');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('an unusable adapter is probed again next time (an install in between is seen)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-resolver-'));
  try {
    const counter = join(dir, 'runs');
    writeFileSync(counter, '');
    const profile = countingProfile('cachedbad', counter, 1);
    const first = await resolveAdapter(profile);
    assert.equal(first.installed, false);
    assert.match(first.problem!, /no usable .*v1\.2/);
    await resolveAdapter(profile);
    assert.equal(readFileSync(counter, 'utf8'), 'xx');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('profiles that share a runtime and its check (lldb-dap for C and Rust) run the check once; fresh runs it again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-resolver-'));
  try {
    const counter = join(dir, 'runs');
    writeFileSync(counter, '');
    const first = countingProfile('sharedone', counter, 0);
    const second = { ...first, id: 'sharedtwo' };
    const [a, b] = await Promise.all([resolveAdapter(first), resolveAdapter(second)]);
    assert.equal(a.installed && b.installed, true, `${a.problem} ${b.problem}`);
    assert.equal(readFileSync(counter, 'utf8'), 'x', 'one check for both profiles');
    await resolveAdapter(second, { fresh: true });
    assert.equal(readFileSync(counter, 'utf8'), 'xx');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
