// Fault matrix, part 3: the MCP client goes away mid-call. Over stdio the gateway must end with its
// client and take every process it started along; over HTTP a dropped connection must leave the
// gateway serving that client's next call.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { eventually, pyExample, repoRoot } from '../support/gateway.js';
import { HTTP_TOKEN, HttpGateway } from '../support/http-gateway.js';
import { pidsMatching, pidsWithEnv } from '../support/processes.js';
import { FaultRecorder, processAlive } from '../support/fault-matrix.js';

const RUNS = 3;
const loop = pyExample('loop.py');

describe('fault matrix: the MCP client disconnects mid-call', () => {
  test('stdio: the client process is killed while debug_wait runs', async () => {
    const f = new FaultRecorder('MCP client killed mid-call (stdio, debug_wait)');
    try {
      for (let run = 0; run < RUNS; run++) {
        const marker = `dapgate-fault-${randomUUID()}`;
        const client = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'e2e', 'support', 'waiting-client.ts'), loop, marker], { stdio: ['ignore', 'pipe', 'inherit'] });
        let out = '';
        client.stdout.on('data', (c: Buffer) => (out += c.toString()));
        assert.ok(await eventually(() => /waiting \d+/.test(out), 60_000), `the client reached debug_wait: ${out}`);
        const gatewayPid = Number(/waiting (\d+)/.exec(out)![1]);
        assert.ok(pidsMatching(marker).length > 0, 'the debuggee runs');
        client.kill('SIGKILL');
        // the gateway must notice its stdin closed, end the session and exit
        if (!(await eventually(() => !processAlive(gatewayPid)(), 15_000))) f.log.push(`gateway ${gatewayPid} still running 15 s after its client died`);
        await f.checkGone(marker);
        const left = pidsWithEnv(marker);
        if (left.length) {
          f.row.orphans += left.length;
          f.log.push(`processes the gateway started still running: ${left.join(', ')}`);
        }
        f.row.runs++;
      }
      f.row.seen = '(no client is left to see anything) the gateway exits with its client and ends what it started';
    } finally {
      f.publish();
    }
    assert.ok(f.clean && !f.log.length, f.log.join('\n'));
  });

  test('HTTP: the connection is dropped while debug_wait runs', async () => {
    const f = new FaultRecorder('MCP connection dropped mid-call (HTTP, debug_wait)');
    const gateway = await HttpGateway.start();
    const c = await gateway.client();
    try {
      for (let run = 0; run < RUNS; run++) {
        const marker = `dapgate-fault-${randomUUID()}`;
        const r = await f.call(c, 'debug_launch', { program: loop, args: ['120', marker], wait: false }, 60_000);
        assert.equal(r?.structured.state, 'running', r?.text);
        await dropMidCall(gateway.url, c.transport.sessionId!, c.transport.protocolVersion, c.workspace);
        const st = await f.call(c, 'debug_status', {}, 10_000);
        assert.equal(st?.structured.state, 'running', `the session outlives the dropped call: ${st?.text}`);
        const w = await f.call(c, 'debug_wait', { timeoutMs: 1_000 }, 6_000);
        f.saw(w);
        await f.call(c, 'debug_stop', {}, 15_000);
        await f.checkGone(marker);
        await f.checkAlive(c, processAlive(gateway.process.pid));
        f.row.runs++;
      }
    } finally {
      await c.close();
      gateway.stop();
      f.publish();
    }
    assert.ok(f.clean, f.log.join('\n'));
  });
});

/** Posts a debug_wait on the client's MCP session and destroys the socket 500 ms into it. */
function dropMidCall(url: string, sessionId: string, protocolVersion: string | undefined, workspace: string | undefined): Promise<void> {
  const body = JSON.stringify({ jsonrpc: '2.0', id: 9_999, method: 'tools/call', params: { name: 'debug_wait', arguments: { timeoutMs: 60_000 } } });
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${HTTP_TOKEN}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        ...(protocolVersion ? { 'mcp-protocol-version': protocolVersion } : {}),
        ...(workspace ? { 'dapgate-workspace': workspace } : {}),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => res.on('error', () => undefined));
    req.end(body);
    setTimeout(() => {
      req.destroy();
      resolve();
    }, 500);
  });
}
