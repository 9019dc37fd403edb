import { EventEmitter } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { MessageReader, encodeMessage } from './framing.js';
import { DapAbortedError, DapClosedError, DapRequestError, DapTimeoutError } from './errors.js';
import { TrafficLog } from './traffic.js';

export interface RequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

// Each reverse request (runInTerminal, startDebugging) has its own argument shape; handlers name it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ReverseRequestHandler = (args: any, request: DebugProtocol.Request) => Promise<unknown> | unknown;

interface Pending {
  command: string;
  sentAt: number;
  resolve: (response: DebugProtocol.Response) => void;
  reject: (error: Error) => void;
  cleanup: () => void;
}

export interface PendingRequestInfo {
  seq: number;
  command: string;
  ageMs: number;
}

export interface DapConnectionEvents {
  event: [DebugProtocol.Event];
  close: [string];
  protocolError: [Error];
}

/**
 * One DAP connection: sends requests and correlates responses (each with a timeout and an optional
 * AbortSignal), emits events, answers reverse requests. When the connection closes, every pending
 * request is rejected: nothing waits forever.
 */
export class DapConnection extends EventEmitter<DapConnectionEvents> {
  readonly traffic = new TrafficLog();
  private seq = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly reverseHandlers = new Map<string, ReverseRequestHandler>();
  private closedReason: string | undefined;
  /** When the last request was sent (Date.now()), 0 before the first. */
  lastRequestAt = 0;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly defaultTimeoutMs = 10_000,
  ) {
    super();
    const reader = new MessageReader(
      (m) => this.dispatch(m),
      (e) => this.emit('protocolError', e),
    );
    input.on('data', (chunk: Buffer) => reader.push(chunk));
    input.on('end', () => this.close('the adapter closed its output'));
    input.on('error', (e) => this.close(`read error: ${e.message}`));
    output.on('error', (e) => this.close(`write error: ${e.message}`));
  }

  get closed(): boolean {
    return this.closedReason !== undefined;
  }

  onReverseRequest(command: string, handler: ReverseRequestHandler): void {
    this.reverseHandlers.set(command, handler);
  }

  pendingRequests(): PendingRequestInfo[] {
    const now = Date.now();
    return [...this.pending.entries()].map(([seq, p]) => ({ seq, command: p.command, ageMs: now - p.sentAt }));
  }

  request<R extends DebugProtocol.Response = DebugProtocol.Response>(
    command: string,
    args?: unknown,
    options: RequestOptions = {},
  ): Promise<R> {
    if (this.closedReason !== undefined) return Promise.reject(new DapClosedError(command, this.closedReason));
    if (options.signal?.aborted) return Promise.reject(new DapAbortedError(command));
    const seq = this.seq++;
    this.lastRequestAt = Date.now();
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        cleanup();
        reject(new DapTimeoutError(command, timeoutMs));
      }, timeoutMs);
      const onAbort = () => {
        this.pending.delete(seq);
        cleanup();
        reject(new DapAbortedError(command));
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => {
        clearTimeout(timer);
        options.signal?.removeEventListener('abort', onAbort);
      };
      this.pending.set(seq, { command, sentAt: Date.now(), resolve: resolve as (r: DebugProtocol.Response) => void, reject, cleanup });
      const request: DebugProtocol.Request = { seq, type: 'request', command, arguments: args };
      this.send(request);
    });
  }

  /** Closes the connection and rejects everything pending. Idempotent. */
  close(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    for (const [seq, p] of this.pending) {
      this.pending.delete(seq);
      p.cleanup();
      p.reject(new DapClosedError(p.command, reason));
    }
    this.input.removeAllListeners('data');
    this.output.end?.();
    this.emit('close', reason);
  }

  private send(message: DebugProtocol.ProtocolMessage): void {
    this.traffic.record('out', message);
    try {
      this.output.write(encodeMessage(message));
    } catch (e) {
      this.close(`write failed: ${(e as Error).message}`);
    }
  }

  private dispatch(message: DebugProtocol.ProtocolMessage): void {
    this.traffic.record('in', message);
    if (message.type === 'response') {
      const response = message as DebugProtocol.Response;
      const p = this.pending.get(response.request_seq);
      if (!p) return;
      this.pending.delete(response.request_seq);
      p.cleanup();
      if (response.success) p.resolve(response);
      else {
        const detail = (response.body as DebugProtocol.ErrorResponse['body'] | undefined)?.error;
        const text = detail?.format ? formatErrorTemplate(detail.format, detail.variables) : response.message || 'request failed';
        p.reject(new DapRequestError(response.command, text, response.body));
      }
    } else if (message.type === 'event') {
      this.emit('event', message as DebugProtocol.Event);
    } else if (message.type === 'request') {
      void this.answerReverseRequest(message as DebugProtocol.Request);
    }
  }

  private async answerReverseRequest(request: DebugProtocol.Request): Promise<void> {
    const handler = this.reverseHandlers.get(request.command);
    const response: DebugProtocol.Response = {
      seq: 0, // taken when sent: the handler may take a while, and seqs go out in increasing order
      type: 'response',
      request_seq: request.seq,
      command: request.command,
      success: true,
    };
    if (!handler) {
      response.success = false;
      response.message = `dapgate does not handle the reverse request '${request.command}'`;
    } else {
      try {
        response.body = await handler(request.arguments, request);
      } catch (e) {
        response.success = false;
        response.message = (e as Error).message;
      }
    }
    if (!this.closed) this.send({ ...response, seq: this.seq++ });
  }
}

function formatErrorTemplate(format: string, variables?: Record<string, string>): string {
  return format.replace(/\{(\w+)\}/g, (_, name: string) => variables?.[name] ?? `{${name}}`);
}
