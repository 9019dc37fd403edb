/** The adapter answered a request with success=false. */
export class DapRequestError extends Error {
  constructor(
    readonly command: string,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'DapRequestError';
  }
}

/** The adapter did not answer a request within its timeout. */
export class DapTimeoutError extends Error {
  constructor(
    readonly command: string,
    readonly timeoutMs: number,
  ) {
    super(`the debug adapter did not answer '${command}' within ${timeoutMs} ms`);
    this.name = 'DapTimeoutError';
  }
}

/** The connection closed (adapter exited, socket ended) while a request was pending or was sent. */
export class DapClosedError extends Error {
  constructor(
    readonly command: string,
    reason: string,
  ) {
    super(`connection to the debug adapter closed before '${command}' was answered: ${reason}`);
    this.name = 'DapClosedError';
  }
}

/** The caller gave up on a request (MCP cancellation). */
export class DapAbortedError extends Error {
  constructor(readonly command: string) {
    super(`request '${command}' was cancelled`);
    this.name = 'DapAbortedError';
  }
}
