/**
 * An error meant for the agent: what went wrong and what to do next. Tools turn it into an
 * `isError` result with both parts.
 */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}
