import { performance } from 'node:perf_hooks';
import { BareDebugpy } from './bare-dap.js';
const py = '/root/.cache/dapgate/venvs/debugpy/bin/python';
const prog = '/work/main/examples/python/ledger.py';
const { client, threadId } = await BareDebugpy.launchToBreakpoint(py, prog, 10);
const st: any = await client.connection.request('stackTrace', { threadId, levels: 20 });
const fid = st.body.stackFrames[0].id;
for (const ctx of ['repl', 'watch', 'hover', 'repl']) {
  const xs = [];
  for (let i = 0; i < 8; i++) { const t = performance.now(); await client.connection.request('evaluate', { expression: 'amount * 2', frameId: fid, context: ctx }); xs.push(performance.now() - t); }
  console.log(ctx, xs.map((x) => x.toFixed(1)).join(' '));
}
await client.close();
