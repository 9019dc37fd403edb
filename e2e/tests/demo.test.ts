import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { binPath, repoRoot } from '../support/gateway.js';

test('the README demo command runs end to end and prints the transcript', () => {
  const r = spawnSync(process.execPath, [binPath, 'demo'], { cwd: repoRoot, encoding: 'utf8', timeout: 240_000 });
  assert.equal(r.status, 0, `demo failed:\n${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /Session s1 \(python ledger\.py\) stopped at breakpoint bp1, ledger\.py:\d+ in main/);
  assert.match(r.stdout, /Changed: fee: \(new\) 1/);
  assert.match(r.stdout, /NameError: name 'i' is not defined .*Names here: amount, fee, self/);
  assert.match(r.stdout, /final -5 eu/);
  assert.match(r.stdout, /Session s2 \(java Ledger\.java\) stopped at breakpoint bp2, Ledger\.java:\d+ in Ledger\.post\(int\)/);
  assert.match(r.stdout, /describe\(\) \+ ", balance " \+ balance\(\) = "ada has 1 entries, balance 40" \(String\)\n\n/, 'a String result is shown by value only');
  assert.match(r.stdout, /final -5 ada has 6 entries/);
  assert.match(r.stdout, /demo finished: \d+ characters/);
});
