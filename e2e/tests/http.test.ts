import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, waitForPort } from '@dapgate/dap';
import { binPath, lineOf, pyExample } from '../support/gateway.js';

const TOKEN = 'test-token-0123456789abcdef';

describe('streamable HTTP transport', () => {
  let server: ChildProcess | undefined;
  after(() => server?.kill('SIGTERM'));

  test('refuses to start without a token', () => {
    const r = spawnSync(process.execPath, [binPath, '--http', '127.0.0.1:1'], { encoding: 'utf8', env: { ...process.env, DAPGATE_HTTP_TOKEN: '' }, timeout: 10_000 });
    assert.notEqual(r.status, 0);
    assert.match(r.stderr, /needs DAPGATE_HTTP_TOKEN/);
  });

  test('bearer token and Origin are enforced; an authorized client debugs over HTTP', async () => {
    const port = await freePort();
    server = spawn(process.execPath, [binPath, '--http', `127.0.0.1:${port}`], { env: { ...process.env, DAPGATE_HTTP_TOKEN: TOKEN }, stdio: 'ignore' });
    assert.ok(await waitForPort('127.0.0.1', port, Date.now() + 10_000), 'the HTTP server listens');
    const url = `http://127.0.0.1:${port}/mcp`;
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const missing = await fetch(url, { method: 'POST', headers, body: init });
    assert.equal(missing.status, 401);
    assert.match(missing.headers.get('www-authenticate') ?? '', /^Bearer realm="dapgate"$/, 'a plain Bearer challenge, no OAuth resource metadata');
    assert.match((await missing.json()).error.message, /missing bearer token: send the header "Authorization: Bearer <token>".*DAPGATE_HTTP_TOKEN/);
    const wrong = await fetch(url, { method: 'POST', headers: { ...headers, authorization: 'Bearer wrong-token-0123456789' }, body: init });
    assert.equal(wrong.status, 401);
    assert.match(wrong.headers.get('www-authenticate') ?? '', /^Bearer realm="dapgate", error="invalid_token"$/);
    assert.match((await wrong.json()).error.message, /wrong bearer token/);
    const discovery = await fetch(`http://127.0.0.1:${port}/.well-known/oauth-protected-resource/mcp`);
    assert.equal(discovery.status, 404, 'OAuth discovery finds nothing, so a client does not start an OAuth flow');
    assert.match((await discovery.json()).error.message, /does not use OAuth/);
    assert.equal((await fetch(url, { method: 'POST', headers: { ...headers, authorization: `Bearer ${TOKEN}`, origin: 'https://evil.example' }, body: init })).status, 403);

    const client = new Client({ name: 'http-e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'debug_launch'));
      const quick = pyExample('quick.py');
      const r = (await client.callTool({ name: 'debug_launch', arguments: { program: quick, breakpoints: [{ file: quick, line: lineOf(quick, 'out.append(v * v)') }] } }, undefined, { timeout: 60_000 })) as any;
      assert.equal(r.structuredContent.state, 'stopped', JSON.stringify(r.content));
      await client.callTool({ name: 'debug_stop', arguments: {} });
      await client.callTool({ name: 'debug_breakpoint_remove', arguments: { all: true } });
    } finally {
      await client.close();
    }
  });
});
