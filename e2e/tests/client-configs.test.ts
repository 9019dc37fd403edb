// Every client configuration in examples/mcp-clients is read as its client would read it, and the
// server it names is started (the local bin stands in for `npx -y dapgate`) or, for HTTP, reached
// at its URL with its Authorization header against a running `dapgate --http`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, waitForPort } from '@dapgate/dap';
import { binPath, repoRoot } from '../support/gateway.js';

const dir = join(repoRoot, 'examples', 'mcp-clients');
const TOKEN = 'client-configs-token-0123456789';
/** The ways the examples leave the token to the user; each is replaced by the test's token. */
const TOKEN_PLACEHOLDERS = ['${env:DAPGATE_HTTP_TOKEN}', '${input:dapgate-token}', '${DAPGATE_HTTP_TOKEN}', 'REPLACE_WITH_YOUR_DAPGATE_HTTP_TOKEN'];

interface StdioServer {
  command: string;
  args: string[];
}
interface HttpServer {
  url: string;
  authorization: string;
}

/** The dapgate entry of a JSON config: `mcpServers` (Cursor, Claude Desktop, Windsurf, Cline) or VS Code's `servers`. */
function entryOf(file: string): Record<string, any> {
  const json = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const entry = file.startsWith('vscode') ? json.servers?.dapgate : json.mcpServers?.dapgate;
  assert.ok(entry, `${file}: no dapgate entry under ${file.startsWith('vscode') ? 'servers' : 'mcpServers'}`);
  if (file.startsWith('vscode')) assert.ok(['stdio', 'http'].includes(entry.type), `${file}: VS Code needs "type": "stdio" or "http"`);
  return entry;
}

/** Splits a shell line into words, honouring double quotes (enough for these one-line scripts). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

/** The `claude mcp add ...` line of a script, checked to register for the user (every project). */
function claudeAdd(file: string): string[] {
  const line = readFileSync(join(dir, file), 'utf8').split('\n').find((l) => l.startsWith('claude mcp add'));
  assert.ok(line, `${file}: no claude mcp add line`);
  const words = shellWords(line);
  const scope = words.indexOf('-s');
  assert.equal(words[scope + 1], 'user', `${file}: must register with -s user: ${line}`);
  return words;
}

function stdioServer(file: string): StdioServer {
  if (file.endsWith('.sh')) {
    const words = claudeAdd(file);
    const dash = words.indexOf('--');
    assert.ok(dash > 0, `${file}: the command follows --`);
    return { command: words[dash + 1]!, args: words.slice(dash + 2) };
  }
  const entry = entryOf(file);
  return { command: entry.command, args: entry.args };
}

function httpServer(file: string): HttpServer {
  if (file.endsWith('.sh')) {
    const words = claudeAdd(file);
    assert.equal(words[words.indexOf('--transport') + 1], 'http', `${file}: --transport http`);
    const header = words[words.indexOf('--header') + 1]!;
    const [name, value] = [header.slice(0, header.indexOf(':')), header.slice(header.indexOf(':') + 1).trim()];
    assert.equal(name, 'Authorization');
    return { url: words.find((w) => w.startsWith('http://'))!, authorization: value };
  }
  const entry = entryOf(file);
  if (entry.command) {
    // Claude Desktop reaches HTTP servers through the mcp-remote bridge: URL and --header in args
    assert.deepEqual(entry.args.slice(0, 2), ['-y', 'mcp-remote'], `${file}: ${JSON.stringify(entry.args)}`);
    const header: string = entry.args[entry.args.indexOf('--header') + 1].replace(/\$\{(\w+)\}/g, (_: string, v: string) => entry.env?.[v] ?? '');
    assert.match(header, /^Authorization:/);
    return { url: entry.args[2], authorization: header.slice('Authorization:'.length).trim() };
  }
  const url = entry.serverUrl ?? entry.url;
  assert.ok(url, `${file}: no url`);
  return { url, authorization: entry.headers?.Authorization };
}

const files = readdirSync(dir).sort();
const httpFiles = files.filter((f) => f.includes('-http'));
const stdioFiles = files.filter((f) => !f.includes('-http'));

async function listToolNames(client: Client): Promise<string[]> {
  const { tools } = await client.listTools();
  return tools.map((t) => t.name);
}

describe('MCP client configurations in examples/mcp-clients', () => {
  test('each client has a stdio and an HTTP example', () => {
    for (const client of ['cursor', 'claude_desktop_config', 'claude-code', 'vscode', 'windsurf', 'cline_mcp_settings']) {
      assert.ok(stdioFiles.some((f) => f.startsWith(client)), `no stdio example for ${client}`);
      assert.ok(httpFiles.some((f) => f.startsWith(client)), `no HTTP example for ${client}`);
    }
  });

  for (const file of stdioFiles) {
    test(`${file}: starts dapgate over stdio with npx -y dapgate`, async () => {
      const server = stdioServer(file);
      assert.equal(server.command, 'npx', file);
      assert.deepEqual(server.args, ['-y', 'dapgate'], file);
      const client = new Client({ name: `config-${file}`, version: '1.0.0' });
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [binPath], env: process.env as Record<string, string>, stderr: 'ignore' }));
      try {
        assert.ok((await listToolNames(client)).includes('debug_launch'));
      } finally {
        await client.close();
      }
    });
  }

  describe('HTTP', () => {
    let gateway: ChildProcess | undefined;
    let port = 0;
    before(async () => {
      port = await freePort();
      gateway = spawn(process.execPath, [binPath, '--http', `127.0.0.1:${port}`], { env: { ...process.env, DAPGATE_HTTP_TOKEN: TOKEN }, stdio: 'ignore' });
      assert.ok(await waitForPort('127.0.0.1', port, Date.now() + 15_000), 'the HTTP gateway listens');
    });
    after(() => gateway?.kill('SIGTERM'));

    for (const file of httpFiles) {
      test(`${file}: reaches dapgate --http at its URL with its bearer header`, async () => {
        const server = httpServer(file);
        const url = new URL(server.url);
        assert.equal(url.pathname, '/mcp', `${file}: ${server.url}`);
        assert.equal(url.port, '7070', `${file}: the examples use the README's 127.0.0.1:7070`);
        const placeholder = TOKEN_PLACEHOLDERS.find((p) => server.authorization?.includes(p));
        assert.ok(placeholder && server.authorization.startsWith('Bearer '), `${file}: Authorization must be "Bearer <token>": ${server.authorization}`);
        url.port = String(port);
        const client = new Client({ name: `config-${file}`, version: '1.0.0' });
        const authorization = server.authorization.replace(placeholder, TOKEN);
        await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization } } }));
        try {
          assert.ok((await listToolNames(client)).includes('debug_launch'));
        } finally {
          await client.close();
        }
      });
    }
  });
});
