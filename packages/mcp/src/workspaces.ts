import { randomBytes } from 'node:crypto';
import type { SessionManager } from '@dapgate/core';
import type { Gateway } from './gateway.js';

/** The HTTP header that names a workspace: the gateway sends it on every answer, a client may send it back. */
export const WORKSPACE_HEADER = 'dapgate-workspace';

/** How long a workspace no client is connected to keeps its sessions before they are ended. */
const DEFAULT_IDLE_MS = 15 * 60_000;

export interface Workspace {
  /** Unguessable (192 random bits): whoever holds it drives this workspace's sessions. */
  readonly handle: string;
  readonly manager: SessionManager;
}

interface Entry extends Workspace {
  clients: number;
  idle?: NodeJS.Timeout;
}

/**
 * The workspaces of an HTTP gateway: each MCP client gets its own sessions, default session and
 * breakpoint book (the gateway's `workspace()`, sharing its warm adapters). A workspace is found
 * by its handle, not by the transport's session, so a client can reach it again from a new MCP
 * session (or a stateless transport) by sending the `Dapgate-Workspace` header; a client of the
 * stateless MCP 2026-07-28 that sends none works in its identity's (`joinAs`). With `shared`,
 * every client works in one workspace (the operator's `--shared-workspace`).
 */
export class Workspaces {
  private readonly byHandle = new Map<string, Entry>();
  /** MCP 2026-07-28 clients that send no handle: their workspace by client identity. */
  private readonly byClient = new Map<string, string>();

  constructor(
    private readonly gateway: Gateway,
    private readonly shared: boolean,
    private readonly idleMs = Number(process.env.DAPGATE_WORKSPACE_IDLE_MS) || DEFAULT_IDLE_MS,
  ) {
    if (shared) this.create(gateway.manager);
  }

  /**
   * The workspace a new MCP client works in: the one `handle` names, else a new one. Undefined
   * when a handle was given that names no workspace (never created, or ended while idle).
   */
  join(handle?: string): Workspace | undefined {
    if (this.shared) handle = [...this.byHandle.keys()][0];
    const entry = handle ? this.byHandle.get(handle) : this.create(this.gateway.workspace());
    if (!entry) return undefined;
    entry.clients++;
    clearTimeout(entry.idle);
    entry.idle = undefined;
    return entry;
  }

  /**
   * The workspace of a client of the stateless protocol that sent no handle: one per client
   * identity (its `clientInfo` name and version), the same on each request of that client.
   */
  joinAs(client: string): Workspace {
    const known = this.byClient.get(client);
    const entry = (known && this.join(known)) || this.join();
    this.byClient.set(client, entry!.handle);
    return entry!;
  }

  /** The workspace `handle` names, without joining it. */
  find(handle: string): Workspace | undefined {
    return this.byHandle.get(handle);
  }

  /** A client left; once none is left, the workspace's sessions end after the idle time. */
  leave(workspace: Workspace): void {
    const entry = this.byHandle.get(workspace.handle);
    if (!entry || --entry.clients > 0 || this.shared) return;
    entry.idle = setTimeout(() => {
      this.byHandle.delete(entry.handle);
      for (const [client, handle] of this.byClient) if (handle === entry.handle) this.byClient.delete(client);
      void this.gateway.retire(entry.manager);
    }, this.idleMs);
    entry.idle.unref();
  }

  private create(manager: SessionManager): Entry {
    const entry: Entry = { handle: randomBytes(24).toString('base64url'), manager, clients: 0 };
    this.byHandle.set(entry.handle, entry);
    return entry;
  }
}
