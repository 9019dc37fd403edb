import { McpServer } from '@modelcontextprotocol/server';
import type { SessionManager } from '@dapgate/core';
export { EVAL_MODES } from '@dapgate/core';
import { TOOLS } from './tools/index.js';
import { registerTool } from './tools/register.js';
import { registerResources } from './resources.js';
import { registerPrompts } from './prompts.js';
import { VERSION } from './version.js';
import { SERVER_INSTRUCTIONS } from './fast-stdio.js';

/** dapgate never sends elicitation forms, the only thing the SDK server validates JSON schemas for. */
const acceptAnything = {
  getValidator: () => (input: unknown) => ({ valid: true as const, data: input as never, errorMessage: undefined }),
};

/**
 * An MCP server with every dapgate tool, resource and prompt over `manager`'s sessions. One that
 * serves a connection (`connected`: stdio, an HTTP session of the 2025 protocol) also notifies
 * subscribers of resource changes; one built for a single request (MCP 2026-07-28) does not.
 */
export function createMcpServer(manager: SessionManager, connected = true): McpServer {
  const server = new McpServer(
    { name: 'dapgate', version: VERSION },
    { instructions: SERVER_INSTRUCTIONS, capabilities: { tools: {}, resources: {}, prompts: {} }, jsonSchemaValidator: acceptAnything },
  );
  for (const t of TOOLS) registerTool(server, manager, t);
  registerResources(server, manager, connected);
  registerPrompts(server);
  return server;
}
