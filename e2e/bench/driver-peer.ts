import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cacheDir } from '@dapgate/core';
import type { Driver, Stop } from './driver.js';

/** The peer MCP debugging server the bench compares against, pinned. */
export const PEER = '@debugmcp/mcp-debugger@0.24.2';

/**
 * Installs the peer into a scratch folder in dapgate's cache (kept between runs: the package is
 * ~56 MB packed) and returns its CLI entry.
 */
export function installPeer(log: (line: string) => void): string {
  const dir = join(cacheDir(), 'bench', PEER.replace(/[@/]/g, '_'));
  const cli = join(dir, 'node_modules', '@debugmcp', 'mcp-debugger', 'dist', 'cli.mjs');
  const pkg = join(dir, 'node_modules', '@debugmcp', 'mcp-debugger', 'package.json');
  const version = PEER.split('@').pop();
  if (existsSync(cli) && JSON.parse(readFileSync(pkg, 'utf8')).version === version) return cli;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{"private": true}\n');
  log(`installing ${PEER} into ${dir}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--omit=dev', '--loglevel=error', PEER], { cwd: dir, encoding: 'utf8', timeout: 600_000 });
  if (r.status !== 0 || !existsSync(cli)) throw new Error(`npm install ${PEER} failed: ${(r.stderr || r.stdout || String(r.error)).trim().slice(-800)}`);
  return cli;
}

/** A running peer server over stdio with the MCP SDK client (one process for all runs, like an agent's). */
export class PeerServer {
  readonly client = new Client({ name: 'dapgate-bench', version: '1' });
  private constructor() {}

  static async start(cli: string): Promise<PeerServer> {
    const p = new PeerServer();
    await p.client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'stdio'], stderr: 'ignore' }));
    return p;
  }

  async call(name: string, args: Record<string, unknown>): Promise<{ text: string; json: any }> {
    const r = (await this.client.callTool({ name, arguments: args }, undefined, { timeout: 90_000 })) as { content: { text?: string }[]; isError?: boolean };
    const text = r.content.map((c) => c.text ?? '').join('\n');
    let json: any;
    try {
      json = JSON.parse(text);
    } catch {
      json = {};
    }
    if (r.isError || json.success === false) throw new Error(`${name}: ${text.slice(0, 400)}`);
    return { text, json };
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

/**
 * The fewest peer calls that give what dapgate's answers give: create a session, set the
 * breakpoint, start, then get_local_variables (which names the frame and line); step_over tells
 * the new line, a second get_local_variables the locals there.
 */
export class PeerDriver implements Driver {
  readonly name = 'mcp-debugger';
  calls = 0;
  chars = 0;
  private sessionId?: string;
  constructor(
    private readonly peer: PeerServer,
    private readonly language: 'python' | 'javascript',
    private readonly executablePath?: string,
  ) {}

  private async call(name: string, args: Record<string, unknown>) {
    this.calls++;
    const r = await this.peer.call(name, args);
    this.chars += r.text.length;
    return r.json;
  }

  private async locals(): Promise<Stop> {
    const v = await this.call('get_local_variables', { sessionId: this.sessionId });
    return { line: v.frame?.line, locals: Object.fromEntries((v.variables ?? []).map((x: any) => [x.name, x.value])) };
  }

  async firstStop(program: string, line: number): Promise<Stop> {
    const created = await this.call('create_debug_session', { language: this.language, ...(this.executablePath ? { executablePath: this.executablePath } : {}) });
    this.sessionId = created.sessionId;
    await this.call('set_breakpoint', { sessionId: this.sessionId, file: program, line });
    const started = await this.call('start_debugging', { sessionId: this.sessionId, scriptPath: program });
    if (started.state !== 'paused') throw new Error(`start_debugging: state ${started.state}`);
    return this.locals();
  }

  async step(): Promise<Stop> {
    const r = await this.call('step_over', { sessionId: this.sessionId });
    const where = await this.locals();
    return { line: r.location?.line ?? where.line, locals: where.locals };
  }

  async evaluate(expression: string): Promise<string> {
    return (await this.call('evaluate_expression', { sessionId: this.sessionId, expression })).result;
  }

  async stop(): Promise<void> {
    if (this.sessionId) await this.call('close_debug_session', { sessionId: this.sessionId });
    this.sessionId = undefined;
  }
}
