import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Gateway, binPath, sleep } from '../support/gateway.js';

/** Raw JSON-RPC over the gateway's stdio, to check exactly what it answers. */
async function rawSession(lines: object[], waitMs = 2_000): Promise<{ replies: any[]; stderr: string }> {
  const child = spawn(process.execPath, [binPath], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, DAPGATE_CHECK_EARLY_INIT: '1' } });
  let out = '';
  let stderr = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (stderr += c));
  for (const l of lines) child.stdin.write(`${JSON.stringify(l)}\n`);
  await sleep(waitMs);
  child.stdin.end();
  await new Promise((r) => child.once('exit', r));
  return { replies: out.split('\n').filter(Boolean).map((l) => JSON.parse(l)), stderr };
}

const init = (id: number, protocolVersion: string) => ({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 't', version: '1' } } });

describe('MCP protocol over stdio', () => {
  test('initialize is answered before the SDK loads, identically to what the SDK server would say', async () => {
    const { replies, stderr } = await rawSession([init(1, '2025-06-18'), { jsonrpc: '2.0', method: 'notifications/initialized' }, { jsonrpc: '2.0', id: 2, method: 'tools/list' }]);
    const first = replies.find((r) => r.id === 1);
    assert.equal(first.result.protocolVersion, '2025-06-18');
    assert.deepEqual(first.result.capabilities, { tools: { listChanged: true } });
    assert.equal(first.result.serverInfo.name, 'dapgate');
    assert.equal(replies.filter((r) => r.id === 1).length, 1, 'exactly one initialize answer');
    const tools = replies.find((r) => r.id === 2);
    assert.ok(tools.result.tools.length >= 25, 'tools/list works after the hand-over');
    assert.doesNotMatch(stderr, /differs from the SDK/, stderr);
  });

  test('an old client protocol version is negotiated, an unknown one gets the latest', async () => {
    const old = await rawSession([init(1, '2024-11-05')], 1_500);
    assert.equal(old.replies[0].result.protocolVersion, '2024-11-05');
    assert.doesNotMatch(old.stderr, /differs/);
    const future = await rawSession([init(1, '2099-01-01')], 1_500);
    assert.notEqual(future.replies[0].result.protocolVersion, '2099-01-01');
    assert.doesNotMatch(future.stderr, /differs/);
  });

  test('every tool has a description written for the model and an input schema', async () => {
    const g = await Gateway.start();
    try {
      const { tools } = await g.client.listTools();
      for (const t of tools) {
        assert.ok((t.description ?? '').length > 40, `${t.name} needs a real description`);
        assert.equal(t.inputSchema.type, 'object');
      }
      assert.deepEqual(g.client.getServerCapabilities()?.tools, { listChanged: true });
    } finally {
      await g.close();
    }
  });
});
