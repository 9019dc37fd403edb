import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { networkInterfaces } from 'node:os';
import { connect } from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '@dapgate/dap';
import { Gateway, binPath, lineOf, pyExample, repoRoot } from '../support/gateway.js';
import { HttpGateway, HTTP_TOKEN } from '../support/http-gateway.js';
import { killGroup } from '../support/processes.js';

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

function post(url: string, headers: Record<string, string>): Promise<number> {
  return fetch(url, { method: 'POST', headers: { ...MCP_HEADERS, ...headers }, body: INIT }).then(async (r) => (await r.arrayBuffer(), r.status));
}

/** A POST with a Host header of our choosing (fetch does not let one set it). */
function postWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${HTTP_TOKEN}`, host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(INIT);
  });
}

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2_000 }, () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}

describe('security', () => {
  const gateways: HttpGateway[] = [];
  const targets: ChildProcess[] = [];
  let http: HttpGateway;
  after(() => {
    gateways.forEach((g) => g.stop());
    targets.forEach(killGroup);
  });
  const httpGateway = async () => {
    if (!http) gateways.push((http = await HttpGateway.start()));
    return http;
  };

  test('HTTP stays on loopback unless the operator says --http-allow-remote', async (t) => {
    const r = spawnSync(process.execPath, [binPath, '--http', '0.0.0.0:1'], { encoding: 'utf8', env: { ...process.env, DAPGATE_HTTP_TOKEN: HTTP_TOKEN }, timeout: 10_000 });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /would accept connections from other machines.*--http-allow-remote/);
    const g = await httpGateway();
    const port = Number(new URL(g.url).port);
    const outside = Object.values(networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (!outside) return t.skip('this machine has no non-loopback IPv4 address to try');
    assert.equal(await reachable(outside.address, port), false, `the gateway must not answer on ${outside.address}`);
    assert.equal(await reachable('127.0.0.1', port), true);
  });

  test('a request without the bearer token is refused', async () => {
    const g = await httpGateway();
    assert.equal(await post(g.url, {}), 401);
    assert.equal(await post(g.url, { authorization: HTTP_TOKEN }), 401, 'the token without "Bearer"');
  });

  test('a wrong token is refused whatever its length (compared in constant time as digests)', async () => {
    const g = await httpGateway();
    for (const wrong of [HTTP_TOKEN.replace(/.$/, 'X'), HTTP_TOKEN.slice(0, -1), `${HTTP_TOKEN}x`, 'x', ' '.repeat(HTTP_TOKEN.length)]) {
      assert.equal(await post(g.url, { authorization: `Bearer ${wrong}` }), 401, `token '${wrong}'`);
    }
    assert.equal(await post(g.url, { authorization: `Bearer ${HTTP_TOKEN}` }), 200);
  });

  test('a foreign Origin or Host is refused (browsers, DNS rebinding)', async () => {
    const g = await httpGateway();
    assert.equal(await post(g.url, { authorization: `Bearer ${HTTP_TOKEN}`, origin: 'https://evil.example' }), 403);
    assert.equal(await postWithHost(g.url, `evil.example:${new URL(g.url).port}`), 403);
    assert.equal(await post(g.url, { authorization: `Bearer ${HTTP_TOKEN}`, origin: 'http://localhost:3000' }), 200);
  });

  test("session ids cannot be guessed across clients: one client's ids reach nothing from another", async () => {
    const g = await httpGateway();
    const quick = pyExample('quick.py');
    const a = await g.client();
    const b = await g.client();
    try {
      const mcpA = a.transport.sessionId!;
      const mcpB = b.transport.sessionId!;
      for (const id of [mcpA, mcpB]) assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'MCP session ids are random UUIDs');
      assert.notEqual(mcpA, mcpB);
      const made = await fetch(g.url, { method: 'POST', headers: { ...MCP_HEADERS, authorization: `Bearer ${HTTP_TOKEN}`, 'mcp-session-id': '00000000-0000-4000-8000-000000000000' }, body: INIT });
      assert.equal(made.status, 404, 'a made-up MCP session id reaches nothing');
      const crossed = await fetch(g.url, {
        method: 'POST',
        headers: { ...MCP_HEADERS, authorization: `Bearer ${HTTP_TOKEN}`, 'mcp-session-id': mcpB, 'mcp-protocol-version': '2025-06-18', 'dapgate-workspace': a.workspace! },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
      });
      assert.equal(crossed.status, 400, "B's MCP session cannot be pointed at A's workspace");
      const launched = await a.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line: lineOf(quick, 'out.append(v * v)') }] }, 90_000);
      const id = launched.structured.sessionId as string;
      for (const guess of [id, 's1', 's2', 's3']) {
        const r = await b.call('debug_status', { sessionId: guess });
        assert.ok(r.isError, `B reached ${guess}: ${r.text}`);
        assert.doesNotMatch(r.text, /quick\.py/);
      }
      await a.ok('debug_stop', {});
      await a.ok('debug_breakpoint_remove', { all: true });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('--allow-root confines programs, cwd and attach targets', async () => {
    const root = join(repoRoot, 'examples', 'python');
    const g = await Gateway.start({}, ['--allow-root', root]);
    try {
      const outsideProgram = await g.call('debug_launch', { program: join(repoRoot, 'examples', 'node', 'quick.js') });
      assert.ok(outsideProgram.isError);
      assert.match(outsideProgram.text, /program '.*quick\.js' is outside the allowed folders/);
      const outsideCwd = await g.call('debug_launch', { program: pyExample('quick.py'), cwd: repoRoot });
      assert.ok(outsideCwd.isError);
      assert.match(outsideCwd.text, /cwd '.*' is outside the allowed folders/);

      const python = (await g.ok('debug_languages')).structured.languages.find((l: any) => l.id === 'python').path;
      const listen = async (cwd: string) => {
        const port = await freePort();
        const child = spawn(python, ['-m', 'debugpy', '--listen', `127.0.0.1:${port}`, pyExample('loop.py'), '120'], { cwd, stdio: 'ignore', detached: true });
        targets.push(child);
        return { port, child }; // not probed: a connection would be debugpy's one client
      };
      const outside = await listen(repoRoot);
      const refused = await g.call('debug_attach', { language: 'python', port: outside.port, cwd: root, waitForTargetMs: 20_000 });
      assert.ok(refused.isError, refused.text);
      assert.match(refused.text, /the process listening on port \d+ works in a folder that '.*' is outside the allowed folders/);
      const byPid = await g.call('debug_attach', { language: 'python', processId: outside.child.pid, cwd: root });
      assert.ok(byPid.isError, byPid.text);
      const remote = await g.call('debug_attach', { language: 'python', host: '10.255.255.1', port: 5678, cwd: root });
      assert.ok(remote.isError);
      assert.match(remote.text, /only local targets/);

      const inside = await listen(root);
      const attached = await g.ok('debug_attach', { language: 'python', port: inside.port, cwd: root, waitForTargetMs: 20_000 }, 60_000);
      assert.ok(['running', 'stopped'].includes(attached.structured.state), attached.text);
      await g.ok('debug_stop', {});
    } finally {
      await g.close();
    }
  });

  test('secrets stay masked in output, variables and debug_diagnose traffic', async () => {
    const settings = pyExample('settings.py');
    const g = await Gateway.start();
    try {
      await g.ok('debug_launch', { program: settings, breakpoints: [{ file: settings, line: lineOf(settings, 'return settings, api_token, user') }] }, 90_000);
      const v = await g.ok('debug_variables', { path: 'settings' });
      const e = await g.ok('debug_evaluate', { expression: 'api_token' });
      const d = await g.ok('debug_diagnose');
      assert.match(d.text, /variables/, 'the traffic shows the variables requests that carried the secrets');
      for (const r of [v, e, d]) assert.doesNotMatch(r.text + JSON.stringify(r.structured), /hunter2|ghp_0123/, r.text.slice(0, 400));
      await g.ok('debug_breakpoint_remove', { all: true });
      await g.ok('debug_continue');
      const out = await g.ok('debug_output');
      assert.match(out.text, /connecting as ada with «masked»/);
      const after = await g.ok('debug_diagnose');
      assert.doesNotMatch(after.text + JSON.stringify(after.structured), /hunter2|ghp_0123/);
    } finally {
      await g.close();
    }
  });
});
