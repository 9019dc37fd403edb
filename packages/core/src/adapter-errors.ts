/**
 * How a request to a debug adapter can fail, as core hands it to front ends: the adapter refused it
 * (its own message), did not answer in time, or its connection closed. Front ends import these
 * from core, never from the wire package (@dapgate/dap), which stays core's own business. Core's
 * own code uses these names too, so this is the one file that names the wire package's errors.
 * (Its DapAbortedError is not here: core passes no AbortSignal to a request, so none is thrown.)
 */
export {
  DapRequestError as AdapterRefusedError,
  DapTimeoutError as AdapterTimeoutError,
  DapClosedError as AdapterClosedError,
} from '@dapgate/dap';
