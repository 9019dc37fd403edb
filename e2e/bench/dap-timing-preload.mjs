// Loaded into a gateway process (node --import, unbundled entry) by trace-phases.ts: records every DAP
// message the gateway sends and receives with a high-resolution time, written to
// DAPGATE_BENCH_TIMING_FILE when the process exits. Times are epoch ms (performance.timeOrigin +
// performance.now()), so another process's marks line up with them.
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const file = process.env.DAPGATE_BENCH_TIMING_FILE;
// the gateway only: the processes it starts (adapters, debuggees) do not inherit this
delete process.env.DAPGATE_BENCH_TIMING_FILE;
if (file) {
  const { DapConnection } = await import('@dapgate/dap');
  const rows = [];
  const row = (dir, m) => rows.push({ t: performance.timeOrigin + performance.now(), dir, type: m.type, seq: m.seq, req: m.request_seq, what: m.command ?? m.event, args: m.type === 'request' ? m.arguments : undefined, reason: m.event === 'stopped' ? m.body?.reason : undefined, scopes: m.command === 'scopes' && m.type === 'response' ? m.body?.scopes?.map((x) => [x.name, x.variablesReference]) : undefined, count: m.command === 'variables' && m.type === 'response' ? m.body?.variables?.length : undefined });
  const send = DapConnection.prototype.send;
  const dispatch = DapConnection.prototype.dispatch;
  DapConnection.prototype.send = function (m) {
    row('out', m);
    return send.call(this, m);
  };
  DapConnection.prototype.dispatch = function (m) {
    row('in', m);
    return dispatch.call(this, m);
  };
  process.on('exit', () => writeFileSync(file, JSON.stringify(rows)));
}
