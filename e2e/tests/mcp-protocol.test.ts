import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { Gateway, binPath, eventually, pyExample, sleep } from '../support/gateway.js';

/** Raw JSON-RPC over the gateway's stdio, to check exactly what it answers. */
async function rawSession(lines: object[], waitMs = 2_000): Promise<{ replies: any[]; stderr: string }> {
  const child = spawn(process.execPath, [binPath], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, DAPGATE_CHECK_EARLY_INIT: '1', DAPGATE_STATE_DIR: 'off' } });
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
    assert.deepEqual(first.result.capabilities, { tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true } });
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

  test('sessions are resources; a subscriber is notified when a session stops; progress is reported during waits', async () => {
    const g = await Gateway.start();
    try {
      const { ResourceUpdatedNotificationSchema } = await import('@modelcontextprotocol/sdk/types.js');
      const updates: string[] = [];
      g.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
        updates.push(n.params.uri);
      });
      const loop = pyExample('loop.py');
      const r = await g.ok('debug_launch', { program: loop, args: ['60'], wait: false });
      const sid = r.structured.sessionId;
      await g.client.subscribeResource({ uri: `dapgate://sessions/${sid}` });
      const progress: string[] = [];
      const waited = await g.client.callTool({ name: 'debug_wait', arguments: { timeoutMs: 2_500 } }, undefined, {
        timeout: 30_000,
        onprogress: (p) => progress.push(p.message ?? ''),
      });
      assert.ok(progress.length >= 1, 'progress notifications during a long wait');
      assert.match(progress[0]!, /waiting for a stop or exit/);
      assert.equal((waited.structuredContent as any).waitTimedOut, true);
      await g.ok('debug_pause');
      assert.ok(await eventually(() => updates.includes(`dapgate://sessions/${sid}`), 5_000), `updates: ${updates.join(', ')}`);
      const read = await g.client.readResource({ uri: `dapgate://sessions/${sid}` });
      assert.match((read.contents[0] as any).text, /stopped at pause/);
      const listed = await g.client.listResources();
      assert.ok(listed.resources.some((x) => x.uri === `dapgate://sessions/${sid}/output`));
      await g.ok('debug_stop');
    } finally {
      await g.close();
    }
  });

  // MCP 2026-07-28 says -32602 with `data.uri` (clients accept the older -32002 too); the v2 SDK says so in every era
  test('a missing resource answers resource not found (-32602 with the uri), with a hint', async () => {
    const g = await Gateway.start();
    try {
      for (const uri of ['dapgate://sessions/s999', 'dapgate://sessions/s999/output', 'dapgate://nothing/here']) {
        await assert.rejects(g.client.readResource({ uri }), (e: any) => {
          assert.equal(e.code, -32602, `${uri}: ${e.message}`);
          assert.equal(e.data?.uri, uri, `${uri}: ${JSON.stringify(e.data)}`);
          assert.equal(e.message, `MCP error -32602: Resource not found: ${uri}. dapgate://sessions lists the sessions.`, 'the code is said once');
          return true;
        });
      }
      const list = await g.client.readResource({ uri: 'dapgate://sessions' });
      assert.deepEqual(JSON.parse((list.contents[0] as any).text), []);
    } finally {
      await g.close();
    }
  });

  test('prompts: debug-a-bug is listed and walks through reproduce, breakpoint, inspect, narrow, fix, re-run', async () => {
    const g = await Gateway.start();
    try {
      assert.deepEqual(g.client.getServerCapabilities()?.prompts, { listChanged: true });
      const { prompts } = await g.client.listPrompts();
      const p = prompts.find((x) => x.name === 'debug-a-bug');
      assert.ok(p, JSON.stringify(prompts));
      assert.equal(p.title, 'Debug a bug');
      assert.deepEqual(p.arguments?.map((a) => [a.name, a.required]), [['symptom', true], ['program', false]]);
      const got = await g.client.getPrompt({ name: 'debug-a-bug', arguments: { symptom: 'total is -2, expected 0', program: 'ledger.py' } });
      const text = (got.messages[0]!.content as { text: string }).text;
      assert.match(text, /Symptom: total is -2, expected 0\nProgram: ledger.py/);
      const steps = ['Reproduce', 'Breakpoint at the suspect', 'Inspect', 'Narrow', 'Fix', 'Re-run'].map((s) => text.indexOf(s));
      assert.ok(steps.every((i, n) => i > 0 && (n === 0 || i > steps[n - 1]!)), `the six steps in order: ${steps}`);
      const { tools } = await g.client.listTools();
      for (const name of text.match(/debug_[a-z_]+/g) ?? []) assert.ok(tools.some((t) => t.name === name), `the prompt names a real tool: ${name}`);
      await assert.rejects(g.client.getPrompt({ name: 'debug-a-bug', arguments: {} }), /symptom/);
    } finally {
      await g.close();
    }
  });

  test('every tool has a description written for the model and an input schema', async () => {
    const g = await Gateway.start();
    try {
      const { tools } = await g.client.listTools();
      for (const t of tools) {
        assert.ok((t.description ?? '').length > 40, `${t.name} needs a real description`);
        assert.ok(t.title, `${t.name} has a title`);
        assert.equal(t.inputSchema.type, 'object');
        assert.ok(t.annotations && (t.annotations.readOnlyHint !== undefined || t.annotations.destructiveHint !== undefined), `${t.name} says whether it reads or changes state`);
      }
      assert.deepEqual(g.client.getServerCapabilities()?.tools, { listChanged: true });
    } finally {
      await g.close();
    }
  });
});
