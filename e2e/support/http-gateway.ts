import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { freePort, waitForPort } from '@dapgate/dap';
import { binPath, freshStateDir, processWarnings, type ToolReply } from './gateway.js';

export const HTTP_TOKEN = 'test-token-0123456789abcdef';

/** A `dapgate --http` process on a free loopback port. */
export class HttpGateway {
  /** What the gateway printed on stderr (its log and any process warning). */
  stderr = '';

  private constructor(
    readonly process: ChildProcess,
    readonly url: string,
  ) {
    process.stderr?.on('data', (c: Buffer) => (this.stderr += c.toString()));
  }

  static async start(args: string[] = [], env: Record<string, string> = {}): Promise<HttpGateway> {
    const port = await freePort();
    const child = spawn(process.execPath, [binPath, '--http', `127.0.0.1:${port}`, ...args], { env: { ...process.env, DAPGATE_HTTP_TOKEN: HTTP_TOKEN, DAPGATE_STATE_DIR: freshStateDir(), ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    if (!(await waitForPort('127.0.0.1', port, Date.now() + 15_000))) throw new Error('the HTTP gateway did not listen within 15 s');
    return new HttpGateway(child, `http://127.0.0.1:${port}/mcp`);
  }

  /** A real MCP client; `workspace` sends that handle back (Dapgate-Workspace). */
  async client(workspace?: string): Promise<HttpClient> {
    const c = new HttpClient();
    const headers: Record<string, string> = { authorization: `Bearer ${HTTP_TOKEN}` };
    if (workspace) headers['dapgate-workspace'] = workspace;
    const recording: typeof fetch = async (input, init) => {
      const r = await fetch(input, init);
      c.workspace = r.headers.get('dapgate-workspace') ?? c.workspace;
      return r;
    };
    c.transport = new StreamableHTTPClientTransport(new URL(this.url), { requestInit: { headers }, fetch: recording });
    await c.client.connect(c.transport);
    return c;
  }

  /** Stops the gateway; throws when it printed a process warning (a leaked listener, a deprecation). */
  stop(): void {
    this.process.kill('SIGTERM');
    const warnings = processWarnings(this.stderr);
    if (warnings.length) throw new Error(`the HTTP gateway printed process warnings:\n${warnings.join('\n')}`);
  }
}

export class HttpClient {
  readonly client = new Client({ name: 'dapgate-e2e-http', version: '1.0.0' });
  transport!: StreamableHTTPClientTransport;
  /** The workspace handle the gateway sent back. */
  workspace: string | undefined;

  async call(name: string, args: Record<string, unknown> = {}, timeoutMs = 90_000): Promise<ToolReply> {
    const r = (await this.client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs })) as {
      content: { type: string; text: string }[];
      structuredContent?: Record<string, any>;
      isError?: boolean;
    };
    return { text: r.content.map((c) => c.text).join('\n'), structured: r.structuredContent ?? {}, isError: !!r.isError };
  }

  async ok(name: string, args: Record<string, unknown> = {}, timeoutMs?: number): Promise<ToolReply> {
    const r = await this.call(name, args, timeoutMs);
    if (r.isError) throw new Error(`${name} failed: ${r.text}`);
    return r;
  }

  close(): Promise<void> {
    return this.client.close();
  }
}
