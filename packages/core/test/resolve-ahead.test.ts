import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadProfiles } from '../src/profiles/loader.js';
import { resolveAdapter } from '../src/adapters/resolver.js';
import { resolveAhead } from '../src/adapters/resolve-ahead.js';
import { foregroundBusy, holdBackground } from '../src/process/foreground.js';
import type { Profile } from '../src/profiles/schema.js';

/** A profile (no hooks) whose runtime is this Node, checked by a script that writes `<id>+` when it starts and `<id>-` when it ends. */
function markingProfile(id: string, log: string): Profile {
  const python = loadProfiles().find((p) => p.id === 'python')!;
  const envVar = `DAPGATE_TEST_RUNTIME_${id.toUpperCase()}`;
  process.env[envVar] = process.execPath;
  const mark = (s: string) => `require('fs').appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(s)})`;
  const check = ['-e', `${mark(`${id}+ `)}; setTimeout(() => { ${mark(`${id}- `)}; console.log('v1'); }, 150)`];
  const install = { kind: 'manual' as const, instructions: 'test profile' };
  return { ...python, id, hooks: undefined, adapter: { ...python.adapter, install, runtime: { ...python.adapter.runtime, envVar, candidates: [], check } } };
}

const marks = (log: string) => readFileSync(log, 'utf8').trim().split(' ');

test('the lookups ahead run one at a time, none while a launch holds background work; the launched language is looked up at once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-ahead-'));
  try {
    const log = join(dir, 'log');
    writeFileSync(log, '');
    const [a, b, c] = ['aheada', 'aheadb', 'aheadc'].map((id) => markingProfile(id, log)) as [Profile, Profile, Profile];
    const release = holdBackground();
    assert.ok(foregroundBusy());
    const ahead = resolveAhead([a, b, c]);
    // the launch of c's language: its lookup runs now, and no other starts beside it
    const launched = await resolveAdapter(c);
    assert.equal(launched.installed, true, launched.problem);
    assert.deepEqual(marks(log), ['aheadc+', 'aheadc-'], 'only the launched language was looked up while the launch was under way');
    release();
    assert.ok(!foregroundBusy());
    const r = await ahead;
    assert.deepEqual(r, { usable: ['aheada', 'aheadb', 'aheadc'], unusable: [] });
    // then the others, one after the other; c's lookup is not run again
    assert.deepEqual(marks(log), ['aheadc+', 'aheadc-', 'aheada+', 'aheada-', 'aheadb+', 'aheadb-']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a hold ends by itself after its bound: background work is never held back for good', async () => {
  const release = holdBackground(50);
  assert.ok(foregroundBusy());
  const t = Date.now();
  await resolveAhead([]);
  await new Promise((resolve) => setTimeout(resolve, 120));
  assert.ok(!foregroundBusy(), `released after ${Date.now() - t} ms`);
  release(); // a second release is harmless
  assert.ok(!foregroundBusy());
});
