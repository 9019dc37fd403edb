import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const passes = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'passes.js');
const slots = join(repoRoot, 'e2e', 'fixtures', 'trace-methods', 'slots.c');

/**
 * A local whose declaration has not run holds no value (a JS `let`/`const` in its dead zone, a C
 * stack slot): setting it would write a slot the declaration then overwrites. debug_set_variable
 * refuses it, as debug_evaluate says it is not declared yet, and says after which line it can be set.
 */
describe('debug_set_variable on a local not declared yet (node, C and Rust)', () => {
  let g: Gateway;
  before(async () => {
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
  });

  test('node: a const below the stop is refused with its line; a value that reads one is refused; a declared local is set', async () => {
    const line = lineOf(passes, 'const key = part');
    await g.ok('debug_launch', { program: passes, breakpoints: [{ file: passes, line, hitCondition: '3' }] }, 120_000);
    const key = await g.call('debug_set_variable', { path: 'key', value: "'zzz'" });
    assert.equal(key.isError, true, key.text);
    assert.match(key.text, new RegExp(`'key' \\(line ${line}\\) is not declared yet at this stop`), key.text);
    assert.match(key.text, new RegExp(`after line ${line} runs`), key.text);
    const uses = await g.call('debug_set_variable', { path: 'part', value: 'seen' });
    assert.equal(uses.isError, true, uses.text);
    assert.match(uses.text, new RegExp(`'seen' \\(line ${line + 1}\\) is not declared yet`), uses.text);
    assert.equal((await g.ok('debug_evaluate', { expression: 'part' })).structured.result, "'b=3'", 'nothing was written');
    const set = await g.ok('debug_set_variable', { path: 'part', value: "'c=4'" });
    assert.equal(set.structured.value, "'c=4'", set.text);
    await g.ok('debug_step', { kind: 'over' });
    const now = await g.ok('debug_set_variable', { path: 'key', value: "'zzz'" });
    assert.equal(now.structured.value, "'zzz'", `once its line ran it is set: ${now.text}`);
    await g.ok('debug_stop', {});
  });

  test('C: a local declared further down its block is refused, not its stack slot written', async () => {
    const at = lineOf(slots, 'int v = values[i];');
    await g.ok('debug_launch', { program: slots, breakpoints: [{ file: slots, line: at }] }, 180_000);
    const v = await g.call('debug_set_variable', { path: 'v', value: '99' });
    assert.equal(v.isError, true, v.text);
    assert.match(v.text, new RegExp(`'v' \\(line ${at}\\) is not declared yet at this stop`), v.text);
    assert.match(v.text, new RegExp(`after line ${at} runs`), v.text);
    const n = await g.ok('debug_set_variable', { path: 'n', value: '2' });
    assert.equal(n.structured.value, '2', n.text);
    await g.ok('debug_stop', {});
  });

  test('Rust: a let below the stop is refused, not its stack slot written; once its line ran it is set', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dapgate-set-undeclared-'));
    try {
      cpSync(join(repoRoot, 'e2e', 'fixtures', 'rust-enums'), dir, { recursive: true, filter: (p) => !p.includes('target') });
      const main = join(dir, 'src', 'main.rs');
      const at = lineOf(main, "let limit: u8 = b'\\n';");
      const r = await g.ok('debug_launch', { program: main, cwd: dir, breakpoints: [{ file: main, line: at }] }, 300_000);
      assert.equal(r.structured.locals.limit, `<not declared yet: line ${at}>`, r.text);
      const refused = await g.call('debug_set_variable', { path: 'limit', value: '3' });
      assert.equal(refused.isError, true, refused.text);
      assert.match(refused.text, new RegExp(`'limit' \\(line ${at}\\) is not declared yet at this stop`), refused.text);
      assert.match(refused.text, new RegExp(`after line ${at} runs`), refused.text);
      await g.ok('debug_step', { kind: 'over' });
      const set = await g.ok('debug_set_variable', { path: 'limit', value: '3' });
      assert.equal(set.structured.old, '10', set.text);
      assert.equal(set.structured.value, '3', set.text);
      await g.ok('debug_stop', {});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
