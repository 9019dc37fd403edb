import { McpServer, ProtocolError, ResourceTemplate, type RegisteredResourceTemplate } from '@modelcontextprotocol/server';
import type { Session, SessionManager } from '@dapgate/core';
import { describe } from './format/session.js';
import { maskText } from './format/secrets.js';
import { tailText } from './format/text.js';

const LIST_URI = 'dapgate://sessions';
const sessionUri = (id: string) => `dapgate://sessions/${id}`;
const outputUri = (id: string) => `dapgate://sessions/${id}/output`;

/** MCP's error code for a resource that does not exist (2025-11-25; the SDK says -32602 to 2026-07-28 clients). */
export const RESOURCE_NOT_FOUND = -32002;

const notFound = (uri: string) => new ProtocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}. dapgate://sessions lists the sessions.`, { uri });

/**
 * Sessions and their output as MCP resources. A client that subscribes is notified when a session
 * stops, exits or fails, and when it prints (at most every 250 ms per resource). Only a server for a
 * connection (`notify`) offers that: a per-request server of MCP 2026-07-28 has no one to notify.
 */
export function registerResources(server: McpServer, manager: SessionManager, notify: boolean): void {
  registerReadable(server, manager);
  if (!notify) return;
  const subscriptions = new Set<string>();
  server.server.registerCapabilities({ resources: { subscribe: true, listChanged: true } });
  server.server.setRequestHandler('resources/subscribe', async (req) => {
    subscriptions.add(req.params.uri);
    return {};
  });
  server.server.setRequestHandler('resources/unsubscribe', async (req) => {
    subscriptions.delete(req.params.uri);
    return {};
  });
  const pending = new Map<string, NodeJS.Timeout>();
  const updated = (uri: string) => {
    if (!subscriptions.has(uri) || pending.has(uri)) return;
    pending.set(
      uri,
      setTimeout(() => {
        pending.delete(uri);
        void server.server.sendResourceUpdated({ uri }).catch(() => undefined);
      }, 250),
    );
  };

  const leave = changesOf(manager).join({
    created: () => {
      server.sendResourceListChanged();
      updated(LIST_URI);
    },
    updated,
  });
  // an MCP connection ends (an HTTP client's DELETE, a closed transport): nothing of it stays on the workspace's sessions
  const closed = server.server.onclose;
  server.server.onclose = () => {
    closed?.();
    leave();
    for (const timer of pending.values()) clearTimeout(timer);
    pending.clear();
    subscriptions.clear();
  };
}

function registerReadable(server: McpServer, manager: SessionManager): void {
  const listResource = server.registerResource(
    'sessions',
    LIST_URI,
    { title: 'Debug sessions', description: 'Every debug session with its state and where it is stopped', mimeType: 'application/json' },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify(manager.list().map((s) => ({ sessionId: s.id, language: s.profile.id, target: s.target, kind: s.kind, state: s.state }))),
        },
      ],
    }),
  );

  const list = async () => ({
    resources: manager.list().flatMap((s) => [
      { uri: sessionUri(s.id), name: `${s.id} status`, description: s.target, mimeType: 'text/plain' },
      { uri: outputUri(s.id), name: `${s.id} output`, description: `what ${s.target} printed`, mimeType: 'text/plain' },
    ]),
  });

  const session = (id: unknown, uri: URL) => {
    const s = manager.list().find((x) => x.id === String(id));
    if (!s) throw notFound(uri.href);
    return s;
  };

  const statusResource = server.registerResource(
    'session-status',
    new ResourceTemplate('dapgate://sessions/{sessionId}', { list }),
    { title: 'Debug session status', description: 'State, stop location with source, locals and frames', mimeType: 'text/plain' },
    async (uri, { sessionId }) => {
      const s = session(sessionId, uri);
      const d = await describe(s, { frames: 5 });
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: maskText(d.text) }] };
    },
  );

  const outputResource = server.registerResource(
    'session-output',
    new ResourceTemplate('dapgate://sessions/{sessionId}/output', { list: undefined }),
    { title: 'Debug session output', description: 'The last output of the program (stdout, stderr, console)', mimeType: 'text/plain' },
    async (uri, { sessionId }) => {
      const s = session(sessionId, uri);
      const text = s.output.tail(500).map((e) => (e.category === 'stderr' ? `[stderr] ${e.text}` : e.text)).join('');
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: maskText(tailText(text, 400, 20_000)) }] };
    },
  );

  // the SDK's resources/read answers an unknown URI with -32602; MCP says -32002
  server.server.setRequestHandler('resources/read', async (req, extra) => {
    const uri = new URL(req.params.uri);
    if (uri.href === LIST_URI) return listResource.readCallback(uri, extra);
    for (const t of [outputResource, statusResource] as RegisteredResourceTemplate[]) {
      const variables = t.resourceTemplate.uriTemplate.match(uri.href);
      if (variables) return t.readCallback(uri, variables, extra);
    }
    throw notFound(req.params.uri);
  });
}

interface ResourceListener {
  created(): void;
  updated(uri: string): void;
}

/**
 * The resource changes of one workspace, told to each MCP server over it. Each session gets one
 * listener however many MCP connections come and go (one-shot HTTP clients make one per call and
 * may never end it): the servers join and leave this set instead.
 */
class WorkspaceChanges {
  private readonly listeners = new Set<ResourceListener>();

  constructor(manager: SessionManager) {
    manager.onSessionCreated((s: Session) => {
      for (const l of this.listeners) l.created();
      s.on('state', (state) => {
        if (!['stopped', 'exited', 'terminated', 'failed', 'reconnecting'].includes(state)) return;
        for (const l of this.listeners) {
          l.updated(sessionUri(s.id));
          l.updated(LIST_URI);
        }
      });
      s.output.onAppend(() => {
        for (const l of this.listeners) l.updated(outputUri(s.id));
      });
    });
  }

  /** Adds a server's listener; returns how it leaves. */
  join(listener: ResourceListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const workspaceChanges = new WeakMap<SessionManager, WorkspaceChanges>();

function changesOf(manager: SessionManager): WorkspaceChanges {
  let changes = workspaceChanges.get(manager);
  if (!changes) workspaceChanges.set(manager, (changes = new WorkspaceChanges(manager)));
  return changes;
}
