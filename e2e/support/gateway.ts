import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const binPath = join(repoRoot, 'packages', 'mcp', 'bin', 'dapgate.mjs');
export const pyExample = (name: string) => join(repoRoot, 'examples', 'python', name);

export interface ToolReply {
  text: string;
  structured: Record<string, any>;
  isError: boolean;
}

const stateRoot = join(tmpdir(), `dapgate-e2e-state-${process.pid}`);
let stateDirs = 0;
process.on('exit', () => rmSync(stateRoot, { recursive: true, force: true }));

/** A fresh folder for a gateway's workspace state, so no test sees breakpoints another one left. */
export function freshStateDir(): string {
  const dir = join(stateRoot, `g${++stateDirs}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A real MCP client talking to a real `dapgate` over stdio. */
export class Gateway {
  readonly client = new Client({ name: 'dapgate-e2e', version: '1.0.0' });
  transport!: StdioClientTransport;
  stderr = '';

  static async start(env: Record<string, string> = {}, args: string[] = [], cwd?: string): Promise<Gateway> {
    const g = await Gateway.connect(env, args, cwd);
    // the client now checks every structuredContent against the tool's outputSchema
    await g.client.listTools();
    return g;
  }

  /** Started and initialized, tools not listed yet (the client checks no output schema until they are). */
  static async connect(env: Record<string, string> = {}, args: string[] = [], cwd?: string): Promise<Gateway> {
    const g = new Gateway();
    g.transport = new StdioClientTransport({
      command: process.execPath,
      args: [binPath, ...args],
      cwd,
      env: { ...(process.env as Record<string, string>), DAPGATE_STATE_DIR: freshStateDir(), ...env },
      stderr: 'pipe',
    });
    g.transport.stderr?.on('data', (c: Buffer) => (g.stderr += c.toString()));
    await g.client.connect(g.transport);
    return g;
  }

  get pid(): number | undefined {
    return this.transport.pid ?? undefined;
  }

  async call(name: string, args: Record<string, unknown> = {}, timeoutMs = 90_000): Promise<ToolReply> {
    const r = (await this.client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs })) as {
      content: { type: string; text: string }[];
      structuredContent?: Record<string, any>;
      isError?: boolean;
    };
    return { text: r.content.map((c) => c.text).join('\n'), structured: r.structuredContent ?? {}, isError: !!r.isError };
  }

  /** Calls a tool that must succeed; a failure shows the tool's own text. */
  async ok(name: string, args: Record<string, unknown> = {}, timeoutMs?: number): Promise<ToolReply> {
    const r = await this.call(name, args, timeoutMs);
    if (r.isError) throw new Error(`${name} failed: ${r.text}`);
    return r;
  }

  /** Closes the client (the gateway then exits); throws when the gateway printed a process warning. */
  async close(): Promise<void> {
    await this.client.close();
    const warnings = processWarnings(this.stderr);
    if (warnings.length) throw new Error(`the gateway printed process warnings:\n${warnings.join('\n')}`);
  }
}

/** Node's process warnings in a process's stderr (`(node:123) MaxListenersExceededWarning: ...`): each is a defect. */
export function processWarnings(stderr: string): string[] {
  return stderr.split('\n').filter((l) => /^\(node:\d+\) \[?\w*Warning\b/.test(l) || /^\(node:\d+\) \[DEP\d+\]/.test(l));
}

/** 1-based line of the first line containing `text` in a file. */
export function lineOf(file: string, text: string): number {
  const n = readFileSync(file, 'utf8').split('\n').findIndex((l: string) => l.includes(text));
  if (n < 0) throw new Error(`'${text}' not in ${file}`);
  return n + 1;
}


export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns true or `timeoutMs` passes. */
export async function eventually(probe: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 100): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await probe()) return true;
    await sleep(stepMs);
  }
  return probe();
}
