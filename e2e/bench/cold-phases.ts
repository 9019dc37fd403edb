// Where the first launch in a gateway just started goes: every MCP message, process start and exit,
// and DAP message the gateway handles, timed in its own process (cold-timing-preload.mjs).
//   node --import tsx e2e/bench/cold-phases.ts [python|node]   (COLD_GAP_MS: pause before the launch, default 0;
//   COLD_UNBUNDLED=1: run dist/cli.js, not the bundle users run, to time DAP messages too)
import { readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { Gateway, binPath, freshStateDir, lineOf, pyExample, repoRoot, sleep } from '../support/gateway.js';

const programs = { python: [pyExample('ledger.py'), 'fee = 1 if amount < 0'], node: [join(repoRoot, 'e2e', 'bench', 'programs', 'post.js'), 'const fee = amount < 0'] } as const;
const [program, text] = programs[(process.argv[2] ?? 'python') as keyof typeof programs];
const timing = join(tmpdir(), `dapgate-cold-phases-${process.pid}.json`);
const g = new Gateway();
g.transport = new StdioClientTransport({
  command: process.execPath,
  args: ['--import', join(repoRoot, 'e2e', 'bench', 'cold-timing-preload.mjs'), process.env.COLD_UNBUNDLED ? join(repoRoot, 'packages', 'mcp', 'dist', 'cli.js') : binPath, '--quiet'],
  env: { ...(process.env as Record<string, string>), DAPGATE_STATE_DIR: freshStateDir(), DAPGATE_BENCH_TIMING_FILE: timing },
  stderr: 'pipe',
});
await g.client.connect(g.transport);
await g.client.listTools();
await sleep(Number(process.env.COLD_GAP_MS ?? 0));
const line = lineOf(program, text);
await g.ok('debug_launch', { program, breakpoints: [{ file: program, line }] });
await g.ok('debug_stop');
await g.close();
await sleep(300);
const rows = JSON.parse(readFileSync(timing, 'utf8')) as { t: number; what: string }[];
rmSync(timing, { force: true });
const launch = rows.find((r) => r.what === 'mcp in tools/call debug_launch')!.t;
console.log(`cold phases (ms from the debug_launch request; load ${loadavg()[0]!.toFixed(1)})`);
for (const r of rows) console.log(`${(r.t - launch).toFixed(0).padStart(6)}  ${r.what}`);
