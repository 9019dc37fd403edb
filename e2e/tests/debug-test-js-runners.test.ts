import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';
// @ts-expect-error: a plain .mjs script (shared with .ci/run), without types
import { prepareFixtures } from '../../scripts/prepare-fixtures.mjs';

/** The outcome line of an answer once the runner ended (a note on the runner's worker ending may follow it). */
const outcomeLine = (text: string) => text.split('\n').find((l) => l.startsWith('Test outcome:')) ?? '';

/**
 * Jest (ts-jest) and Vitest on TypeScript projects written for this test (e2e/fixtures/jest-ts,
 * vitest-ts, each with its lockfile). Each runs from a copy (its node_modules linked), so the fix
 * of the code under test is made in the copy.
 */
for (const runner of ['jest', 'vitest'] as const) {
  describe(`debug_test with ${runner} on a TypeScript project (real js-debug, the project's own ${runner})`, () => {
    let g: Gateway;
    let project: string;
    const version = () => (JSON.parse(readFileSync(join(repoRoot, 'e2e', 'fixtures', `${runner}-ts`, 'node_modules', runner, 'package.json'), 'utf8')) as { version: string }).version;
    before(async () => {
      await prepareFixtures();
      const fixture = join(repoRoot, 'e2e', 'fixtures', `${runner}-ts`);
      project = mkdtempSync(join(tmpdir(), `dapgate-${runner}-project-`));
      cpSync(fixture, project, { recursive: true, filter: (src) => !src.startsWith(join(fixture, 'node_modules')) });
      symlinkSync(join(fixture, 'node_modules'), join(project, 'node_modules'));
      g = await Gateway.start();
    });
    after(async () => {
      await g?.close();
      if (project) rmSync(project, { recursive: true, force: true });
    });

    test('a failing expect stops at its line in the .ts test with the locals; the run is the project\'s runner; continue reports FAILED from its report', async () => {
      const file = join(project, 'test', 'cart.test.ts');
      const r = await g.ok('debug_test', { test: 'test/cart.test.ts::discounted total', cwd: project }, 180_000);
      assert.equal(r.structured.runner, runner, r.text);
      assert.match(r.text, new RegExp(`Runs ${runner} ${version().replace(/\./g, '\\.')} from the project's node_modules`), r.text);
      assert.equal(r.structured.stop?.reason, 'exception', r.text);
      assert.match(r.text, /failed here:/, r.text);
      assert.equal(r.structured.failureLocation?.file, file, r.text);
      assert.equal(r.structured.failureLocation?.line, lineOf(file, 'expect(total).toBe(expected);'), r.text);
      assert.equal(r.structured.failureLocals?.total, '-160', r.text);
      assert.equal(r.structured.failureLocals?.expected, '38', r.text);
      const end = await g.ok('debug_continue', {}, 90_000);
      assert.equal(end.structured.testOutcome?.outcome, 'failed', end.text);
      assert.deepEqual(end.structured.testOutcome.failedTests, ['test/cart.test.ts::cart discounted total'], end.text);
      assert.match(outcomeLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(test\/cart\.test\.ts::cart discounted total\), 0 passed/, end.text);
    });

    test('a breakpoint in the .ts code under test stops there (source maps through the runner\'s transform)', async () => {
      const cart = join(project, 'src', 'cart.ts');
      const line = lineOf(cart, 'return Math.round(price * qty * (1 - rate) * 100) / 100;');
      const r = await g.ok('debug_test', { test: 'test/cart.test.ts::discounted total', cwd: project, breakpoints: [{ file: cart, line, condition: 'discount > 0' }] }, 180_000);
      assert.equal(r.structured.stop?.reason, 'breakpoint', r.text);
      assert.equal(r.structured.stop?.line, line, r.text);
      assert.equal(r.structured.locals?.discount, '10', r.text);
      await g.ok('debug_stop');
      await g.ok('debug_breakpoint_remove', { all: true });
      // from a cwd outside the project (an absolute id): the .ts lines still, not the transformed code's
      const file = join(project, 'test', 'cart.test.ts');
      const away = await g.ok('debug_test', { test: `${file}::discounted total`, cwd: repoRoot }, 180_000);
      assert.equal(away.structured.failureLocation?.line, lineOf(file, 'expect(total).toBe(expected);'), away.text);
      assert.equal(away.structured.failureLocals?.total, '-160', away.text);
      await g.ok('debug_stop');
    });

    test('a describe block runs its tests: the passing toThrow test is no stop; the one failure is; the report names which passed', async () => {
      const file = join(project, 'test', 'cart.test.ts');
      const r = await g.ok('debug_test', { test: 'test/cart.test.ts::cart', cwd: project }, 180_000);
      assert.equal(r.structured.failureLocation?.line, lineOf(file, 'expect(total).toBe(expected);'), r.text);
      const end = await g.ok('debug_continue', {}, 90_000);
      assert.equal(end.structured.state === 'exited' || end.structured.state === 'terminated', true, `one stop only: ${end.text}`);
      assert.equal(end.structured.testOutcome?.outcome, 'failed', end.text);
      assert.deepEqual(end.structured.testOutcome.failedTests, ['test/cart.test.ts::cart discounted total'], end.text);
      assert.deepEqual([...end.structured.testOutcome.passedTests].sort(), ['test/cart.test.ts::cart negative quantity throws', 'test/cart.test.ts::cart plain total'], end.text);
      const throws = await g.ok('debug_test', { test: 'test/cart.test.ts::negative quantity throws', cwd: project }, 180_000);
      assert.equal(throws.structured.testOutcome?.outcome, 'passed', throws.text);
      assert.match(outcomeLine(throws.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(test\/cart\.test\.ts::cart negative quantity throws\)/, throws.text);
    });

    test('a TypeError thrown in the .ts code under test (caught by the runner) stops where it is thrown, with its locals, in a second run of that test; the same error its code catches first is no stop', async () => {
      const src = join(project, 'src', 'receipt.ts');
      const r = await g.ok('debug_test', { test: 'test/receipt.test.ts', cwd: project }, 240_000);
      assert.equal(r.structured.stop?.reason, 'exception', r.text);
      assert.match(r.text, /TypeError: Cannot read properties of undefined \(reading 'length'\)/, r.text);
      assert.match(r.text, /second run of test\/receipt\.test\.ts::receipt lists each line/, r.text);
      assert.equal(r.structured.stop?.file, src, r.text);
      assert.equal(r.structured.stop?.line, lineOf(src, 'return note.length ?'), r.text);
      assert.equal(r.structured.locals?.label, "'cd4'", r.text);
      assert.equal(r.structured.locals?.note, 'undefined', r.text);
      assert.deepEqual(r.structured.rerun?.tests, ['test/receipt.test.ts::receipt lists each line'], r.text);
      // the runner's report of this second run, which the agent sees end: only the test run again
      const end = await g.ok('debug_continue', {}, 90_000);
      assert.equal(end.structured.state === 'exited' || end.structured.state === 'terminated', true, `one stop only: ${end.text}`);
      assert.equal(end.structured.testOutcome?.outcome, 'failed', end.text);
      assert.match(outcomeLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(test\/receipt\.test\.ts::receipt lists each line\), 0 passed/, end.text);
    });

    test('a run that stopped elsewhere (a breakpoint) and was continued to its end names the error it never stopped at, and how to stop there', async () => {
      const file = join(project, 'test', 'receipt.test.ts');
      const line = lineOf(file, "const names = { ab1: 'apple', zz9: 'pear' };");
      const r = await g.ok('debug_test', { test: 'test/receipt.test.ts', cwd: project, breakpoints: [{ file, line }] }, 180_000);
      assert.equal(r.structured.stop?.reason, 'breakpoint', r.text);
      assert.equal(r.structured.rerun, undefined, r.text);
      const end = await g.ok('debug_continue', {}, 90_000);
      assert.equal(end.structured.testOutcome?.outcome, 'failed', end.text);
      assert.match(outcomeLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(test\/receipt\.test\.ts::receipt lists each line\), 1 passed/, end.text);
      assert.deepEqual(end.structured.testOutcome?.notStoppedAt, ["test/receipt.test.ts::receipt lists each line failed with TypeError: Cannot read properties of undefined (reading 'length') (thrown at src/receipt.ts:24)"], end.text);
      assert.match(end.text, /Not stopped at: .*debug_test with that test's id runs it again and stops there/, end.text);
    });

    test('a TypeError that the second run does not throw (a flaky test) is said so, with the first run\'s outcome', async () => {
      const mark = join(project, 'flaky.mark');
      const globals = runner === 'jest' ? '@jest/globals' : 'vitest';
      writeFileSync(join(project, 'test', 'flaky.test.ts'), `import { test } from '${globals}';\nimport { existsSync, writeFileSync } from 'node:fs';\n\ntest('fails the first time only', () => {\n  const first = !existsSync(${JSON.stringify(mark)});\n  writeFileSync(${JSON.stringify(mark)}, '');\n  const seen: { count: number } | undefined = first ? undefined : { count: 1 };\n  if (seen!.count !== 1) throw new Error('never');\n});\n`);
      try {
        const r = await g.ok('debug_test', { test: 'test/flaky.test.ts', cwd: project }, 240_000);
        assert.equal(r.structured.state === 'exited' || r.structured.state === 'terminated', true, r.text);
        assert.equal(r.structured.rerun?.reproduced, false, r.text);
        assert.equal(r.structured.testOutcome?.outcome, 'failed', r.text);
        assert.match(outcomeLine(r.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(test\/flaky\.test\.ts::fails the first time only\)/, r.text);
        assert.match(r.text, /a second run of test\/flaky\.test\.ts::fails the first time only, to stop where that error is thrown, did not throw it there \(a flaky or order-dependent test\?\): its outcome was PASSED .*The outcome above is the first run's\./, r.text);
        assert.doesNotMatch(r.text, /Not stopped at:/, r.text);
      } finally {
        rmSync(join(project, 'test', 'flaky.test.ts'), { force: true });
        rmSync(mark, { force: true });
      }
    });

    test('two tests of a file that fail with errors the runner caught: one second run of just those two, a stop at each throw in turn', async () => {
      const globals = runner === 'jest' ? '@jest/globals' : 'vitest';
      const file = join(project, 'test', 'two.test.ts');
      writeFileSync(file, `import { test } from '${globals}';\n\nconst parse = (text: string) => JSON.parse(text) as { n: number };\n\ntest('bad json', () => {\n  const input = '{n:1}';\n  parse(input);\n});\n\ntest('bad json twice', () => {\n  const other = 'nope';\n  const value = (parse('{"n":1}').n as unknown as { x: number } | undefined)!;\n  if (other) throw new RangeError(\`bad value \${value}\`);\n});\n\ntest('good json', () => {\n  parse('{"n":2}');\n});\n`);
      try {
        const r = await g.ok('debug_test', { test: 'test/two.test.ts', cwd: project }, 240_000);
        assert.deepEqual(r.structured.rerun?.tests, ['test/two.test.ts::bad json', 'test/two.test.ts::bad json twice'], r.text);
        assert.equal(r.structured.stop?.reason, 'exception', r.text);
        // JSON.parse is native: the stop is in the project's frame that called it, with its locals
        assert.match(r.text, /stopped at exception: SyntaxError/, r.text);
        assert.equal(r.structured.stop?.line, lineOf(file, 'const parse = '), r.text);
        assert.equal(r.structured.locals?.text, "'{n:1}'", r.text);
        const next = await g.ok('debug_continue', {}, 90_000);
        assert.equal(next.structured.stop?.reason, 'exception', next.text);
        assert.equal(next.structured.stop?.line, lineOf(file, 'if (other) throw new RangeError'), next.text);
        assert.equal(next.structured.locals?.other, "'nope'", next.text);
        const end = await g.ok('debug_continue', {}, 90_000);
        assert.equal(end.structured.state === 'exited' || end.structured.state === 'terminated', true, end.text);
        assert.match(outcomeLine(end.text), /^Test outcome: FAILED — from the runner's report: 2 failed \(test\/two\.test\.ts::bad json, test\/two\.test\.ts::bad json twice\), 0 passed, 1 skipped/, end.text);
      } finally {
        rmSync(file, { force: true });
      }
    });

    test('a test that times out (an error the runner makes, never thrown where its stack points) is no second run', async () => {
      const globals = runner === 'jest' ? '@jest/globals' : 'vitest';
      writeFileSync(join(project, 'test', 'hangs.test.ts'), `import { test } from '${globals}';\n\ntest('hangs', async () => {\n  await new Promise(() => undefined);\n}, 500);\n`);
      try {
        const r = await g.ok('debug_test', { test: 'test/hangs.test.ts', cwd: project }, 180_000);
        assert.equal(r.structured.testOutcome?.outcome, 'failed', r.text);
        assert.equal(r.structured.rerun, undefined, r.text);
        assert.doesNotMatch(r.text, /second run|Not stopped at:/, r.text);
      } finally {
        rmSync(join(project, 'test', 'hangs.test.ts'), { force: true });
      }
    });

    test('a passing not.toThrow test and a passing file never run a second time', async () => {
      const r = await g.ok('debug_test', { test: 'test/receipt.test.ts::an empty receipt throws nothing', cwd: project }, 180_000);
      assert.equal(r.structured.testOutcome?.outcome, 'passed', r.text);
      assert.doesNotMatch(r.text, /second run/, r.text);
    });

    test('ids that match nothing answer with runnable candidates', async () => {
      const none = await g.ok('debug_test', { test: 'test/cart.test.ts::no such test', cwd: project }, 180_000);
      assert.equal(none.structured.testOutcome?.outcome, 'no tests ran', none.text);
      assert.match(outcomeLine(none.text), /^Test outcome: NO TESTS RAN — from the runner's report: none of the file's 4 tests ran .*test\/cart\.test\.ts::cart discounted total/, none.text);
      const missing = await g.call('debug_test', { test: 'test/kart.test.ts', cwd: project }, 180_000);
      assert.equal(missing.isError, true, missing.text);
      assert.match(missing.text, /test file 'test\/kart\.test\.ts' not found[\s\S]*Next: pass one of the project's test files: (?:test\/receipt\.test\.ts, )?test\/cart\.test\.ts/, missing.text);
    });

    test('a test file that cannot run (its import fails) is an ERROR, not a failed test nor no tests', async () => {
      writeFileSync(join(project, 'test', 'broken.test.ts'), "import { missing } from '../src/missing';\n\ntest('never runs', () => missing());\n");
      try {
        const r = await g.ok('debug_test', { test: 'test/broken.test.ts', cwd: project }, 180_000);
        const end = r.structured.state === 'stopped' ? await g.ok('debug_continue', {}, 90_000) : r;
        assert.equal(end.structured.testOutcome?.outcome, 'error', end.text);
        assert.match(outcomeLine(end.text), /^Test outcome: ERROR — from the runner's report: 1 test file\(s\) failed to run: test\/broken\.test\.ts: .*(?:Cannot find module|Failed to (?:load|resolve))/, end.text);
      } finally {
        rmSync(join(project, 'test', 'broken.test.ts'), { force: true });
      }
    });

    test('after the code under test is fixed, the file runs to PASSED', async () => {
      const cart = join(project, 'src', 'cart.ts');
      writeFileSync(cart, readFileSync(cart, 'utf8').replace('const rate: number = discount;', 'const rate: number = discount / 100;'));
      const r = await g.ok('debug_test', { test: 'test/cart.test.ts', cwd: project }, 180_000);
      assert.equal(r.structured.testOutcome?.outcome, 'passed', r.text);
      assert.match(outcomeLine(r.text), /^Test outcome: PASSED — from the runner's report: 4 passed/, r.text);
    });

    test('debug_languages lists the id forms with the examples run here', async () => {
      const langs = await g.ok('debug_languages');
      const node = (langs.structured.languages as { id: string; testIds?: string }[]).find((l) => l.id === 'node')!;
      assert.match(node.testIds ?? '', new RegExp(`${runner}: test/cart\\.test\\.ts or "test/cart\\.test\\.ts::cart discounted total"`), node.testIds);
    });
  });
}
