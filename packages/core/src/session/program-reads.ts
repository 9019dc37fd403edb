import type { DebugProtocol } from '@vscode/debugprotocol';
import { GatewayError } from '../errors.js';
import type { Profile } from '../profiles/schema.js';
import { checkExpression, type EvalMode, type EvalUse } from '../policy/evaluation.js';
import type { Command, RequestMap } from './dap-client.js';
import { requireLive, requireStopInfo, type Guarded } from './guards.js';
import type { InspectTarget } from './inspect.js';

/** What the reads need from their session. */
export interface ReadHost extends Guarded {
  readonly profile: Profile;
  readonly evalMode: EvalMode;
  /** A request to the connection program state lives on (the session's failure handling applies). */
  send<C extends Command>(command: C, args: RequestMap[C]['args'], timeoutMs?: number): Promise<RequestMap[C]['body']>;
}

/**
 * Requests that read (or, for evaluate/setVariable, may change) program state: threads, frames,
 * scopes, variables, evaluation, sources. Scopes and variables are cached while the program stays
 * stopped (each round trip to some adapters, e.g. debugpy's pydevd, costs ~40 ms); resuming or
 * evaluating clears the cache.
 */
export class ProgramReads implements InspectTarget {
  private readonly cache = new Map<string, Promise<unknown>>();

  constructor(private readonly host: ReadHost) {}

  /** Forgets cached state: the program ran, or something may have changed it. */
  clear(): void {
    this.cache.clear();
    this.scopeOwner.clear();
  }

  async threads(): Promise<DebugProtocol.Thread[]> {
    requireLive(this.host, 'list threads');
    return (await this.host.send('threads', undefined))?.threads ?? [];
  }

  async stackTrace(threadId: number | undefined, startFrame = 0, levels = 20): Promise<{ frames: DebugProtocol.StackFrame[]; total?: number }> {
    const thread = threadId ?? requireStopInfo(this.host, 'read the stack').threadId;
    const body = await this.host.send('stackTrace', { threadId: thread, startFrame, levels });
    return { frames: body?.stackFrames ?? [], total: body?.totalFrames };
  }

  /** The `index`-th frame of the stopped thread (from the stop's frames when it has them). */
  async frameAt(index = 0, threadId?: number): Promise<DebugProtocol.StackFrame> {
    const stop = requireStopInfo(this.host, 'inspect a frame');
    const thread = threadId ?? stop.threadId;
    if (thread === stop.threadId && index < stop.frames.length) return stop.frames[index]!;
    const { frames } = await this.stackTrace(thread, index, 1);
    if (!frames[0]) throw new GatewayError(`there is no frame ${index}`, undefined, { code: 'no-frame', next: 'list-frames' });
    return frames[0];
  }

  async frameId(index = 0, threadId?: number): Promise<number> {
    return (await this.frameAt(index, threadId)).id;
  }

  async scopes(frameId: number): Promise<DebugProtocol.Scope[]> {
    requireStopInfo(this.host, 'read scopes');
    const key = `scopes:${frameId}`;
    const cached = this.cache.get(key) as Promise<DebugProtocol.Scope[]> | undefined;
    if (cached && (await cached).every((s) => this.scopeOwner.get(s.variablesReference) === frameId)) return cached;
    // Not cached, or another frame's scopes reused these references since (lldb-dap numbers
    // Locals/Globals/Registers the same in every frame, meaning the frame asked last): ask again.
    this.cache.delete(key);
    const scopes = await this.cached(key, async () => (await this.host.send('scopes', { frameId }))?.scopes ?? []);
    for (const s of scopes) {
      if (this.scopeOwner.get(s.variablesReference) !== frameId) this.cache.delete(`variables:${s.variablesReference}`);
      this.scopeOwner.set(s.variablesReference, frameId);
    }
    return scopes;
  }

  /** Which frame each scope reference was last handed out for. */
  private readonly scopeOwner = new Map<number, number>();

  async variables(variablesReference: number): Promise<DebugProtocol.Variable[]> {
    requireStopInfo(this.host, 'read variables');
    return this.cached(`variables:${variablesReference}`, async () => (await this.host.send('variables', { variablesReference }))?.variables ?? []);
  }

  async evaluate(expression: string, frameId: number | undefined, context: string, use: EvalUse = 'evaluate'): Promise<DebugProtocol.EvaluateResponse['body']> {
    requireLive(this.host, 'evaluate');
    checkExpression(this.host.profile, this.host.evalMode, expression, use);
    this.clear(); // an evaluation may change program state
    return this.host.send('evaluate', { expression, frameId, context }, 30_000);
  }

  async setVariable(variablesReference: number, name: string, value: string): Promise<DebugProtocol.SetVariableResponse['body']> {
    checkExpression(this.host.profile, this.host.evalMode, value, 'setVariable');
    this.clear();
    return this.host.send('setVariable', { variablesReference, name, value });
  }

  async source(sourceReference: number, path?: string): Promise<string> {
    return (await this.host.send('source', { sourceReference, source: { sourceReference, path } }))?.content ?? '';
  }

  private cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    let hit = this.cache.get(key) as Promise<T> | undefined;
    if (!hit) {
      hit = load();
      this.cache.set(key, hit);
      hit.catch(() => this.cache.delete(key));
    }
    return hit;
  }
}
