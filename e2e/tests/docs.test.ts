import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { repoRoot } from '../support/gateway.js';

const read = (file: string) => readFileSync(join(repoRoot, file), 'utf8');
/** The markdown files a reader of the repository meets: the README and docs/. */
function docFiles(): string[] {
  const tracked = execFileSync('git', ['ls-files', 'README.md', 'docs'], { cwd: repoRoot, encoding: 'utf8' });
  return tracked.split('\n').filter((f) => f.endsWith('.md'));
}

test("the README is a user's README: under 350 lines, its quick start the two commands that work on a fresh clone", () => {
  const readme = read('README.md');
  const lines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
  assert.ok(lines <= 350, `README.md has ${lines} lines; maintainers' detail belongs in docs/`);
  const quick = readme.split(/^## Quick start.*$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = quick.match(/```sh\n([\s\S]*?)```/)?.[1] ?? '';
  const commands = block.split('\n').filter((l) => l.trim()).map((l) => l.replace(/\s+#.*$/, '').trim());
  assert.deepEqual(commands, ['npm ci && npm run demo', 'npm ci && npm test']);
  for (const script of ['demo', 'test']) assert.ok(JSON.parse(read('package.json')).scripts[script], `npm run ${script} exists`);
});

test('every relative link in the README and docs/ points at a file in the repository', () => {
  const broken: string[] = [];
  for (const file of docFiles()) {
    for (const m of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!.split('#')[0]!;
      if (!target || /^[a-z]+:/.test(target)) continue;
      if (!existsSync(normalize(join(repoRoot, dirname(file), target)))) broken.push(`${file}: ${m[1]}`);
    }
  }
  assert.deepEqual(broken, []);
});

test('nothing outside e2e/ and .ci/ refers to ../shared: the docs and scripts stand alone', () => {
  let hits = '';
  try {
    hits = execFileSync('git', ['grep', '-n', '-F', '../shared', '--', '.', ':!e2e', ':!.ci'], { cwd: repoRoot, encoding: 'utf8' });
  } catch (e) {
    if ((e as { status?: number }).status !== 1) throw e; // 1: no match
  }
  assert.equal(hits, '');
});
