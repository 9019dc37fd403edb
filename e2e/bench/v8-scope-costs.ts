// What V8 alone charges for the requests js-debug makes per traced line: a CDP client (no adapter)
// on `node --inspect-brk` examples/node/scores.js, the inspector's sockets with TCP_NODELAY (dapgate's
// preload), paused in runningTotal's loop. Per local/block scope: Runtime.getProperties (own, and
// accessors only), a side-effect-free Runtime.callFunctionOn of a description function shaped like
// js-debug's (each own key; an object value's custom toString), and the three sent together; then a
// step-over to the next pause. Medians over `rounds` lines.
//   node --import tsx e2e/bench/v8-scope-costs.ts [rounds]
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import WebSocket from 'ws';
import { configDir } from '@dapgate/core';
import { lineOf, repoRoot } from '../support/gateway.js';

const rounds = Number(process.argv[2] ?? 150);
const program = join(repoRoot, 'examples', 'node', 'scores.js');
const describe = `function (limit) {
  const out = {};
  for (const key of Object.keys(this)) {
    let value;
    try { value = this[key]; } catch { continue; }
    if (typeof value !== 'object' || !value || String(value.toString).includes('[native code]')) continue;
    const text = String(value);
    if (!text.startsWith('[object ')) out[key] = text.length > limit ? text.slice(0, limit) : text;
  }
  return out;
}`;

const child = spawn(process.execPath, ['--inspect-brk=127.0.0.1:0', program], { stdio: ['ignore', 'ignore', 'pipe'] });
const url = await new Promise<string>((resolve) => child.stderr!.on('data', (d: Buffer) => { const m = /ws:\/\/\S+/.exec(String(d)); if (m) resolve(m[0]); }));
const ws = new WebSocket(url, { perMessageDeflate: false });
await new Promise((r) => ws.once('open', r));
let seq = 0;
const pending = new Map<number, (m: any) => void>();
let onPaused: ((p: any) => void) | undefined;
ws.on('message', (d: Buffer) => {
  const m = JSON.parse(String(d));
  if (m.id) pending.get(m.id)?.(m.result);
  else if (m.method === 'Debugger.paused') onPaused?.(m.params);
});
const send = (method: string, params: object = {}) => new Promise<any>((r) => { pending.set(++seq, r); ws.send(JSON.stringify({ id: seq, method, params })); });
const paused = () => new Promise<any>((r) => (onPaused = r));

try {
  await send('Runtime.enable');
  await send('Debugger.enable');
  let stop = paused();
  await send('Runtime.runIfWaitingForDebugger');
  let at = await stop;
  const preload = JSON.stringify(join(configDir(), 'patches', 'node_inspector_nodelay.cjs'));
  await send('Debugger.evaluateOnCallFrame', { callFrameId: at.callFrames[0].callFrameId, expression: `require(${preload})` });
  const bp = await send('Debugger.setBreakpointByUrl', { url: `file://${program}`, lineNumber: lineOf(program, 'const v = values[i];') - 1 });
  stop = paused();
  await send('Debugger.resume');
  at = await stop;
  await send('Debugger.removeBreakpoint', { breakpointId: bp.breakpointId });
  const t: Record<string, number[]> = { 'step-over to the pause': [], 'getProperties own': [], 'getProperties accessors': [], 'description function': [], 'the three together': [] };
  const timed = async (name: string, f: () => Promise<unknown>) => { const s = performance.now(); await f(); t[name]!.push(performance.now() - s); };
  let scopes = 0;
  for (let k = 0; k < rounds; k++) {
    for (const scope of at.callFrames[0].scopeChain.filter((s: any) => s.type === 'local' || s.type === 'block')) {
      scopes++;
      const objectId = scope.object.objectId;
      const own = () => send('Runtime.getProperties', { objectId, ownProperties: true, generatePreview: true });
      const accessors = () => send('Runtime.getProperties', { objectId, accessorPropertiesOnly: true, ownProperties: false, generatePreview: true });
      const described = () => send('Runtime.callFunctionOn', { functionDeclaration: describe, arguments: [{ value: 80 }], objectId, throwOnSideEffect: true, returnByValue: true });
      await timed('getProperties own', own);
      await timed('getProperties accessors', accessors);
      await timed('description function', described);
      await timed('the three together', () => Promise.all([own(), accessors(), described()]));
    }
    stop = paused();
    await timed('step-over to the pause', async () => { await send('Debugger.stepOver'); at = await stop; });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  console.log(`${rounds} lines, ${scopes} scopes read (${(scopes / rounds).toFixed(1)} a line); medians:`);
  for (const [name, xs] of Object.entries(t)) console.log(`  ${name.padEnd(26)} ${median(xs).toFixed(2)} ms`);
} finally {
  ws.close();
  child.kill();
}
