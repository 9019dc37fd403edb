import type { DebugProtocol } from '@vscode/debugprotocol';
import { GatewayError } from '../../errors.js';
import type { Profile } from '../../profiles/schema.js';
import { checkExpression, type EvalMode, type EvalUse } from '../../policy/evaluation.js';
import type { Command, DapClient, SendRequest } from '../connection/dap-client.js';
import type { ThreadEntry, ThreadTable } from '../threads/threads.js';
import { requireLive, requireStopInfo, type Guarded } from '../checks/guards.js';
import { cleanFrameNames } from './frame-names.js';
import type { InspectTarget, VariablesPage } from './inspect.js';

/** How many frames below a page debug_stack counts before saying "at least". */
const COUNT_FRAMES_MAX = 500;

/** What the reads need from their session. */
export interface ReadHost extends Guarded {
  readonly profile: Profile;
  readonly evalMode: EvalMode;
  readonly threads: ThreadTable;
  /** A request on `client`; undefined: the connection program state lives on now. */
  send: SendRequest<Command, DapClient | undefined>;
  /** The connections that run program threads (the adapter's, and each child target). */
  targets(): DapClient[];
  /** The connection requests go to when no thread is named. */
  activeClient(): DapClient | undefined;
  /** Whether code in this source file was built with optimizations, where the build said. */
  optimizedCode?(path: string): boolean;
}

/**
 * Requests that read (or, for evaluate/setVariable, may change) program state: threads, frames,
 * scopes, variables, evaluation, sources. Scopes and variables are cached while the program stays
 * stopped (each round trip to some adapters, e.g. debugpy's pydevd, costs ~40 ms); resuming or
 * evaluating clears the cache.
 */
export class ProgramReads {
  private readonly cache = new Map<string, Promise<unknown>>();
  /** Counts the clears: a read ahead made before one is not kept after it. */
  private generation = 0;
  private readonly clientKeys = new WeakMap<DapClient, number>();
  private nextClientKey = 1;

  constructor(private readonly host: ReadHost) {}

  /** Forgets cached state: the program ran, or something may have changed it. */
  clear(): void {
    this.generation++;
    this.cache.clear();
    this.scopeOwner.clear();
  }

  /** Every thread on every target, as the adapters list them now (the table learns names and drops ended ones). */
  async threads(): Promise<ThreadEntry[]> {
    requireLive(this.host, 'list threads');
    const out: ThreadEntry[] = [];
    for (const client of this.host.targets()) {
      const listed = (await this.host.send('threads', undefined, undefined, client))?.threads ?? [];
      out.push(...this.host.threads.refresh(client, listed));
    }
    return out;
  }

  /** The stopped thread reads are about: `threadId` (which must be stopped), else the focused one. */
  thread(threadId: number | undefined, action: string): ThreadEntry {
    requireStopInfo(this.host, action);
    const { threads } = this.host;
    const e = threadId === undefined ? threads.focus() : threads.get(threadId);
    if (!e) throw new GatewayError(`cannot ${action}: this session has no thread ${threadId}`, undefined, { code: 'no-threads', next: 'list-threads' });
    if (e.state !== 'stopped') throw new GatewayError(`cannot ${action}: thread ${e.id}${e.name ? ` (${e.name})` : ''} is running`, undefined, { code: 'not-stopped', next: 'list-threads' });
    return e;
  }

  /**
   * A page of a thread's frames and the stack's depth: `total` is counted (a page shorter than
   * asked ends the stack; after a full page the rest is read, bounded), as DAP lets an adapter's
   * totalFrames be an estimate (delve says 50 more where 2 follow). `totalIsLowerBound` when the
   * count stopped at its bound.
   */
  async stackTrace(threadId: number | undefined, startFrame = 0, levels = 20): Promise<{ frames: DebugProtocol.StackFrame[]; total?: number; totalIsLowerBound?: boolean; thread: ThreadEntry }> {
    const thread = this.thread(threadId, 'read the stack');
    const page = (start: number, n: number) => this.host.send('stackTrace', { threadId: thread.adapterId, startFrame: start, levels: n }, undefined, thread.client);
    const body = await page(startFrame, levels);
    const frames = cleanFrameNames(body?.stackFrames ?? [], this.host.profile.stops);
    const claimed = body?.totalFrames;
    const end = startFrame + frames.length;
    if (frames.length < levels || claimed === undefined || claimed <= end) return { frames, total: frames.length < levels ? end : claimed, thread };
    const asked = Math.min(claimed - end, COUNT_FRAMES_MAX);
    const next = await page(end, asked);
    const rest = next?.stackFrames?.length ?? 0;
    // a full second page is the end only if the adapter does not claim more below it
    const more = rest >= asked && (asked === COUNT_FRAMES_MAX || (next?.totalFrames ?? 0) > end + rest);
    return { frames, total: end + rest, ...(more ? { totalIsLowerBound: true } : {}), thread };
  }

  /** The `index`-th frame of a stopped thread (from its stop's frames when it has them). */
  async frameAt(index = 0, threadId?: number): Promise<DebugProtocol.StackFrame> {
    const thread = this.thread(threadId, 'inspect a frame');
    if (thread.stop && index < thread.stop.frames.length) return thread.stop.frames[index]!;
    const { frames } = await this.stackTrace(thread.id, index, 1);
    if (!frames[0]) throw new GatewayError(`there is no frame ${index}`, undefined, { code: 'no-frame', next: 'list-frames' });
    return frames[0];
  }

  async frameId(index = 0, threadId?: number): Promise<number> {
    return (await this.frameAt(index, threadId)).id;
  }

