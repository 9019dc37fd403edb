import type { DebugProtocol } from '@vscode/debugprotocol';

const HEADER_END = '\r\n\r\n';

/** Encodes one DAP message with its Content-Length header. */
export function encodeMessage(message: DebugProtocol.ProtocolMessage): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}${HEADER_END}`, 'ascii'), body]);
}

/**
 * Splits a byte stream into DAP messages. Survives frames split across chunks and several frames
 * coalesced in one chunk. A frame that is not valid (no Content-Length, bad JSON) is reported to
 * `onError` and skipped; the reader keeps going with the next header.
 */
export class MessageReader {
  private buffer: Buffer = Buffer.alloc(0);
  private expected = -1;
  /** Chunks of a body still arriving, joined once it is complete (joining on every chunk is quadratic on a large event). */
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  constructor(
    private readonly onMessage: (message: DebugProtocol.ProtocolMessage) => void,
    private readonly onError: (error: Error) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.expected >= 0 && this.buffer.length + this.pendingBytes + chunk.length < this.expected) {
      this.pending.push(chunk);
      this.pendingBytes += chunk.length;
      return;
    }
    this.buffer = Buffer.concat([this.buffer, ...this.pending, chunk]);
    this.pending = [];
    this.pendingBytes = 0;
    for (;;) {
      if (this.expected < 0) {
        const end = this.buffer.indexOf(HEADER_END);
        if (end < 0) return;
        const header = this.buffer.subarray(0, end).toString('ascii');
        this.buffer = this.buffer.subarray(end + HEADER_END.length);
        const match = /Content-Length:\s*(\d+)/i.exec(header);
        if (!match) {
          this.onError(new Error(`DAP frame without Content-Length header: ${JSON.stringify(header.slice(0, 200))}`));
          continue;
        }
        this.expected = Number(match[1]);
      }
      if (this.buffer.length < this.expected) return;
      const body = this.buffer.subarray(0, this.expected).toString('utf8');
      this.buffer = this.buffer.subarray(this.expected);
      this.expected = -1;
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch (e) {
        this.onError(new Error(`DAP frame with invalid JSON (${(e as Error).message}): ${body.slice(0, 200)}`));
        continue;
      }
      if (!parsed || typeof parsed !== 'object' || typeof (parsed as { type?: unknown }).type !== 'string') {
        this.onError(new Error(`DAP frame is not a protocol message: ${body.slice(0, 200)}`));
        continue;
      }
      this.onMessage(parsed as DebugProtocol.ProtocolMessage);
    }
  }
}
