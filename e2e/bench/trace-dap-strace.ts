// Which DAP requests a Node debug_trace line costs, and how long each takes: strace on the gateway
// process's reads and writes of DAP while it traces runningTotal (examples/node/scores.js).
//   node --import tsx e2e/bench/trace-dap-strace.ts <outfile>
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Gateway, repoRoot } from '../support/gateway.js';

const out = process.argv[2] ?? '/tmp/trace-dap.strace';
const program = join(repoRoot, 'examples', 'node', 'scores.js');
const g = await Gateway.start();
try {
  await g.ok('debug_trace', { program, function: 'runningTotal', file: program, condition: 'values.length === 4' }); // warm-up
  const tracer = spawn('strace', ['-f', '-tt', '-s', '120', '-e', 'trace=read,write,writev', '-o', out, '-p', String(g.pid)], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1000));
  const r = await g.ok('debug_trace', { program, function: 'runningTotal', file: program, condition: 'values.length === 4' });
  console.log(`trace: ${r.structured.traces[0].events.length} lines, ${r.structured.traces[0].steps} steps, ${r.structured.traces[0].ms} ms`);
  tracer.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 500));
} finally {
  await g.close();
}
