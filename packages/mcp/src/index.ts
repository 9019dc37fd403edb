export { createServer, serveStdio, type ServerOptions } from './server.js';
