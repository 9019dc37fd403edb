// Runs every test file (each package's test/ folder in dependency order, then e2e against the real
// adapters) with Node's test runner. Folders are discovered, so a package that adds test/ is included.
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const order = ['dap', 'core', 'mcp']; // the layering; other packages follow alphabetically
const packages = readdirSync(join(root, 'packages')).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const dirs = [...packages.map((p) => `packages/${p}/test`), 'e2e/tests'];
function rank(name) {
  const i = order.indexOf(name);
  return i < 0 ? order.length : i;
}
const only = process.argv.slice(2);
const files = dirs
  .filter((d) => existsSync(join(root, d)))
  .flatMap((d) => readdirSync(join(root, d)).filter((f) => f.endsWith('.test.ts')).sort().map((f) => join(d, f)))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', join(root, 'scripts', 'fail-on-warnings.mjs'), '--test', '--test-concurrency=1', '--test-timeout=300000', ...files], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
