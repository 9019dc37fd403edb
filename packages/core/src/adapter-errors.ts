/**
 * How a request to a debug adapter can fail: the adapter refused it (its own message), did not
 * answer in time, or its connection closed. Core's own code uses these names; this is the one file
 * that names the wire package's errors. Front ends get them mapped once, here, into GatewayErrors
 * (`adapterFailure`): packages/mcp imports nothing from @dapgate/dap and words only codes.
 * (Its DapAbortedError is not here: core passes no AbortSignal to a request, so none is thrown.)
 */
import { DapClosedError, DapRequestError, DapTimeoutError } from '@dapgate/dap';
import { GatewayError } from './errors.js';

export { DapRequestError as AdapterRefusedError, DapTimeoutError as AdapterTimeoutError, DapClosedError as AdapterClosedError };

/**
 * An adapter's failure as the GatewayError a front end words (its code and next step); anything
 * else: undefined. A session's own requests are mapped with more of what is known of the session
 * (Session.send); this is for what reaches a front end without that.
 */
export function adapterFailure(e: unknown): GatewayError | undefined {
  if (e instanceof DapRequestError) return new GatewayError(`The debugger refused '${e.command}': ${e.message}`, undefined, 'adapter-refused');
  if (e instanceof DapTimeoutError) return new GatewayError(e.message, undefined, { code: 'request-timeout', next: 'status-and-pending' });
  if (e instanceof DapClosedError) return new GatewayError(e.message, undefined, { code: 'adapter-closed', next: 'status-or-new-session' });
  return undefined;
}
