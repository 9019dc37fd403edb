import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { loadProfiles, ProfileRegistry, SessionManager, type EvalMode } from '@dapgate/core';
export { EVAL_MODES } from '@dapgate/core';
import { registerSessionTools } from './tools/session-tools.js';
import { registerBreakpointTools } from './tools/breakpoint-tools.js';
import { registerExecutionTools } from './tools/execution-tools.js';
import { registerInspectTools } from './tools/inspect-tools.js';
import { registerLogTools } from './tools/log-tools.js';
import { registerSourceTools } from './tools/source-tools.js';
import { registerProbeTool } from './tools/probe-tool.js';
import { registerTestTool } from './tools/test-tool.js';
import { registerResources } from './resources.js';
import type { Logger } from './logger.js';
import { VERSION } from './version.js';
import { setSecretMasking } from './format/secrets.js';
import { FastStdioTransport, SERVER_INSTRUCTIONS } from './fast-stdio.js';
import { poolOptions } from './pool-options.js';
import { watchEventLoop } from './health.js';

export interface ServerOptions {
  allowRoots: string[];
  /** Mask credential-shaped values in answers (default true). */
  maskSecrets?: boolean;
  evalMode?: EvalMode;
  logger: Logger;
}


/** dapgate never sends elicitation forms, the only thing the SDK server validates JSON schemas for. */
const acceptAnything = {
  getValidator: () => (input: unknown) => ({ valid: true as const, data: input as never, errorMessage: undefined }),
};

export function createServer(options: ServerOptions, shared?: SessionManager): { server: McpServer; manager: SessionManager } {
  setSecretMasking(options.maskSecrets !== false);
  const requestTimeoutMs = Number(process.env.DAPGATE_REQUEST_TIMEOUT_MS) || undefined;
  watchEventLoop();
  const manager = shared ?? new SessionManager(new ProfileRegistry(loadProfiles()), { allowRoots: options.allowRoots, requestTimeoutMs, evalMode: options.evalMode, ...poolOptions() });
  const server = new McpServer(
    { name: 'dapgate', version: VERSION },
    { instructions: SERVER_INSTRUCTIONS, capabilities: { tools: {}, resources: {} }, jsonSchemaValidator: acceptAnything },
  );
  registerSessionTools(server, manager);
  registerBreakpointTools(server, manager);
  registerExecutionTools(server, manager);
  registerInspectTools(server, manager);
  registerLogTools(server, manager);
  registerSourceTools(server, manager);
  registerProbeTool(server, manager);
  registerTestTool(server, manager);
  registerResources(server, manager);
  return { server, manager };
}

/** Serves MCP over stdio until stdin closes or a signal arrives; then ends every session. */
export async function serveStdio(options: ServerOptions, transport: FastStdioTransport): Promise<void> {
  const { server, manager } = createServer(options);
  let closing = false;
  const shutdown = async (why: string) => {
    if (closing) return;
    closing = true;
    options.logger.info(`shutting down (${why}): ending ${manager.list().filter((s) => s.live).length} live session(s)`);
    // polite first (disconnect, terminate), bounded; whatever is left is killed on exit
    const bound = setTimeout(() => process.exit(0), 5_000);
    await manager.stopAll();
    clearTimeout(bound);
    process.exit(0);
  };
  process.on('exit', () => manager.killAllNow());
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => void shutdown(sig));
  await server.connect(transport as never);
  transport.onclose = () => void shutdown('stdin closed');
  if (process.stdin.readableEnded) void shutdown('stdin closed');
  options.logger.info(`dapgate ${VERSION} serving MCP on stdio`);
  if (process.env.DAPGATE_CHECK_EARLY_INIT) {
    setTimeout(() => transport.mismatch && options.logger.error(transport.mismatch), 1_000).unref();
  }
}
