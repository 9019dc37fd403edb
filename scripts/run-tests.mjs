// Runs every test file (DAP/core unit tests, then e2e against the real adapters) with Node's test runner.
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dirs = ['packages/dap/test', 'packages/core/test', 'packages/mcp/test', 'packages/java-debug-host/test', 'e2e/tests'];
const only = process.argv.slice(2);
const files = dirs
  .filter((d) => existsSync(join(root, d)))
  .flatMap((d) => readdirSync(join(root, d)).filter((f) => f.endsWith('.test.ts')).sort().map((f) => join(d, f)))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)));
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-timeout=300000', ...files], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
