import { VERSION } from './version.js';
import { dropConstructorArgument } from './incoming.js';

/**
 * Answers MCP `initialize` over stdio before the MCP SDK has loaded (evaluating its schemas costs
 * more than Node's own start), then hands the stream to the SDK server, replaying the initialize
 * request so the server knows the client; the server's own answer to it is compared and dropped.
 * A client of MCP 2026-07-28 opens with `server/discover` (or any request carrying the protocol
 * version in `_meta`) instead: that waits for the SDK. Deliberately imports nothing heavy.
 */

declare const __MCP_LATEST__: string;
declare const __MCP_SUPPORTED__: string[];
const LATEST = typeof __MCP_LATEST__ === 'string' ? __MCP_LATEST__ : '2025-06-18';
const SUPPORTED = typeof __MCP_SUPPORTED__ === 'object' ? __MCP_SUPPORTED__ : [LATEST];

export const SERVER_INSTRUCTIONS = `dapgate drives real debuggers. Typical flow: debug_launch {program, breakpoints:[{file,line}]} stops at the first breakpoint and shows source, locals and stack; then debug_step / debug_continue / debug_variables {path} / debug_evaluate. Breakpoints are gateway-wide and survive sessions. sessionId defaults to the most recent live session. Every wait is bounded by timeoutMs.`;

/** What the SDK's McpServer answers to initialize with the tools dapgate registers. */
export function initializeResult(requested: unknown) {
  return {
    protocolVersion: typeof requested === 'string' && SUPPORTED.includes(requested) ? requested : LATEST,
    capabilities: { tools: { listChanged: true }, resources: { listChanged: true, subscribe: true }, prompts: { listChanged: true } },
    serverInfo: { name: 'dapgate', version: VERSION },
    instructions: SERVER_INSTRUCTIONS,
  };
}

type JsonRpc = { jsonrpc: '2.0'; id?: string | number; method?: string; params?: Record<string, unknown>; result?: unknown };

/** A minimal MCP Transport (the SDK's interface) over this process's stdin/stdout, newline-delimited. */
export class FastStdioTransport {
  onmessage?: (message: JsonRpc) => void;
  onclose?: () => void;
  onerror?: (error: Error) => void;
  private buffer = '';
  private queue: JsonRpc[] = [];
  private started = false;
  private earlyInitId: string | number | undefined;
  private earlyInit: unknown;
  /** Set when the SDK's own initialize answer differs from ours (a test checks it stays unset). */
  mismatch: string | undefined;
  /** Called once, after the first answer to a request other than initialize has been written (tools/list, usually). */
  onFirstAnswer?: () => void;

  constructor() {
    process.stdin.on('data', (chunk: Buffer) => this.onData(chunk));
    process.stdin.on('end', () => this.onclose?.());
    process.stdin.on('error', (e) => this.onerror?.(e));
  }

  private onData(chunk: Buffer): void {
    this.buffer += chunk.toString('utf8');
    for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, '');
      this.buffer = this.buffer.slice(nl + 1);
      if (!line.trim()) continue;
      let message: JsonRpc;
      try {
        message = JSON.parse(line);
      } catch (e) {
        this.onerror?.(new Error(`invalid JSON-RPC line: ${(e as Error).message}`));
        continue;
      }
      dropConstructorArgument(message);
      if (!this.started) {
        if (message.method === 'initialize' && message.id !== undefined && this.earlyInitId === undefined) {
          this.earlyInitId = message.id;
          this.earlyInit = initializeResult(message.params?.protocolVersion);
          this.write({ jsonrpc: '2.0', id: message.id, result: this.earlyInit });
        }
        this.queue.push(message);
      } else this.onmessage?.(message);
    }
  }

  async start(): Promise<void> {
    this.started = true;
    for (const m of this.queue.splice(0)) this.onmessage?.(m);
  }

  async send(message: JsonRpc): Promise<void> {
    if (this.earlyInitId !== undefined && message.id === this.earlyInitId && 'result' in message) {
      this.earlyInitId = undefined;
      const ours = JSON.stringify(this.earlyInit);
      const theirs = JSON.stringify(message.result);
      if (ours !== theirs) this.mismatch = `early initialize answer ${ours} differs from the SDK's ${theirs}`;
      return;
    }
    this.write(message);
    if (message.id !== undefined && !message.method && this.onFirstAnswer) {
      const first = this.onFirstAnswer;
      this.onFirstAnswer = undefined;
      first();
    }
  }

  async close(): Promise<void> {
    this.onclose?.();
  }

  private write(message: unknown): void {
    process.stdout.write(`${JSON.stringify(message)}\n`);
  }
}
