import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Gateway, eventually, lineOf } from '../support/gateway.js';
import { killGroup, pidsWithEnv } from '../support/processes.js';
import { liveFixture, request, startService, type LiveService } from '../support/live-service.js';

// A gateway that dies (SIGKILL: no shutdown code runs) while its target is paused at a breakpoint
// must leave the target running: the service answers again within a few seconds.
describe('a gateway killed while attached leaves the target running', () => {
  const services: LiveService[] = [];
  after(() => {
    for (const s of services) killGroup(s.child);
  });

  async function killWhilePaused(language: string, command: string, args: string[], file: string, line: number, run = ''): Promise<void> {
    const s = await startService(command, [...args, file]);
    services.push(s);
    const marker = `DAPGATE_KILLED_GATEWAY_${process.pid}_${language}${run}`;
    const g = await Gateway.start({ [marker]: '1' });
    try {
      await g.ok('debug_attach', { language, processId: s.child.pid, breakpoints: [{ file, line }] }, 120_000);
      const held = request(s.port, '/post?name=ada&amount=1', 60_000);
      const w = await g.ok('debug_wait', { timeoutMs: 30_000 });
      assert.equal(w.structured.state, 'stopped', w.text);
      process.kill(g.pid!, 'SIGKILL');
      assert.match(await held, /^\d+$/, 'the request held at the breakpoint completes');
      assert.match(await request(s.port, '/post?name=bob&amount=2', 15_000), /^\d+$/, 'and the service answers new requests');
      // no debug adapter the dead gateway started is left behind: each exits once its parent is gone
      // (js-debug's TCP server and debugpy's adapter through a parent watch; debugpy's own adapter
      // lingered 30-40 s after its client vanished). Well under that, so a linger fails.
      const left = () => pidsWithEnv(marker).filter((pid) => pid !== s.child.pid && !exited(pid));
      assert.ok(await eventually(() => left().length === 0, ADAPTER_EXIT_MS), `adapters left running ${ADAPTER_EXIT_MS / 1000} s after the gateway died: ${left().map(commandOf).join('; ')}`);
    } finally {
      await g.close().catch(() => {});
    }
  }

  test('python, 3 times (debugpy\'s adapter exits with the gateway each time)', async () => {
    const python = await pythonPath();
    const file = liveFixture('service.py');
    for (let i = 0; i < 3; i++) await killWhilePaused('python', python, [], file, lineOf(file, 'after = before + abs(amount)'), `_${i}`);
  });

  test('node', async () => {
    const file = liveFixture('service.mjs');
    await killWhilePaused('node', process.execPath, [], file, lineOf(file, 'const after = before + amount'));
  });

  test('java', async () => {
    const file = liveFixture('Service.java');
    await killWhilePaused('java', 'java', ['-agentlib:jdwp=transport=dt_socket,server=y,suspend=n,address=127.0.0.1:0,onjcmd=y'], file, lineOf(file, 'int after = before + amount;'));
  });
});

/** Adapters poll for their parent once a second; the bound leaves room for a loaded machine. */
const ADAPTER_EXIT_MS = 15_000;

function commandOf(pid: number): string {
  try {
    return `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ').trim()}`;
  } catch {
    return String(pid);
  }
}

/** Gone, or a zombie nobody has reaped yet (a container's init may never reap it): not running. */
function exited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

async function pythonPath(): Promise<string> {
  const g = await Gateway.start();
  try {
    const langs = await g.ok('debug_languages');
    return langs.structured.languages.find((l: any) => l.id === 'python').path;
  } finally {
    await g.close();
  }
}
