// Evidence for the Node per-request stall: strace on js-debug, its watchdog and the debuggee
// while a stopped session answers a few evaluates, spaced apart.
//   node --import tsx e2e/bench/ack-strace.ts <outfile-prefix>
//   ACK_TRACE=debuggee,watchdog,adapter (which to trace), ACK_GAP=ms between requests, ACK_REQUEST=variables (else evaluate),
//   ACK_NODELAY=0 without dapgate's TCP_NODELAY preloads
import { spawn, execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { cacheDir } from '@dapgate/core';
import { repoRoot, lineOf } from '../support/gateway.js';
import { BareJsDebug, withInspectorPreload } from './bare-jsdebug.js';

const out = process.argv[2] ?? '/tmp/ack-strace';
const program = join(repoRoot, 'examples', 'node', 'scores.js');
const line = lineOf(program, 'const v = values[i];');
const server = join(cacheDir(), 'js-debug', 'v1.112.0', 'dapDebugServer.js');
const noDelay = process.env.ACK_NODELAY !== '0';
const client = await BareJsDebug.start(process.execPath, server, undefined, noDelay);
try {
  await client.launchToBreakpoint(withInspectorPreload({ type: 'pwa-node', request: 'launch', name: 'bench', program, cwd: join(repoRoot, 'examples', 'node'), console: 'internalConsole' }, noDelay), program, line);
  const ps = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' }).split('\n');
  const pidOf = (re: RegExp) => ps.filter((l) => re.test(l)).map((l) => l.trim().split(/\s+/)[0]!);
  const debuggee = pidOf(/scores\.js/).filter((p) => !/strace/.test(p));
  const watchdog = pidOf(/watchdog\.js/);
  const adapter = [String(client.adapter.child.pid)];
  console.log({ debuggee, watchdog, adapter });
  const which = (process.env.ACK_TRACE ?? 'debuggee,watchdog,adapter').split(',');
  const all = [...debuggee.map((p) => ['debuggee', p]), ...watchdog.map((p) => ['watchdog', p]), ...adapter.map((p) => ['adapter', p])];
  const tracers = all.filter(([name]) => which.includes(name!)).map(([name, pid]) =>
    spawn('strace', ['-f', '-tt', '-s', process.env.ACK_STRSIZE ?? '32', '-e', 'trace=network,write,writev,read,epoll_wait,epoll_pwait', '-o', `${out}.${name}.${pid}`, '-p', pid!], { stdio: 'ignore' }),
  );
  await new Promise((r) => setTimeout(r, 1500));
  const { connection: c, threadId } = client.stoppedIn!;
  const st = (await c.request('stackTrace', { threadId, levels: 1 })).body as { stackFrames: { id: number }[] };
  const gap = Number(process.env.ACK_GAP ?? 300);
  console.log(execFileSync('ss', ['-tinp'], { encoding: 'utf8' }).split('\n').filter((l, i, a) => /node/.test(l) || /node/.test(a[i - 1] ?? '')).join('\n'));
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    const wall = new Date().toISOString();
    if (process.env.ACK_REQUEST === 'variables') {
      const scopes = ((await c.request('scopes', { frameId: st.stackFrames[0]!.id })).body as { scopes: { variablesReference: number }[] }).scopes;
      await c.request('variables', { variablesReference: scopes[0]!.variablesReference });
    } else await c.request('evaluate', { expression: `${i} + 1`, frameId: st.stackFrames[0]!.id, context: 'repl' });
    console.log(`evaluate ${i} sent ${wall} took ${(performance.now() - t).toFixed(1)} ms`);
    await new Promise((r) => setTimeout(r, gap));
  }
  for (const t of tracers) t.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 500));
} finally {
  await client.close();
}
