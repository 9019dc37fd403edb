import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpGateway, HTTP_TOKEN } from '../support/http-gateway.js';
import { eventually, lineOf, pyExample } from '../support/gateway.js';

const quick = pyExample('quick.py');
const stopLine = lineOf(quick, 'out.append(v * v)');

describe('a workspace per MCP client over HTTP', () => {
  const gateways: HttpGateway[] = [];
  after(() => gateways.forEach((g) => g.stop()));

  test("two clients on one gateway: neither sees, drives or stops the other's sessions or breakpoints", async () => {
    const gateway = await HttpGateway.start();
    gateways.push(gateway);
    const a = await gateway.client();
    const b = await gateway.client();
    try {
      assert.ok(a.workspace && b.workspace, 'the gateway hands each client a workspace handle');
      assert.notEqual(a.workspace, b.workspace);
      assert.ok(a.workspace.length >= 32, `the handle is long enough not to be guessed: ${a.workspace}`);

      const launched = await a.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line: stopLine }] }, 90_000);
      assert.equal(launched.structured.state, 'stopped', launched.text);
      const id = launched.structured.sessionId as string;

      const listed = await b.ok('debug_sessions');
      assert.doesNotMatch(listed.text, new RegExp(`\\b${id}\\b|quick\\.py`), listed.text);
      const status = await b.call('debug_status', {});
      assert.ok(status.isError, status.text);
      assert.match(status.text, /there is no debug session/);
      for (const [tool, args] of [
        ['debug_stop', { sessionId: id }],
        ['debug_continue', { sessionId: id, wait: false }],
        ['debug_evaluate', { sessionId: id, expression: 'v' }],
        ['debug_diagnose', { sessionId: id }],
      ] as const) {
        const r = await b.call(tool, args);
        assert.ok(r.isError, `${tool}: ${r.text}`);
        assert.match(r.text, new RegExp(`no session '${id}' in this client's workspace`), `${tool}: ${r.text}`);
        assert.doesNotMatch(r.text, /quick\.py|python/, `${tool} reveals nothing about the other client's target: ${r.text}`);
      }
      const bBreakpoints = await b.ok('debug_breakpoints');
      assert.doesNotMatch(bBreakpoints.text, /quick\.py/, bBreakpoints.text);
      await b.ok('debug_breakpoint_set', { file: quick, line: lineOf(quick, 'total = sum(result)') });

      // A's session is untouched, and B's breakpoint is not in A's book
      const still = await a.ok('debug_status', {});
      assert.equal(still.structured.state, 'stopped', still.text);
      const aBreakpoints = await a.ok('debug_breakpoints');
      assert.doesNotMatch(aBreakpoints.text, new RegExp(`:${lineOf(quick, 'total = sum(result)')}\\b`), aBreakpoints.text);

      // the handle reaches the same workspace from a new MCP session (what a stateless transport needs)
      const again = await gateway.client(a.workspace);
      try {
        assert.equal(again.workspace, a.workspace);
        const seen = await again.ok('debug_sessions');
        assert.match(seen.text, new RegExp(`\\b${id}\\b`), seen.text);
      } finally {
        await again.close();
      }
      await a.ok('debug_stop', {});
      await a.ok('debug_breakpoint_remove', { all: true });
      await b.ok('debug_breakpoint_remove', { all: true });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('an unknown workspace handle is refused with what to do', async () => {
    const gateway = gateways[0] ?? (await HttpGateway.start());
    const init = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    const r = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${HTTP_TOKEN}`, 'dapgate-workspace': 'not-a-workspace-handle' },
      body: init,
    });
    assert.equal(r.status, 404);
    assert.match(await r.text(), /no workspace has the handle.*omit the header/);
  });

  test('--shared-workspace: every client works in one workspace', async () => {
    const gateway = await HttpGateway.start(['--shared-workspace']);
    gateways.push(gateway);
    const a = await gateway.client();
    const b = await gateway.client();
    try {
      assert.equal(a.workspace, b.workspace);
      const launched = await a.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line: stopLine }] }, 90_000);
      const seen = await b.ok('debug_sessions');
      assert.match(seen.text, new RegExp(`\\b${launched.structured.sessionId}\\b`), seen.text);
      await b.ok('debug_stop', {});
      await b.ok('debug_breakpoint_remove', { all: true });
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('a client that goes without ending its MCP session (a one-shot client) is let go after the idle time, and then its workspace', async () => {
    const gateway = await HttpGateway.start([], { DAPGATE_MCP_SESSION_IDLE_MS: '1500', DAPGATE_WORKSPACE_IDLE_MS: '1500' });
    gateways.push(gateway);
    const c = await gateway.client();
    const launched = await c.ok('debug_launch', { program: quick, breakpoints: [{ file: quick, line: stopLine }] }, 90_000);
    assert.equal(launched.structured.state, 'stopped', launched.text);
    const mcpSession = c.transport.sessionId!;
    const handle = c.workspace!;
    await c.close(); // what SDK clients do: no DELETE, the MCP session is left open
    // nothing may touch the MCP session meanwhile (a request is activity): the gateway's log says when it is let go
    assert.ok(await eventually(() => gateway.stderr.includes(`MCP session ${mcpSession} idle for`), 30_000, 250), gateway.stderr.slice(-2000));
    const r = await fetch(gateway.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', authorization: `Bearer ${HTTP_TOKEN}`, 'mcp-session-id': mcpSession },
      body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }),
    });
    assert.equal(r.status, 404, 'the idle MCP session is closed');
    assert.ok(await eventually(() => /a workspace no client was connected to ended, with its 1 live session/.test(gateway.stderr), 30_000, 250), gateway.stderr.slice(-2000));
    assert.ok(handle, 'the client had a workspace');
  });
});
