import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { freePort, waitForPort } from '@dapgate/dap';
import { binPath, freshStateDir, lineOf, pyExample, repoRoot } from '../support/gateway.js';

/**
 * MCP 2026-07-28 (stateless, `server/discover`, no `Mcp-Session-Id`) and 2025-11-25 served side by
 * side: the v2 TypeScript client pinned to each era and the Inspector CLI's modern era, over stdio
 * and HTTP, list the tools and debug a Python program. (The 1.x client is every other test's.)
 */

const TOKEN = 'test-token-0123456789abcdef';
const MODERN = '2026-07-28';
const quick = pyExample('quick.py');
const stopLine = lineOf(quick, 'out.append(v * v)');
type Era = 'modern' | 'legacy';

function newClient(era: Era, name = 'eras-e2e'): Client {
  return new Client({ name, version: '1.0.0' }, era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN } } } : {});
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<{ text: string; structured: any; isError: boolean }> {
  const r = (await client.callTool({ name, arguments: args }, { timeout: 90_000 })) as any;
  return { text: (r.content ?? []).map((c: any) => c.text).join('\n'), structured: r.structuredContent ?? {}, isError: !!r.isError };
}

/** Lists the tools, stops at a breakpoint in a Python program, evaluates there, stops the session. */
async function debugPython(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  assert.ok(tools.length >= 25 && tools.some((t) => t.name === 'debug_launch'), `tools: ${tools.map((t) => t.name)}`);
  const launched = await call(client, 'debug_launch', { program: quick, breakpoints: [{ file: quick, line: stopLine }] });
  assert.equal(launched.structured.state, 'stopped', launched.text);
  assert.equal(launched.structured.stop?.line, stopLine, launched.text);
  const evaluated = await call(client, 'debug_evaluate', { expression: 'v * 10' });
  assert.ok(!evaluated.isError, evaluated.text);
  assert.match(evaluated.text, /\b10\b/, evaluated.text);
  const stopped = await call(client, 'debug_stop');
  assert.ok(!stopped.isError, stopped.text);
}

describe('MCP 2026-07-28 and 2025-11-25 side by side', () => {
  for (const era of ['modern', 'legacy'] as const) {
    test(`stdio: the v2 client pinned to the ${era} era debugs a Python program`, async () => {
      const client = newClient(era);
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [binPath], env: { ...(process.env as Record<string, string>), DAPGATE_STATE_DIR: freshStateDir() }, stderr: 'ignore' }));
      try {
        assert.equal(client.getNegotiatedProtocolVersion(), era === 'modern' ? MODERN : '2025-11-25');
        await debugPython(client);
      } finally {
        await client.close();
      }
    });
  }

  describe('over HTTP', () => {
    let server: ChildProcess | undefined;
    let url = '';
    after(() => server?.kill('SIGTERM'));
    const headers = { authorization: `Bearer ${TOKEN}` };
    const connect = async (era: Era, name?: string, extra: Record<string, string> = {}) => {
      if (!server) {
        const port = await freePort();
        server = spawn(process.execPath, [binPath, '--http', `127.0.0.1:${port}`], { env: { ...process.env, DAPGATE_HTTP_TOKEN: TOKEN, DAPGATE_STATE_DIR: freshStateDir() }, stdio: 'ignore' });
        assert.ok(await waitForPort('127.0.0.1', port, Date.now() + 10_000), 'the HTTP server listens');
        url = `http://127.0.0.1:${port}/mcp`;
      }
      const client = newClient(era, name);
      const seen: string[] = [];
      const fetchSeeing: typeof fetch = async (input, init) => {
        const r = await fetch(input, init);
        const handle = r.headers.get('dapgate-workspace');
        if (handle) seen.push(handle);
        return r;
      };
      await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { ...headers, ...extra } }, fetch: fetchSeeing }));
      return { client, seen };
    };

    for (const era of ['modern', 'legacy'] as const) {
      test(`the v2 client pinned to the ${era} era debugs a Python program`, async () => {
        const { client } = await connect(era, `http-${era}`);
        try {
          assert.equal(client.getNegotiatedProtocolVersion(), era === 'modern' ? MODERN : '2025-11-25');
          await debugPython(client);
        } finally {
          await client.close();
        }
      });
    }

    test('stateless requests keep one workspace per client identity, or the one the Dapgate-Workspace header names', async () => {
      const a = await connect('modern', 'client-a');
      const other = await connect('modern', 'client-b');
      try {
        const launched = await call(a.client, 'debug_launch', { program: quick, breakpoints: [{ file: quick, line: stopLine }] });
        assert.equal(launched.structured.state, 'stopped', launched.text);
        const handle = a.seen.at(-1)!;
        assert.ok(handle && a.seen.every((h) => h === handle), `one workspace for every request of client-a: ${a.seen}`);
        const otherSessions = await call(other.client, 'debug_sessions');
        assert.deepEqual(otherSessions.structured.sessions ?? [], [], `client-b does not see client-a's session: ${otherSessions.text}`);
        const ownSessions = await call(a.client, 'debug_sessions');
        assert.deepEqual(ownSessions.structured.sessions?.map((s: any) => s.state), ['stopped'], `client-a sees its own: ${ownSessions.text}`);
        assert.notEqual(other.seen.at(-1), handle, 'client-b works in another workspace');
        const byHandle = await connect('modern', 'client-c', { 'dapgate-workspace': handle });
        try {
          const evaluated = await call(byHandle.client, 'debug_evaluate', { expression: 'v * 10' });
          assert.ok(!evaluated.isError, evaluated.text);
          assert.match(evaluated.text, /\b10\b/);
        } finally {
          await byHandle.client.close();
        }
        await call(a.client, 'debug_stop');
      } finally {
        await a.client.close();
        await other.client.close();
      }
    });

    test('the Inspector CLI in its modern era lists tools and debugs a Python program over HTTP and stdio', async () => {
      await connect('modern'); // starts the server
      const inspector = join(repoRoot, 'node_modules', '.bin', 'mcp-inspector');
      const run = async (target: string[], method: string, ...rest: string[]) => {
        const { stdout } = await promisify(execFile)(inspector, ['--cli', '--protocol-era', 'modern', ...target, '--method', method, ...rest], {
          timeout: 90_000,
          env: { ...process.env, DAPGATE_STATE_DIR: freshStateDir() },
        });
        return JSON.parse(stdout);
      };
      const bp = JSON.stringify([{ file: quick, line: stopLine }]);
      for (const target of [[url, '--transport', 'http', '--header', `Authorization: Bearer ${TOKEN}`], [process.execPath, binPath]]) {
        const tools = await run(target, 'tools/list');
        assert.ok(tools.tools.some((t: any) => t.name === 'debug_launch'), JSON.stringify(tools).slice(0, 300));
        const launched = await run(target, 'tools/call', '--tool-name', 'debug_launch', '--tool-arg', `program=${quick}`, `breakpoints=${bp}`);
        assert.equal(launched.structuredContent?.state, 'stopped', JSON.stringify(launched).slice(0, 500));
        if (target[0] === url) {
          // a later CLI run is the same client: its workspace still has the session
          const evaluated = await run(target, 'tools/call', '--tool-name', 'debug_evaluate', '--tool-arg', 'expression=v * 10');
          assert.ok(!evaluated.isError, JSON.stringify(evaluated));
          await run(target, 'tools/call', '--tool-name', 'debug_stop');
        }
      }
    });
  });
});
