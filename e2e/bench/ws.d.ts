// The part of the `ws` package's API the bench scripts use (ws ships no types; @types/ws would be
// one more dev dependency for one script).
declare module 'ws' {
  import { EventEmitter } from 'node:events';
  export default class WebSocket extends EventEmitter {
    constructor(url: string, options?: { perMessageDeflate?: boolean });
    send(data: string): void;
    close(): void;
  }
}
