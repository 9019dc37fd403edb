// A broken profile is refused when the gateway loads it, naming the file and the field: a misspelt
// hook module or a regexp that does not compile used to pass loading and fail a launch later as
// "Internal error: <stack>".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProfiles } from '@dapgate/core';
import { binPath, freshStateDir, repoRoot } from '../support/gateway.js';

/** A config dir holding the real Python profile with `change` applied. */
function brokenPython(change: (profile: any) => void): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-profiles-'));
  const profile = JSON.parse(readFileSync(join(repoRoot, 'adapters-config', 'python.json'), 'utf8'));
  change(profile);
  const file = join(dir, 'python.json');
  writeFileSync(file, JSON.stringify(profile, null, 2));
  return { dir, file };
}

/** Starts dapgate (stdio) over `configDir` with nothing on stdin; returns how it ended. */
function start(configDir: string) {
  return spawnSync(process.execPath, [binPath], { input: '', encoding: 'utf8', timeout: 30_000, env: { ...process.env, DAPGATE_CONFIG_DIR: configDir, DAPGATE_STATE_DIR: freshStateDir() } });
}

const cases: [string, (p: any) => void, RegExp][] = [
  ['a misspelt hook module', (p) => (p.hooks = 'pyhton'), /hooks: .*'python' \| 'java'.*received 'pyhton'/],
  ['a regexp that does not compile (stops)', (p) => (p.stops = { ...p.stops, internalFrames: '^(runtime\\.' }), /stops\.internalFrames: not a valid regular expression/],
  ['a regexp that does not compile (evaluation list)', (p) => (p.evaluation.blocklist = [...p.evaluation.blocklist, '[unclosed']), /evaluation\.blocklist\.\d+: not a valid regular expression/],
  ['a regexp that does not compile (test form)', (p) => (p.test.forms[0].match = '(?<file>'), /test\.forms\.0\.match: not a valid regular expression/],
];

for (const [what, change, field] of cases) {
  test(`${what}: the gateway refuses the profile at load, naming the file and the field`, () => {
    const { dir, file } = brokenPython(change);
    const r = start(dir);
    assert.notEqual(r.status, 0, `the gateway must not start: status ${r.status}, signal ${r.signal}\n${r.stderr}`);
    assert.ok(r.stderr.includes(`${file}: invalid profile:`), r.stderr);
    assert.match(r.stderr, field, r.stderr);
    assert.doesNotMatch(r.stderr, /Internal error|^\s+at /m, r.stderr);
  });
}

test('the shipped profiles all load (every regexp compiles, every hook exists)', () => {
  const profiles = loadProfiles(join(repoRoot, 'adapters-config'));
  assert.ok(profiles.length >= 7, profiles.map((p) => p.id).join(', '));
});
