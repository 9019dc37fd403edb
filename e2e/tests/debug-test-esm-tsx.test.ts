import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';
// @ts-expect-error: a plain .mjs script (shared with .ci/run), without types
import { prepareFixtures } from '../../scripts/prepare-fixtures.mjs';

/** The outcome line of an answer once the runner ended. */
const outcomeLine = (text: string) => text.split('\n').find((l) => l.startsWith('Test outcome:')) ?? '';

/**
 * Jest on an ES module project, set up as Jest's docs say (package.json "type": "module", the test
 * script `node --experimental-vm-modules node_modules/jest/bin/jest.js`), with .js tests and .tsx
 * tests (a tiny JSX factory, ts-jest emitting ESM for the config's extensionsToTreatAsEsm):
 * e2e/fixtures/jest-esm, run from a copy (its node_modules linked) so the copy's package.json may change.
 */
describe('debug_test with Jest on an ES module project with .js and .tsx tests (real js-debug, the project\'s own Jest)', () => {
  let g: Gateway;
  let project: string;
  before(async () => {
    await prepareFixtures();
    const fixture = join(repoRoot, 'e2e', 'fixtures', 'jest-esm');
    project = mkdtempSync(join(tmpdir(), 'dapgate-jest-esm-'));
    cpSync(fixture, project, { recursive: true, filter: (src) => !src.startsWith(join(fixture, 'node_modules')) });
    symlinkSync(join(fixture, 'node_modules'), join(project, 'node_modules'));
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  test('an ESM .js test (the test script runs node --experimental-vm-modules): the failing expect stops with its locals; a passing toThrow does not; the outcome is the report\'s', async () => {
    const file = join(project, 'test', 'cart.test.js');
    const r = await g.ok('debug_test', { test: 'test/cart.test.js::cart', cwd: project }, 120_000);
    assert.equal(r.structured.runner, 'jest', r.text);
    assert.match(r.text, /with node --experimental-vm-modules: the project's test script runs Jest with it/, r.text);
    assert.equal(r.structured.stop?.reason, 'exception', r.text);
    assert.match(r.text, /failed here:/, r.text);
    assert.equal(r.structured.failureLocation?.file, file, r.text);
    assert.equal(r.structured.failureLocation?.line, lineOf(file, 'expect(total).toBe(expected);'), r.text);
    assert.equal(r.structured.failureLocals?.total, '-160', r.text);
    assert.equal(r.structured.failureLocals?.expected, '38', r.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.state === 'exited' || end.structured.state === 'terminated', true, `one stop only, none in the passing toThrow test: ${end.text}`);
    assert.equal(end.structured.testOutcome?.outcome, 'failed', end.text);
    assert.deepEqual([...end.structured.testOutcome.passedTests].sort(), ['test/cart.test.js::cart negative quantity throws', 'test/cart.test.js::cart plain total'], end.text);
    assert.match(outcomeLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(test\/cart\.test\.js::cart discounted total\), 2 passed/, end.text);
  });

  test('without the test script, the project still says ESM: .tsx by the config\'s extensionsToTreatAsEsm (a JSX component test), .js by package.json "type"', async () => {
    const pkgFile = join(project, 'package.json');
    const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { scripts?: unknown };
    delete pkg.scripts;
    writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
    const file = join(project, 'test', 'badge.test.tsx');
    const r = await g.ok('debug_test', { test: 'test/badge.test.tsx', cwd: project }, 120_000);
    assert.match(r.text, /with node --experimental-vm-modules: \.tsx is in the Jest config's extensionsToTreatAsEsm/, r.text);
    assert.equal(r.structured.failureLocation?.file, file, r.text);
    assert.equal(r.structured.failureLocation?.line, lineOf(file, "expect(shown).toBe('inbox (42)');"), r.text);
    assert.equal(r.structured.failureLocals?.shown, "'inbox (9+)'", r.text);
    assert.equal(r.structured.failureLocals?.count, '42', r.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.state === 'exited' || end.structured.state === 'terminated', true, `one stop only, none in the passing toThrow test: ${end.text}`);
    assert.match(outcomeLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(test\/badge\.test\.tsx::Badge shows counts up to 99\), 2 passed/, end.text);
    const js = await g.ok('debug_test', { test: 'test/cart.test.js::negative quantity throws', cwd: project }, 120_000);
    assert.match(js.text, /with node --experimental-vm-modules: package\.json's "type" is "module"/, js.text);
    assert.match(outcomeLine(js.text), /^Test outcome: PASSED — from the runner's report: 1 passed \(test\/cart\.test\.js::cart negative quantity throws\)/, js.text);
  });
});

/** Vitest on a .tsx test (esbuild's classic JSX with a factory), in a copy of e2e/fixtures/vitest-ts whose config includes .tsx. */
describe('debug_test with Vitest on a .tsx test (real js-debug, the project\'s own Vitest)', () => {
  let g: Gateway;
  let project: string;
  before(async () => {
    await prepareFixtures();
    const fixture = join(repoRoot, 'e2e', 'fixtures', 'vitest-ts');
    project = mkdtempSync(join(tmpdir(), 'dapgate-vitest-tsx-'));
    cpSync(fixture, project, { recursive: true, filter: (src) => !src.startsWith(join(fixture, 'node_modules')) });
    symlinkSync(join(fixture, 'node_modules'), join(project, 'node_modules'));
    writeFileSync(join(project, 'vitest.config.ts'), readFileSync(join(fixture, 'vitest.config.ts'), 'utf8').replace("'test/**/*.test.ts'", "'test/**/*.test.{ts,tsx}'"));
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  test('the failing expect in a .tsx test stops with its locals; a passing toThrow does not', async () => {
    const file = join(project, 'test', 'badge.test.tsx');
    writeFileSync(file, "/** @jsxRuntime classic */\n/** @jsx h */\nimport { expect, test } from 'vitest';\n\nconst h = (tag: string, _props: unknown, ...children: string[]) => ({ tag, children });\n\ntest('badge shows counts up to 99', () => {\n  const count = 42;\n  const badge = <b>{count > 9 ? '9+' : String(count)}</b>;\n  expect(badge.children[0]).toBe('42');\n});\n\ntest('a negative count throws', () => {\n  expect(() => {\n    throw new RangeError('negative');\n  }).toThrow(RangeError);\n});\n");
    const r = await g.ok('debug_test', { test: 'test/badge.test.tsx', cwd: project }, 120_000);
    assert.equal(r.structured.runner, 'vitest', r.text);
    assert.equal(r.structured.failureLocation?.file, file, r.text);
    assert.equal(r.structured.failureLocation?.line, lineOf(file, "expect(badge.children[0]).toBe('42');"), r.text);
    assert.equal(r.structured.failureLocals?.count, '42', r.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.equal(end.structured.state === 'exited' || end.structured.state === 'terminated', true, `one stop only: ${end.text}`);
    assert.match(outcomeLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(test\/badge\.test\.tsx::badge shows counts up to 99\), 1 passed/, end.text);
  });
});
