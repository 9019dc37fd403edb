import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { readlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { portsListenedBy } from '@dapgate/dap';
import { lineOf } from '../support/gateway.js';
import { liveFixture, startService, type LiveService } from '../support/live-service.js';

const run = promisify(execFile);

/** One language's live HTTP service (e2e/fixtures/live), as the live e2e tests start it. */
export interface LiveTarget {
  /** dapgate's language id */
  language: string;
  label: string;
  file: string;
  /** A line on the request path (/post). */
  line: number;
  /** How it is attached, for the row's name. */
  how: string;
  start(): Promise<LiveService>;
  /**
   * What a client does before DAP so there is something to attach to, as dapgate does it: the pid
   * (debugpy, delve, lldb attach by pid), or the debug port the process opens when asked (Node's
   * inspector on SIGUSR1, a JVM's JDWP on `jcmd VM.start_java_debugging`).
   */
  open(s: LiveService): Promise<{ pid: number; port?: number }>;
  /** java-debug pauses and resumes every thread for a threadId it does not know (0). */
  allThreadsId?: number;
}

export const LIVE_LANGUAGES = ['python', 'node', 'java', 'go', 'c'];

/** The targets named in `only` (default: all five); Go and C are built once, debuggable (-N -l, -O0). */
export async function liveTargets(python: string, only = LIVE_LANGUAGES): Promise<LiveTarget[]> {
  const work = mkdtempSync(join(tmpdir(), 'dapgate-live-bench-'));
  const byPid = async (s: LiveService) => ({ pid: s.child.pid! });
  const all: Record<string, () => Promise<LiveTarget>> = {
    python: async () => {
      const file = liveFixture('service.py');
      return { language: 'python', label: 'python', file, line: lineOf(file, 'after = before + abs(amount)'), how: 'by pid (debugpy injected)', start: () => startService(python, [file]), open: byPid };
    },
    node: async () => {
      const file = liveFixture('service.mjs');
      const open = async (s: LiveService) => {
        const pid = s.child.pid!;
        const before = (await portsListenedBy(pid)) ?? [];
        process.kill(pid, 'SIGUSR1');
        return { pid, port: await newPort(pid, before) };
      };
      return { language: 'node', label: 'node', file, line: lineOf(file, 'const after = before + amount'), how: 'by pid (SIGUSR1 opens the inspector)', start: () => startService(process.execPath, [file]), open };
    },
    java: async () => {
      const file = liveFixture('Service.java');
      const open = async (s: LiveService) => {
        const pid = s.child.pid!;
        const before = (await portsListenedBy(pid)) ?? [];
        const jcmd = join(dirname(await readlink(`/proc/${pid}/exe`)), 'jcmd');
        await run(jcmd, [String(pid), 'VM.start_java_debugging'], { timeout: 15_000 });
        return { pid, port: await newPort(pid, before) };
      };
      const agent = '-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0,onjcmd=y';
      return { language: 'java', label: 'java', file, line: lineOf(file, 'int after = before + amount;'), how: 'by pid (jcmd opens JDWP, then its port)', start: () => startService('java', [agent, file]), open, allThreadsId: 0 };
    },
    go: async () => {
      const file = liveFixture('service.go');
      const binary = join(work, 'service-go');
      await run('go', ['build', '-gcflags=all=-N -l', '-o', binary, file], { cwd: dirname(file), timeout: 300_000 });
      return { language: 'go', label: 'go', file, line: lineOf(file, 'after := before + int32(amount)'), how: 'by pid', start: () => startService(binary, []), open: byPid };
    },
    c: async () => {
      const file = liveFixture('service.c');
      const binary = join(work, 'service-c');
      await run('gcc', ['-g', '-O0', '-o', binary, file], { timeout: 60_000 });
      return { language: 'lldb', label: 'c (lldb)', file, line: lineOf(file, 'long after = before + labs(amount);'), how: 'by pid', start: () => startService(binary, []), open: byPid };
    },
  };
  const out: LiveTarget[] = [];
  for (const name of only) out.push(await all[name]!());
  return out;
}

/** The port `pid` listens on that it did not before (bounded: 5 s, as dapgate waits). */
async function newPort(pid: number, before: number[]): Promise<number> {
  const end = Date.now() + 5_000;
  while (Date.now() < end) {
    const port = ((await portsListenedBy(pid)) ?? []).find((p) => !before.includes(p));
    if (port !== undefined) return port;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`process ${pid} opened no debug port within 5 s`);
}
