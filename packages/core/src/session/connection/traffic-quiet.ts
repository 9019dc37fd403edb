import type { DapConnection } from '@dapgate/dap';

/**
 * How long the adapters the pool handed out have been quiet: no request pending on any of them
 * and none sent for that many milliseconds. Closed connections drop out.
 */
export class TrafficQuiet {
  private readonly connections = new Set<DapConnection>();

  watch(connection: DapConnection): void {
    if (connection.closed) return;
    this.connections.add(connection);
    connection.once('close', () => this.connections.delete(connection));
  }

  /** Milliseconds since the last request was sent; 0 while one is pending. */
  quietMs(now = Date.now()): number {
    let last = 0;
    for (const c of this.connections) {
      if (c.pendingRequests().length) return 0;
      last = Math.max(last, c.lastRequestAt);
    }
    return now - last;
  }
}
