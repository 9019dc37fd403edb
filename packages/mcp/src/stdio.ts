import { serveStdio as serveMcpStdio } from '@modelcontextprotocol/server/stdio';
import { VERSION } from './version.js';
import { Gateway, type GatewayOptions } from './gateway.js';
import type { FastStdioTransport } from './fast-stdio.js';

/** The adapters are looked up ahead after the client's first answer past initialize, or this long after start. */
const LOOK_UP_AHEAD_AFTER_MS = 1_000;

/**
 * Serves MCP over stdio until stdin closes or a signal arrives; then ends every session. The
 * client's opening picks the protocol: `initialize` (2025-11-25 and earlier) or the 2026-07-28
 * opening (`server/discover`, the version in each request's `_meta`); either way one workspace,
 * the gateway's own.
 */
export async function serveStdio(options: GatewayOptions, transport: FastStdioTransport): Promise<Gateway> {
  const gateway = new Gateway(options);
  gateway.handleSignals();
  options.logger.info(`dapgate ${VERSION} serving MCP on stdio`);
  await gateway.keepState();
  serveMcpStdio(({ era }) => gateway.newServer(gateway.manager, era === 'legacy'), {
    legacy: 'serve',
    transport: transport as never,
    onerror: (e) => options.logger.warn(`mcp: ${e.message}`),
  });
  transport.onFirstAnswer = () => setImmediate(() => gateway.lookUpAhead());
  setTimeout(() => gateway.lookUpAhead(), LOOK_UP_AHEAD_AFTER_MS).unref(); // a client that asks nothing at first
  const closeMcp = transport.onclose;
  transport.onclose = () => {
    closeMcp?.();
    void gateway.shutdown('stdin closed');
  };
  if (process.stdin.readableEnded) void gateway.shutdown('stdin closed');
  if (process.env.DAPGATE_CHECK_EARLY_INIT) {
    setTimeout(() => transport.mismatch && options.logger.error(transport.mismatch), 1_000).unref();
  }
  return gateway;
}
