import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Gateway, type GatewayOptions } from './gateway.js';

/**
 * MCP over streamable HTTP (`dapgate --http HOST:PORT`) at /mcp. Every request must carry
 * `Authorization: Bearer $DAPGATE_HTTP_TOKEN`; a browser Origin other than localhost (or one listed
 * in DAPGATE_HTTP_ALLOWED_ORIGINS) is refused, and so is a Host header that is not the address
 * served (DNS rebinding). All MCP sessions share one gateway: debug sessions and breakpoints.
 */
export async function serveHttp(options: GatewayOptions, listen: string, token: string): Promise<Gateway> {
  const match = /^(.*):(\d+)$/.exec(listen);
  if (!match) throw new Error(`--http needs HOST:PORT (got '${listen}')`);
  const host = match[1]!.replace(/^\[|\]$/g, '');
  const port = Number(match[2]);
  const gateway = new Gateway(options);
  gateway.handleSignals();
  const transports = new Map<string, StreamableHTTPServerTransport>();
  const allowedOrigins = (process.env.DAPGATE_HTTP_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);

  const http = createHttpServer((req, res) => {
    void handle(req, res).catch((e) => {
      options.logger.error(`http: ${(e as Error).stack ?? e}`);
      if (!res.headersSent) reply(res, 500, 'internal error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    // OAuth discovery (MCP Inspector, SDK clients) learns at once that there is none to do
    if (url.pathname.startsWith('/.well-known/')) return reply(res, 404, `dapgate does not use OAuth: send ${HOW_TO_AUTHENTICATE}`);
    if (!bearerMatches(req.headers.authorization, token)) return unauthorized(res, req.headers.authorization !== undefined);
    if (!originAllowed(req.headers.origin, allowedOrigins)) return reply(res, 403, `origin ${req.headers.origin} is not allowed (set DAPGATE_HTTP_ALLOWED_ORIGINS)`);
    if (!hostAllowed(req.headers.host, host, port)) return reply(res, 403, `host ${req.headers.host} is not this server`);
    if (url.pathname !== '/mcp') return reply(res, 404, 'the MCP endpoint is /mcp');
    const sessionId = req.headers['mcp-session-id'];
    let transport = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (!transport) {
      if (sessionId !== undefined || req.method !== 'POST') return reply(res, 404, 'unknown or missing MCP session; start with an initialize request');
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, created);
        },
      });
      created.onclose = () => {
        if (created.sessionId) transports.delete(created.sessionId);
      };
      await gateway.newServer().connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res);
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => resolve());
  });
  options.logger.info(`dapgate serving MCP over streamable HTTP at http://${listen}/mcp`);
  gateway.onShutdown(() => {
    http.close();
    http.closeAllConnections();
  });
  http.on('close', () => void gateway.shutdown('HTTP server closed'));
  return gateway;
}

/**
 * 401 with `WWW-Authenticate: Bearer` and no resource metadata: the token is a static one the
 * operator hands out, not an OAuth flow (MCP Inspector and others would otherwise start one).
 */
function unauthorized(res: ServerResponse, tokenGiven: boolean): void {
  const message = `${tokenGiven ? 'wrong' : 'missing'} bearer token: send ${HOW_TO_AUTHENTICATE} (in MCP Inspector: Authentication, Bearer Token)`;
  reply(res, 401, message, { 'www-authenticate': `Bearer realm="dapgate"${tokenGiven ? ', error="invalid_token"' : ''}` });
}

const HOW_TO_AUTHENTICATE = 'the header "Authorization: Bearer <token>" with the token dapgate was started with (DAPGATE_HTTP_TOKEN)';

function reply(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

function originAllowed(origin: string | undefined, allowed: string[]): boolean {
  if (!origin) return true; // not a browser
  if (allowed.includes(origin)) return true;
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(origin).hostname);
  } catch {
    return false;
  }
}

function hostAllowed(hostHeader: string | undefined, host: string, port: number): boolean {
  if (!hostHeader) return false;
  const name = hostHeader.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return name === host || ['localhost', '127.0.0.1', '::1'].includes(name) || (host === '0.0.0.0' && port > 0);
}
