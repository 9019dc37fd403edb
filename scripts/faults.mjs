// `npm run faults`: runs the fault-matrix e2e tests and prints their markdown table (for docs/reliability.md).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'dapgate-faults-'));
const rowsFile = join(dir, 'rows.jsonl');
const r = spawnSync(process.execPath, [join(root, 'scripts', 'run-tests.mjs'), 'e2e/tests/faults-'], { cwd: root, stdio: 'inherit', env: { ...process.env, FAULTS_ROWS: rowsFile } });
let rows = [];
try {
  rows = readFileSync(rowsFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
} catch {
  /* no rows: the tests did not get far */
}
rmSync(dir, { recursive: true, force: true });
const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');
const lines = [
  '| fault | runs | gateway crashes | hung calls | orphans | what the agent sees |',
  '|---|---|---|---|---|---|',
  ...rows.map((w) => `| ${cell(w.fault)} | ${w.runs} | ${w.crashes} | ${w.hungCalls} of ${w.calls} | ${w.orphans} | ${cell(w.seen)} |`),
];
const totals = rows.reduce((t, w) => ({ runs: t.runs + w.runs, crashes: t.crashes + w.crashes, hung: t.hung + w.hungCalls, calls: t.calls + w.calls, orphans: t.orphans + w.orphans }), { runs: 0, crashes: 0, hung: 0, calls: 0, orphans: 0 });
console.log(`\n${lines.join('\n')}\n\n${rows.length} faults, ${totals.runs} injections, ${totals.calls} timed calls: ${totals.crashes} crashes, ${totals.hung} hung calls, ${totals.orphans} orphans.`);
process.exit(r.status ?? 1);
