// Does a side-effect-free Runtime.callFunctionOn get slower the more of them ran in one pause?
// (V8 applies and clears side-effect checks on every function with debug info at each such call.)
// A CDP client on `node --inspect-brk` examples/node/scores.js paused in runningTotal's loop: `n`
// description calls (js-debug's shape: each its own script, a unique sourceURL), times per 100.
//   node --import tsx e2e/bench/v8-side-effect-growth.ts [n] [same|unique] [step]
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import WebSocket from 'ws';
import { configDir } from '@dapgate/core';
import { lineOf, repoRoot } from '../support/gateway.js';

const n = Number(process.argv[2] ?? 600);
const unique = (process.argv[3] ?? 'unique') === 'unique';
const stepEach = process.argv[4] === 'step';
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
  const times: number[] = [];
  for (let k = 0; k < n; k++) {
    const objectId = at.callFrames[0].scopeChain[0].object.objectId;
    const s = performance.now();
    await send('Runtime.callFunctionOn', { functionDeclaration: unique ? `${describe}\n//# sourceURL=eval-${k}.cdp` : describe, arguments: [{ value: 80 }], objectId, throwOnSideEffect: true, returnByValue: true });
    times.push(performance.now() - s);
    if (stepEach) {
      stop = paused();
      await send('Debugger.stepOver');
      at = await stop;
      if (!at.callFrames[0].functionName.endsWith('runningTotal')) break;
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const blocks: string[] = [];
  for (let i = 0; i < times.length; i += 100) blocks.push(median(times.slice(i, i + 100)).toFixed(2));
  console.log(`${times.length} calls (${unique ? 'each its own sourceURL' : 'the same text'}${stepEach ? ', a step after each' : ''}): median ms per 100 calls: ${blocks.join(' ')}`);
} finally {
  ws.close();
  child.kill();
}
