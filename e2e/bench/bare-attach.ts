import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Profile } from '@dapgate/core';
import { connectTcp, freePort, startAdapterProcess, startStdioAdapter, waitForLine, type AdapterProcess, type DapConnection } from '@dapgate/dap';
import { nextEvent } from './next-event.js';

/** The adapter dapgate ran for an attach (debug_diagnose), and the attach arguments for this target. */
export interface BareAttachSpec {
  profile: Profile;
  /** The adapter's command line as dapgate ran it; `${port}` is replaced by a free port for tcp-listen adapters. */
  command: string[];
  args: Record<string, unknown>;
  /** The threadId that pauses and resumes every thread (java-debug: 0, a thread it does not know); else the first thread's. */
  allThreadsId?: number;
}

const ATTACH_MS = 120_000;
const REQUEST_MS = 30_000;

/**
 * The baseline for a live service: a bare DAP client attaching with the same adapter and arguments
 * dapgate used, doing only the DAP requests the measure needs. No profiles logic, no gateway, no
 * MCP. For js-debug it follows the parent's startDebugging into the child session, as every
 * js-debug client must.
 */
export class BareAttach {
  private adapter?: AdapterProcess;
  /** A tcp-listen adapter's port. */
  private port?: number;
  private readonly connections: DapConnection[] = [];
  /** The connection that debugs the program: js-debug's child session, else the only one. */
  private target?: DapConnection;
  /** The program's first stop after the attach (with stopOnEntry, the attach's own), taken before configurationDone. */
  private firstStop?: Promise<DebugProtocol.StoppedEvent>;

  private constructor(private readonly spec: BareAttachSpec) {}

  /** initialize -> attach -> initialized -> setBreakpoints (when given) -> configurationDone, on the program's session. */
  static async attach(spec: BareAttachSpec, breakpoint?: { file: string; line: number }): Promise<BareAttach> {
    const b = new BareAttach(spec);
    try {
      const first = await b.connect();
      const child = new Promise<DapConnection>((resolve, reject) => {
        first.onReverseRequest('startDebugging', (a: DebugProtocol.StartDebuggingRequestArguments) => {
          void b.open().then((c) => b.configure(c, a.request, a.configuration, breakpoint).then(() => resolve(c)), reject);
          return {};
        });
      });
      child.catch(() => undefined);
      const children = spec.profile.childSessions;
      await b.configure(first, 'attach', spec.args, children ? undefined : breakpoint);
      b.target = children ? await bounded(child, ATTACH_MS, 'startDebugging') : first;
      return b;
    } catch (e) {
      await b.close();
      throw e;
    }
  }

  /** A promise of the program's next stop; take it before what causes the stop. */
  nextStop(timeoutMs = REQUEST_MS): Promise<DebugProtocol.StoppedEvent> {
    return this.nextStopOn(this.target!, timeoutMs);
  }

  private nextStopOn(c: DapConnection, timeoutMs: number): Promise<DebugProtocol.StoppedEvent> {
    const p = nextEvent(c, 'stopped', timeoutMs) as Promise<DebugProtocol.StoppedEvent>;
    p.catch(() => undefined);
    return p;
  }

  /** What the agent gets at a stop: the stopped thread's frames and the top frame's locals. */
  async frameAndLocals(threadId: number): Promise<void> {
    const c = this.target!;
    const st = (await c.request('stackTrace', { threadId, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
    const sc = (await c.request('scopes', { frameId: st.stackFrames[0]!.id })).body as DebugProtocol.ScopesResponse['body'];
    await c.request('variables', { variablesReference: sc.scopes[0]!.variablesReference });
  }

  /**
   * Every thread at one moment: pause (or, `attachStopped`, the stop the attach made: stopOnEntry),
   * threads, each thread's stack, the locals of each thread's nearest frame in `programFile`,
   * continue. Returns how many threads it read.
   */
  async snapshot(programFile: string, attachStopped = false): Promise<number> {
    const c = this.target!;
    let all = this.spec.allThreadsId ?? 1;
    if (attachStopped) await this.firstStop;
    else {
      const before = ((await c.request('threads')).body as DebugProtocol.ThreadsResponse['body']).threads;
      all = this.spec.allThreadsId ?? before[0]?.id ?? 1;
      const stopped = this.nextStop();
      // the profile's request an adapter needs before a pause (delve by pid drops a pause otherwise), as any client must send
      const prime = this.spec.profile.threads.beforePause;
      if (prime) await c.request(prime.request, prime.arguments);
      await c.request('pause', { threadId: all });
      await stopped;
    }
    const threads = ((await c.request('threads')).body as DebugProtocol.ThreadsResponse['body']).threads;
    for (const t of threads) {
      const st = (await c.request('stackTrace', { threadId: t.id, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
      const own = st.stackFrames.find((f) => f.source?.path === programFile);
      if (!own) continue;
      const sc = (await c.request('scopes', { frameId: own.id })).body as DebugProtocol.ScopesResponse['body'];
      if (sc.scopes[0]) await c.request('variables', { variablesReference: sc.scopes[0].variablesReference });
    }
    await c.request('continue', { threadId: this.spec.allThreadsId ?? threads[0]?.id ?? all });
    return threads.length;
  }

  /** Detaches, leaving the program running, and ends the adapter. */
  async close(): Promise<void> {
    for (const c of [...this.connections].reverse()) {
      await c.request('disconnect', { terminateDebuggee: false }, { timeoutMs: 5_000 }).catch(() => undefined);
      c.close('bench done');
    }
    await this.adapter?.kill();
  }

  private async configure(c: DapConnection, request: string, args: unknown, breakpoint?: { file: string; line: number }): Promise<void> {
    const initialized = nextEvent(c, 'initialized', ATTACH_MS);
    initialized.catch(() => undefined);
    await c.request('initialize', { adapterID: this.spec.profile.adapterId, linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path', supportsStartDebuggingRequest: true }, { timeoutMs: REQUEST_MS });
    if (!this.spec.profile.childSessions || c !== this.connections[0]) this.firstStop = this.nextStopOn(c, ATTACH_MS);
    const sent = c.request(request, args, { timeoutMs: ATTACH_MS });
    sent.catch(() => undefined);
    await initialized;
    if (breakpoint) await c.request('setBreakpoints', { source: { path: breakpoint.file }, breakpoints: [{ line: breakpoint.line }] });
    await c.request('configurationDone');
    await sent;
  }

  private async connect(): Promise<DapConnection> {
    const { profile } = this.spec;
    const [command, ...args] = this.spec.command;
    const env = { ...process.env, ...profile.adapter.env };
    if (profile.adapter.transport === 'stdio') {
      const started = startStdioAdapter(command!, args, { env });
      this.adapter = started.adapter;
      this.connections.push(started.connection);
      return started.connection;
    }
    if (profile.adapter.transport !== 'tcp-listen') throw new Error(`bare client: transport ${profile.adapter.transport} is not driven here`);
    this.port = await freePort();
    this.adapter = startAdapterProcess(command!, args.map((a) => a.replace('${port}', String(this.port))), { env });
    await waitForLine(this.adapter.child.stdout!, new RegExp(profile.adapter.listenPattern ?? '.'), 30_000);
    return this.open();
  }

  private async open(): Promise<DapConnection> {
    const { connection } = await connectTcp('127.0.0.1', this.port!, { waitMs: 10_000 });
    this.connections.push(connection);
    return connection;
  }
}

function bounded<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}
