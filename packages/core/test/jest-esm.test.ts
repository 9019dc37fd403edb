import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jestEsm } from '../src/profiles/hooks/jest-esm.js';

/** A project folder with this package.json, a test/ folder and a stand-in Jest bin that prints `showConfig` (or fails). */
function project(pkg: Record<string, unknown>, showConfig: unknown = { configs: [] }): { dir: string; bin: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dapgate-jest-esm-unit-'));
  mkdirSync(join(dir, 'test'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
  const bin = join(dir, 'fake-jest.cjs');
  writeFileSync(bin, showConfig === 'fail' ? "console.error('Error: cannot load jest.config.ts'); process.exit(1);" : `process.stdout.write(${JSON.stringify(JSON.stringify(showConfig))});`);
  return { dir, bin };
}

test("Jest's ESM: the project's script, then Jest's own rule (.mjs, .cjs, package type for .js, extensionsToTreatAsEsm for the rest)", async () => {
  const scripted = project({ scripts: { 'test:unit': 'NODE_OPTIONS=--experimental-vm-modules npx jest', lint: 'eslint .' } });
  const plain = project({ scripts: { test: 'jest' } });
  const typed = project({ type: 'module' });
  const listed = project({}, { configs: [{ rootDir: '/elsewhere', extensionsToTreatAsEsm: [] }, { extensionsToTreatAsEsm: ['.ts', '.tsx'] }] });
  const broken = project({}, 'fail');
  try {
    assert.deepEqual(await jestEsm(join(scripted.dir, 'test', 'a.test.cjs'), scripted, scripted.bin), { esm: true, why: "the project's script 'test:unit' runs Jest with it" });
    assert.deepEqual(await jestEsm(join(plain.dir, 'test', 'a.test.mjs'), plain, plain.bin), { esm: true, why: 'Jest loads .mjs test files as ES modules' });
    assert.deepEqual(await jestEsm(join(plain.dir, 'test', 'a.test.js'), plain, plain.bin), { esm: false });
    assert.deepEqual(await jestEsm(join(typed.dir, 'test', 'a.test.js'), typed, typed.bin), { esm: true, why: `package.json's "type" is "module"` });
    assert.deepEqual(await jestEsm(join(typed.dir, 'test', 'a.test.cjs'), typed, typed.bin), { esm: false });
    // the nearest package.json decides for .js, as in Node and Jest
    mkdirSync(join(typed.dir, 'test', 'legacy'));
    writeFileSync(join(typed.dir, 'test', 'legacy', 'package.json'), JSON.stringify({ type: 'commonjs' }));
    assert.deepEqual(await jestEsm(join(typed.dir, 'test', 'legacy', 'a.test.js'), typed, typed.bin), { esm: false });
    assert.deepEqual(await jestEsm(join(listed.dir, 'test', 'a.test.tsx'), listed, listed.bin), { esm: true, why: ".tsx is in the Jest config's extensionsToTreatAsEsm" });
    assert.deepEqual(await jestEsm(join(listed.dir, 'test', 'a.test.mts'), listed, listed.bin), { esm: false });
    const unread = await jestEsm(join(broken.dir, 'test', 'a.test.ts'), broken, broken.bin);
    assert.equal(unread.esm, false);
    assert.match((unread as { note?: string }).note ?? '', /^Could not read the Jest config's extensionsToTreatAsEsm \(jest --showConfig: .*cannot load jest\.config\.ts.*\), so \.ts test files run as CommonJS: if they are ES modules, pass env \{NODE_OPTIONS: "--experimental-vm-modules"\} with the test\.$/);
  } finally {
    for (const p of [scripted, plain, typed, listed, broken]) rmSync(p.dir, { recursive: true, force: true });
  }
});
