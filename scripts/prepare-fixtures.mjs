// Installs the e2e fixtures' own dependencies: the Jest and Vitest projects debug_test runs, each
// from its package-lock.json with `npm ci`, and the Python projects with a requirements.txt (the
// pytest-xdist one), each into its own .venv with pip, as such a project is set up. Idempotent: a
// fixture whose node_modules was installed from the same lockfile is left as it is (npm keeps a
// copy of the lockfile it installed in node_modules/.package-lock.json), and so is a .venv
// installed from the same requirements.txt (copied into it once installed). Used by .ci/run and
// by the e2e tests that need them.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const fixtures = new URL('../e2e/fixtures/', import.meta.url).pathname;
const venvPython = (dir) => join(dir, '.venv', process.platform === 'win32' ? 'Scripts/python.exe' : 'bin/python');
const INSTALLED = 'dapgate-installed-requirements.txt';

/** Each fixture folder with a package-lock.json whose node_modules is missing or from another lockfile. */
export function stale() {
  return folders()
    .filter((d) => existsSync(join(d, 'package-lock.json')))
    .filter((d) => !installedFrom(d));
}

/** Each fixture folder with a requirements.txt whose .venv is missing or from another requirements.txt. */
export function staleVenvs() {
  return folders()
    .filter((d) => existsSync(join(d, 'requirements.txt')))
    .filter((d) => !existsSync(venvPython(d)) || !sameText(join(d, '.venv', INSTALLED), join(d, 'requirements.txt')));
}

const folders = () => readdirSync(fixtures).map((d) => join(fixtures, d));

function sameText(a, b) {
  return existsSync(a) && readFileSync(a, 'utf8') === readFileSync(b, 'utf8');
}

function installedFrom(dir) {
  const hidden = join(dir, 'node_modules', '.package-lock.json');
  if (!existsSync(hidden)) return false;
  const want = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8')).packages ?? {};
  const have = JSON.parse(readFileSync(hidden, 'utf8')).packages ?? {};
  return Object.entries(want).every(([path, p]) => path === '' || p.optional || have[path]?.version === p.version);
}

function run(command, args, cwd) {
  return new Promise((resolve) => spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] }).on('exit', resolve).on('error', () => resolve(-1))).then((code) => {
    if (code !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd} (exit code ${code})`);
  });
}

export async function prepareFixtures() {
  for (const dir of stale()) {
    console.error(`== npm ci in ${dir}`);
    await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  }
  for (const dir of staleVenvs()) {
    console.error(`== .venv with requirements.txt in ${dir}`);
    if (!existsSync(venvPython(dir))) await run(process.platform === 'win32' ? 'python' : 'python3', ['-m', 'venv', '.venv'], dir);
    await run(venvPython(dir), ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', 'requirements.txt'], dir);
    copyFileSync(join(dir, 'requirements.txt'), join(dir, '.venv', INSTALLED));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await prepareFixtures();