  /** Scopes of a frame; frame and variable ids are only valid on the connection of their thread. */
  async scopes(frameId: number, client = this.host.activeClient()): Promise<DebugProtocol.Scope[]> {
    requireStopInfo(this.host, 'read scopes');
    return this.loadScopes(frameId, client);
  }

  private async loadScopes(frameId: number, client: DapClient | undefined): Promise<DebugProtocol.Scope[]> {
    const owner = (ref: number) => `${this.clientKey(client)}:${ref}`;
    const key = `scopes:${frameId}`;
    const cached = this.cache.get(`${this.clientKey(client)}:${key}`) as Promise<DebugProtocol.Scope[]> | undefined;
    if (cached && (await cached).every((s) => this.scopeOwner.get(owner(s.variablesReference)) === frameId)) return cached;
    // Not cached, or another frame's scopes reused these references since (lldb-dap numbers
    // Locals/Globals/Registers the same in every frame, meaning the frame asked last): ask again.
    this.cache.delete(`${this.clientKey(client)}:${key}`);
    const scopes = await this.cached(client, key, async () => (await this.host.send('scopes', { frameId }, undefined, client))?.scopes ?? []);
    for (const s of scopes) {
      if (this.scopeOwner.get(owner(s.variablesReference)) !== frameId) this.forgetVariables(client, s.variablesReference);
      this.scopeOwner.set(owner(s.variablesReference), frameId);
    }
    return scopes;
  }

  /** Drops what was read under a reference another frame now reuses: all of it and every page. */
  private forgetVariables(client: DapClient | undefined, ref: number): void {
    const whole = `${this.clientKey(client)}:variables:${ref}`;
    for (const key of [...this.cache.keys()]) if (key === whole || key.startsWith(`${whole}:`)) this.cache.delete(key);
  }

  /** Which frame each scope reference (per connection) was last handed out for. */
  private readonly scopeOwner = new Map<string, number>();

  /** Children of a reference: all of them, or one page (`start`, `count`) of a collection's. */
  async variables(variablesReference: number, client = this.host.activeClient(), page?: VariablesPage): Promise<DebugProtocol.Variable[]> {
    requireStopInfo(this.host, 'read variables');
    return this.loadVariables(variablesReference, client, page);
  }

  private loadVariables(variablesReference: number, client: DapClient | undefined, page?: VariablesPage): Promise<DebugProtocol.Variable[]> {
    const key = `variables:${variablesReference}${page ? `:${page.start}+${page.count}` : ''}`;
    return this.cached(client, key, async () => (await this.host.send('variables', { variablesReference, ...page }, undefined, client))?.variables ?? []);
  }

  /**
   * Reads of a stop on `client` before it is announced (a trace's next reads, asked for while the
   * gateway still attributes the stop), into the same cache the reads after the announcement use.
   * Only while nothing cleared the cache since it was made (the program ran, or an evaluation): a
   * read asked for after that is not kept, as it may belong to another stop.
   */
  aheadTarget(client: DapClient): InspectTarget {
    const generation = this.generation;
    const current = () => {
      if (this.generation !== generation) throw new GatewayError('the stop read ahead is over', undefined, 'not-stopped');
    };
    return {
      frameId: () => Promise.reject(new GatewayError('a read ahead names its frame by id', undefined, 'bad-arguments')),
      scopes: async (frameId) => (current(), this.loadScopes(frameId, client)),
      variables: async (ref, page) => (current(), this.loadVariables(ref, client, page)),
    };
  }

  /** Reads bound to one thread (undefined: the focused thread at the time of each read). */
  target(threadId?: number): InspectTarget {
    const client = () => (threadId === undefined ? this.host.activeClient() : this.thread(threadId, 'read variables').client);
    return {
      frameId: (index) => this.frameId(index, threadId),
      scopes: (frameId) => this.scopes(frameId, client()),
      variables: (ref, page) => this.variables(ref, client(), page),
      optimized: async (index) => {
        const path = (await this.frameAt(index, threadId)).source?.path;
        return !!path && !!this.host.optimizedCode?.(path);
      },
    };
  }

  async evaluate(expression: string, frameId: number | undefined, context: string, use: EvalUse = 'evaluate', threadId?: number): Promise<DebugProtocol.EvaluateResponse['body']> {
    requireLive(this.host, 'evaluate');
    checkExpression(this.host.profile, this.host.evalMode, expression, use);
    const client = threadId === undefined ? this.host.activeClient() : this.thread(threadId, 'evaluate').client;
    this.clear(); // an evaluation may change program state
    return this.host.send('evaluate', { expression, frameId, context }, 30_000, client);
  }

  async setVariable(variablesReference: number, name: string, value: string, threadId?: number): Promise<DebugProtocol.SetVariableResponse['body']> {
    checkExpression(this.host.profile, this.host.evalMode, value, 'setVariable');
    const client = threadId === undefined ? this.host.activeClient() : this.thread(threadId, 'set a variable').client;
    this.clear();
    return this.host.send('setVariable', { variablesReference, name, value }, undefined, client);
  }

  async source(sourceReference: number, path?: string, threadId?: number): Promise<string> {
    const client = threadId === undefined ? this.host.activeClient() : this.thread(threadId, 'read a source').client;
    return (await this.host.send('source', { sourceReference, source: { sourceReference, path } }, undefined, client))?.content ?? '';
  }

  private cached<T>(client: DapClient | undefined, key: string, load: () => Promise<T>): Promise<T> {
    key = `${this.clientKey(client)}:${key}`;
    let hit = this.cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      this.cache.set(key, hit);
      hit.catch(() => this.cache.delete(key));
    }
    return hit;
  }

  private clientKey(client: DapClient | undefined): number {
    if (!client) return 0;
    let k = this.clientKeys.get(client);
    if (k === undefined) this.clientKeys.set(client, (k = this.nextClientKey++));
    return k;
  }
}
