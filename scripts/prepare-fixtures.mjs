// Installs the e2e fixtures' own dependencies (the Jest and Vitest projects debug_test runs), each
// from its package-lock.json with `npm ci`. Idempotent: a fixture whose node_modules was installed
// from the same lockfile is left as it is (npm keeps a copy of the lockfile it installed in
// node_modules/.package-lock.json). Used by .ci/run and by the e2e tests that need them.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const fixtures = new URL('../e2e/fixtures/', import.meta.url).pathname;

/** Each fixture folder with a package-lock.json whose node_modules is missing or from another lockfile. */
export function stale() {
  return readdirSync(fixtures)
    .map((d) => join(fixtures, d))
    .filter((d) => existsSync(join(d, 'package-lock.json')))
    .filter((d) => !installedFrom(d));
}

function installedFrom(dir) {
  const hidden = join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(hidden)) return false;
  const want = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages ?? {};
  const have = JSON.parse(readFileSync(hidden, 'utf8')).packages ?? {};
  return Object.entries(want).every(([path, p]) => path === '' || p.optional || have[path]?.version === p.version);
}

export async function prepareFixtures() {
  for (const dir of stale()) {
    console.error(`== npm ci in ${dir}`);
    const code = await new Promise((resolve) => spawn('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] }).on('exit', resolve));
    if (code !== 0) throw new Error(`npm ci failed in ${dir} (exit code ${code})`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareFixtures();
