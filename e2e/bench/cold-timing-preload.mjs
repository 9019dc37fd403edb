// Loaded into a gateway process (node --import) by cold-phases.ts: records, with a high-resolution
// time, every MCP message on stdin/stdout, every process the gateway starts (and when it exits), its log lines and,
// in the unbundled gateway (dist/cli.js), every DAP message; written to DAPGATE_BENCH_TIMING_FILE
// when the process exits.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

const file = process.env.DAPGATE_BENCH_TIMING_FILE;
// the gateway only: the processes it starts (adapters, debuggees) do not inherit this
delete process.env.DAPGATE_BENCH_TIMING_FILE;
const rows = [{ t: performance.now(), what: 'preload' }];
const row = (r) => rows.push({ t: performance.now(), ...r });

if (file) {
  process.on('exit', () => writeFileSync(file, JSON.stringify(rows)));
  const spawn = childProcess.spawn;
  childProcess.spawn = function (command, args, ...rest) {
    const child = spawn.call(this, command, args, ...rest);
    const what = [command, ...(Array.isArray(args) ? args : [])].join(' ').slice(0, 140);
    row({ what: `spawn ${what}` });
    child.once('exit', () => row({ what: `exit ${what}` }));
    return child;
  };
  syncBuiltinESMExports();
  // listening from the gateway's own first listener on: a listener added now would start the flow and lose what it reads
  const listen = (event) => {
    if (event !== 'data') return;
    process.stdin.off('newListener', listen);
    process.stdin.on('data', (c) => {
      for (const m of String(c).matchAll(/"method":"([^"]+)"(?:,"params":\{"name":"([^"]+)")?/g)) row({ what: `mcp in ${m[1]}${m[2] ? ` ${m[2]}` : ''}` });
    });
  };
  process.stdin.on('newListener', listen);
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    const text = String(chunk);
    const id = /"id":(\d+)\}?\s*$/.exec(text)?.[1] ?? /^\{"jsonrpc":"2.0","id":(\d+)/.exec(text)?.[1];
    row({ what: `mcp out ${id ? `result ${id}` : 'notification'}` });
    return write(chunk, ...rest);
  };
  // the gateway's own log lines (with --log-level debug: each session's state changes)
  const writeErr = process.stderr.write.bind(process.stderr);
  process.stderr.write = (chunk, ...rest) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) row({ what: `log ${line.trim().slice(0, 140)}` });
    return writeErr(chunk, ...rest);
  };
  if (!/(bundle[\\/]cli\.js|dapgate\.mjs)$/.test(process.argv[1] ?? '')) await patchDap();
}

async function patchDap() {
  const { DapConnection } = await import('@dapgate/dap');
  const send = DapConnection.prototype.send;
  const dispatch = DapConnection.prototype.dispatch;
  DapConnection.prototype.send = function (m) {
    row({ what: `dap out ${m.command ?? m.event}` });
    return send.call(this, m);
  };
  DapConnection.prototype.dispatch = function (m) {
    row({ what: `dap in ${m.type === 'event' ? `event ${m.event}` : `${m.type} ${m.command}`}` });
    return dispatch.call(this, m);
  };
}
