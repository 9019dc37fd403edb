import { VERSION } from './version.js';
import { Gateway, type GatewayOptions } from './gateway.js';
import type { FastStdioTransport } from './fast-stdio.js';
import { guardIncoming } from './incoming.js';

/** Serves MCP over stdio until stdin closes or a signal arrives; then ends every session. */
export async function serveStdio(options: GatewayOptions, transport: FastStdioTransport): Promise<Gateway> {
  const gateway = new Gateway(options);
  gateway.handleSignals();
  options.logger.info(`dapgate ${VERSION} serving MCP on stdio`);
  await gateway.keepState();
  await gateway.newServer().connect(transport as never);
  guardIncoming(transport as never);
  transport.onclose = () => void gateway.shutdown('stdin closed');
  if (process.stdin.readableEnded) void gateway.shutdown('stdin closed');
  if (process.env.DAPGATE_CHECK_EARLY_INIT) {
    setTimeout(() => transport.mismatch && options.logger.error(transport.mismatch), 1_000).unref();
  }
  return gateway;
}
