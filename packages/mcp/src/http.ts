import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { CLIENT_INFO_META_KEY, createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { Gateway, type GatewayOptions } from './gateway.js';
import { bearerMatches, hostAllowed, originAllowed } from './http-guard.js';
import { dropConstructorArgument } from './incoming.js';
import { readBody, sendWebResponse, toWebRequest } from './http-web.js';
import { WORKSPACE_HEADER, Workspaces, type Workspace } from './workspaces.js';

/**
 * MCP over streamable HTTP (`dapgate --http HOST:PORT`) at /mcp. Every request must carry
 * `Authorization: Bearer $DAPGATE_HTTP_TOKEN`; a browser Origin other than localhost (or one listed
 * in DAPGATE_HTTP_ALLOWED_ORIGINS) is refused, and so is a Host header that is not the address
 * served (DNS rebinding). Each MCP client works in its own workspace (see workspaces.ts) unless
 * the operator chose `sharedWorkspace`; only the shared one is kept between runs. Both protocols
 * are served at /mcp: MCP 2026-07-28 (stateless: a server per request, over the workspace the
 * request's `Dapgate-Workspace` header or client identity names) and 2025-11-25 and earlier (an
 * MCP session per client, `Mcp-Session-Id`).
 */
/** How long an MCP session with no request and no open stream is kept before it is closed. */
const DEFAULT_MCP_SESSION_IDLE_MS = 10 * 60_000;

/** An MCP session's transport, its workspace, and what tells whether its client is still there. */
interface Bound {
  transport: WebStandardStreamableHTTPServerTransport;
  workspace: Workspace;
  /** Requests being answered and event streams open. */
  open: number;
  lastSeen: number;
}

export async function serveHttp(options: GatewayOptions, listen: string, token: string, sharedWorkspace = false): Promise<Gateway> {
  const match = /^(.*):(\d+)$/.exec(listen);
  if (!match) throw new Error(`--http needs HOST:PORT (got '${listen}')`);
  const host = match[1]!.replace(/^\[|\]$/g, '');
  const port = Number(match[2]);
  const gateway = new Gateway(options);
  gateway.handleSignals();
  if (sharedWorkspace) await gateway.keepState();
  const workspaces = new Workspaces(gateway, sharedWorkspace);
  const transports = new Map<string, Bound>();
  // SDK clients end an MCP session by just going (no DELETE): one left idle that long is closed, so
  // nothing of it (its server, its hold on the workspace) outlives the client
  const idleMs = Number(process.env.DAPGATE_MCP_SESSION_IDLE_MS) || DEFAULT_MCP_SESSION_IDLE_MS;
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [id, b] of transports) {
      if (b.open > 0 || now - b.lastSeen <= idleMs) continue;
      options.logger.info(`http: MCP session ${id} idle for ${Math.round((now - b.lastSeen) / 1000)} s (its client went without ending it): closed`);
      void b.transport.close();
    }
  }, Math.min(idleMs, 60_000));
  sweeper.unref();
  const modern = createMcpHandler(({ authInfo }) => gateway.newServer(workspaces.find(String(authInfo?.extra?.workspace))!.manager, false), {
    legacy: 'reject',
    onerror: (e) => options.logger.debug(`mcp: ${e.message}`),
  });
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
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    if (req.method === 'POST' && body === undefined) return reply(res, 413, 'request body too large');
    const parsed = parseJson(body);
    for (const message of [parsed].flat()) dropConstructorArgument(message);
    const aborted = new AbortController();
    res.once('close', () => aborted.abort());
    const request = toWebRequest(req, parsed === undefined ? body : JSON.stringify(parsed), aborted.signal);
    const asked = req.headers[WORKSPACE_HEADER];
    if (req.method === 'POST' && !(await isLegacyRequest(request, parsed))) {
      const workspace = typeof asked === 'string' ? workspaces.join(asked) : workspaces.joinAs(clientOf(parsed));
      if (!workspace) return reply(res, 404, `no workspace has the handle in ${WORKSPACE_HEADER} (ended after being idle, or never given out); omit the header to get a new workspace`);
      try {
        const authInfo = { token: '', clientId: 'dapgate', scopes: [], extra: { workspace: workspace.handle } };
        return await sendWebResponse(res, await modern.fetch(request, { parsedBody: parsed, authInfo }), { [WORKSPACE_HEADER]: workspace.handle });
      } finally {
        workspaces.leave(workspace);
      }
    }
    const sessionId = req.headers['mcp-session-id'];
    let bound = typeof sessionId === 'string' ? transports.get(sessionId) : undefined;
    if (bound && asked !== undefined && asked !== bound.workspace.handle) return reply(res, 400, `this MCP session works in another workspace than the ${WORKSPACE_HEADER} header names; drop the header or start a new MCP session with it`);
    if (!bound) {
      if (sessionId !== undefined || req.method !== 'POST') return reply(res, 404, 'unknown or missing MCP session; start with an initialize request');
      const workspace = workspaces.join(typeof asked === 'string' ? asked : undefined);
      if (!workspace) return reply(res, 404, `no workspace has the handle in ${WORKSPACE_HEADER} (ended after being idle, or never given out); omit the header to get a new workspace`);
      const created: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          transports.set(id, entry);
        },
      });
      const entry: Bound = { transport: created, workspace, open: 0, lastSeen: Date.now() };
      created.onclose = () => {
        if (created.sessionId) transports.delete(created.sessionId);
        workspaces.leave(workspace);
      };
      await gateway.newServer(workspace.manager).connect(created);
      bound = entry;
    }
    const active = bound;
    active.open++; // a request in flight or an open event stream: not idle
    res.once('close', () => {
      active.open--;
      active.lastSeen = Date.now();
    });
    await sendWebResponse(res, await bound.transport.handleRequest(request, { parsedBody: parsed }), { [WORKSPACE_HEADER]: bound.workspace.handle });
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => resolve());
  });
  options.logger.info(`dapgate serving MCP over streamable HTTP at http://${listen}/mcp`);
  gateway.lookUpAhead();
  gateway.onShutdown(() => {
    clearInterval(sweeper);
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

function parseJson(body: string | undefined): unknown {
  try {
    return body ? JSON.parse(body) : undefined;
  } catch {
    return undefined; // the SDK answers the parse error
  }
}

/** Who a 2026-07-28 request says its client is (`clientInfo` in its `_meta`): name and version. */
function clientOf(message: unknown): string {
  const info = (message as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params?._meta?.[CLIENT_INFO_META_KEY] as { name?: unknown; version?: unknown } | undefined;
  return `${String(info?.name ?? '')}@${String(info?.version ?? '')}`;
}

function reply(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
