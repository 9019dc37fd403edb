export { createMcpServer } from './server.js';
export { serveStdio } from './stdio.js';
export { Gateway, type GatewayOptions } from './gateway.js';
