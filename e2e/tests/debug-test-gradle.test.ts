import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheDir } from '@dapgate/core';
import { Gateway, lineOf, repoRoot } from '../support/gateway.js';

const lastLine = (text: string) => text.trim().split('\n').pop()!;

/**
 * debug_test on a Gradle project. Gradle does not install on the machines dapgate is tested on
 * (its distributions are not served by a package registry), so dapgate does not run it: it runs
 * the classes Gradle last built (here compiled by javac into Gradle's folders), says so, and
 * never compiles a test file alone.
 */
describe('debug_test on a Gradle project (real java-debug; Gradle itself not run)', () => {
  let g: Gateway;
  let project: string;
  let priceTest: string;
  before(async () => {
    project = mkdtempSync(join(tmpdir(), 'dapgate-junit-gradle-'));
    cpSync(join(repoRoot, 'e2e', 'fixtures', 'junit-gradle'), project, { recursive: true });
    priceTest = join(project, 'src', 'test', 'java', 'shop', 'PriceTest.java');
    g = await Gateway.start();
  });
  after(async () => {
    await g?.close();
    rmSync(project, { recursive: true, force: true });
  });

  /** As `gradle testClasses` leaves it: main and test classes in build/classes/java, with debug info. */
  function buildAsGradle(): void {
    const junit = join(cacheDir(), 'junit');
    const jar = join(junit, readdirSync(junit).find((f) => f.startsWith('junit-platform-console-standalone'))!);
    const main = join(project, 'build', 'classes', 'java', 'main');
    const tests = join(project, 'build', 'classes', 'java', 'test');
    for (const [out, src, cp] of [[main, 'main', ''], [tests, 'test', `${main}:${jar}`]] as const) {
      const r = spawnSync('javac', ['-g', '-d', out, ...(cp ? ['-cp', cp] : []), join(project, 'src', src, 'java', 'shop', src === 'main' ? 'Price.java' : 'PriceTest.java')], { encoding: 'utf8', timeout: 120_000 });
      assert.equal(r.status, 0, r.stderr);
    }
  }

  test('not built: refused with the Gradle command; built: the file#method form stops at the failing assertion, says Gradle was not run, and the end is FAILED', async () => {
    const unbuilt = await g.call('debug_test', { test: 'shop.PriceTest#discounted', cwd: project }, 300_000);
    assert.equal(unbuilt.isError, true, unbuilt.text);
    assert.match(unbuilt.text, /no compiled classes in build\/classes: dapgate does not run Gradle[\s\S]*gradlew testClasses/, unbuilt.text);
    buildAsGradle();
    const r = await g.ok('debug_test', { test: 'src/test/java/shop/PriceTest.java#discounted', cwd: project }, 300_000);
    assert.equal(r.structured.stop?.reason, 'exception', r.text);
    assert.equal(r.structured.failureLocation.line, lineOf(priceTest, 'assertEquals(1800, total);'), r.text);
    assert.equal(r.structured.failureLocals.total, '1980', r.text);
    assert.match(r.text, /A Gradle project: dapgate does not run Gradle/, r.text);
    assert.doesNotMatch(r.text, /javac could not compile/, r.text);
    const end = await g.ok('debug_continue', {}, 60_000);
    assert.match(lastLine(end.text), /^Test outcome: FAILED — from the runner's report: 1 failed \(shop\.PriceTest\.discounted\(\)\), 0 passed/, end.text);
  });

  test('a source edited after the last build: the answer says the classes are older than the sources', async () => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(priceTest, later, later);
    const r = await g.ok('debug_test', { test: 'shop.PriceTest#full', cwd: project }, 300_000);
    assert.equal(r.structured.testOutcome?.outcome, 'passed', r.text);
    assert.match(r.text, /older than the sources/, r.text);
  });
});
