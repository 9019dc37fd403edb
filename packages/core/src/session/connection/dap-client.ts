import { EventEmitter } from 'node:events';
import type { DebugProtocol as P } from '@vscode/debugprotocol';
import type { DapConnection, ReverseRequestHandler } from '@dapgate/dap';
import { GatewayError } from '../../errors.js';
import { boundedOnce } from '../bounded-wait.js';

type Args<R extends P.Request> = R extends { arguments: infer A } ? A : R extends { arguments?: infer A } ? A | undefined : undefined;
type Body<R extends P.Response> = R extends { body: infer B } ? B : R extends { body?: infer B } ? B | undefined : undefined;
type Entry<Req extends P.Request, Res extends P.Response> = { args: Args<Req>; body: Body<Res> };

/** The DAP requests the gateway sends, with their argument and response-body types. */
export interface RequestMap {
  initialize: Entry<P.InitializeRequest, P.InitializeResponse>;
  launch: { args: P.LaunchRequestArguments | Record<string, unknown>; body: undefined };
  attach: { args: P.AttachRequestArguments | Record<string, unknown>; body: undefined };
  configurationDone: Entry<P.ConfigurationDoneRequest, P.ConfigurationDoneResponse>;
  disconnect: Entry<P.DisconnectRequest, P.DisconnectResponse>;
  terminate: Entry<P.TerminateRequest, P.TerminateResponse>;
  setBreakpoints: Entry<P.SetBreakpointsRequest, P.SetBreakpointsResponse>;
  setFunctionBreakpoints: Entry<P.SetFunctionBreakpointsRequest, P.SetFunctionBreakpointsResponse>;
  setExceptionBreakpoints: Entry<P.SetExceptionBreakpointsRequest, P.SetExceptionBreakpointsResponse>;
  setDataBreakpoints: Entry<P.SetDataBreakpointsRequest, P.SetDataBreakpointsResponse>;
  dataBreakpointInfo: Entry<P.DataBreakpointInfoRequest, P.DataBreakpointInfoResponse>;
  continue: Entry<P.ContinueRequest, P.ContinueResponse>;
  next: Entry<P.NextRequest, P.NextResponse>;
  stepIn: Entry<P.StepInRequest, P.StepInResponse>;
  stepOut: Entry<P.StepOutRequest, P.StepOutResponse>;
  pause: Entry<P.PauseRequest, P.PauseResponse>;
  threads: Entry<P.ThreadsRequest, P.ThreadsResponse>;
  stackTrace: Entry<P.StackTraceRequest, P.StackTraceResponse>;
  scopes: Entry<P.ScopesRequest, P.ScopesResponse>;
  variables: Entry<P.VariablesRequest, P.VariablesResponse>;
  evaluate: Entry<P.EvaluateRequest, P.EvaluateResponse>;
  setVariable: Entry<P.SetVariableRequest, P.SetVariableResponse>;
  source: Entry<P.SourceRequest, P.SourceResponse>;
  exceptionInfo: Entry<P.ExceptionInfoRequest, P.ExceptionInfoResponse>;
}
export type Command = keyof RequestMap;

/**
 * How a session's parts send a request, in one shape: the command, its arguments, then
 * `timeoutMs` (undefined: the session's request timeout) and the connection, named at every call
 * (`Client` admits undefined where a part means the one program state lives on now). The session's
 * failure handling applies (Session.send). `Allowed` narrows the commands a part may send.
 */
export type SendRequest<Allowed extends Command = Command, Client extends DapClient | undefined = DapClient> = <C extends Allowed>(
  command: C,
  args: RequestMap[C]['args'],
  timeoutMs: number | undefined,
  client: Client,
) => Promise<RequestMap[C]['body']>;

/** Requests an adapter must announce before the gateway sends them. */
const GATES: Partial<Record<Command, keyof P.Capabilities>> = {
  configurationDone: 'supportsConfigurationDoneRequest',
  terminate: 'supportsTerminateRequest',
  setFunctionBreakpoints: 'supportsFunctionBreakpoints',
  setDataBreakpoints: 'supportsDataBreakpoints',
  dataBreakpointInfo: 'supportsDataBreakpoints',
  setVariable: 'supportsSetVariable',
  exceptionInfo: 'supportsExceptionInfoRequest',
};

export const INITIALIZE_ARGS = (adapterID: string): P.InitializeRequestArguments => ({
  clientID: 'dapgate',
  clientName: 'dapgate',
  adapterID,
  locale: 'en',
  linesStartAt1: true,
  columnsStartAt1: true,
  pathFormat: 'path',
  supportsVariableType: true,
  supportsVariablePaging: true,
  supportsRunInTerminalRequest: true,
  supportsStartDebuggingRequest: true,
  supportsProgressReporting: false,
  supportsInvalidatedEvent: false,
  supportsMemoryReferences: false,
});

export interface ClientRequestOptions {
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * One DAP connection seen as typed requests (like VS Code's RawDebugSession): `request('stackTrace',
 * args)` checks the arguments and the response body at compile time; a request the adapter did not
 * announce fails with "not supported" before it is sent. Capabilities come from `initialize` and
 * later `capabilities` events. Holds no session state; a session has one client per connection
 * (the adapter's, and one per child session an adapter starts).
 */
export class DapClient extends EventEmitter<{ event: [P.Event]; close: [string] }> {
  capabilities: P.Capabilities = {};
  private readonly closing = new AbortController();
  private closeReason = '';

  constructor(
    readonly connection: DapConnection,
    private readonly adapterName: string,
  ) {
    super();
    connection.on('event', (e) => {
      if (e.event === 'capabilities') this.capabilities = { ...this.capabilities, ...(e as P.CapabilitiesEvent).body.capabilities };
      this.emit('event', e);
    });
    connection.on('close', (reason) => {
      this.closeReason = reason;
      this.closing.abort();
      this.emit('close', reason);
    });
  }

  /** Aborted once the connection closed. */
  get closedSignal(): AbortSignal {
    return this.closing.signal;
  }

  get closed(): boolean {
    return this.connection.closed;
  }

  supports(command: Command): boolean {
    const gate = GATES[command];
    return !gate || !!this.capabilities[gate];
  }

  async request<C extends Command>(command: C, args: RequestMap[C]['args'], options: ClientRequestOptions = {}): Promise<RequestMap[C]['body']> {
    if (!this.supports(command)) {
      throw new GatewayError(`${this.adapterName} does not support '${command}' (it did not announce ${GATES[command]})`, undefined, { code: 'not-supported' });
    }
    const r = await this.connection.request(command, args, options);
    return r.body as RequestMap[C]['body'];
  }

  /** A request the adapter offers beyond DAP, named by a profile (e.g. java-debug's pauseOthers). */
  async requestCustom(command: string, args: Record<string, unknown>, timeoutMs: number): Promise<unknown> {
    return (await this.connection.request(command, args, { timeoutMs })).body;
  }

  /** `initialize`; its answer becomes the capabilities (merged with any announced before it). */
  async initialize(adapterId: string, options: ClientRequestOptions): Promise<P.Capabilities> {
    const caps = (await this.request('initialize', INITIALIZE_ARGS(adapterId), options)) ?? {};
    this.capabilities = { ...caps, ...this.capabilities };
    return this.capabilities;
  }

  /** The next event named `name`; rejects on timeout or when the connection closes first. */
  async nextEvent(name: string, timeoutMs: number): Promise<P.Event> {
    const r = await boundedOnce<[P.Event]>(this, 'event', { timeoutMs, signal: this.closedSignal, until: (e) => e.event === name });
    if (r.outcome === 'done') return r.value[0];
    if (r.outcome === 'cancelled') throw new Error(`connection closed before '${name}': ${this.closeReason}`);
    throw new Error(`the adapter sent no '${name}' event within ${timeoutMs} ms`);
  }

  onReverseRequest(command: string, handler: ReverseRequestHandler): void {
    this.connection.onReverseRequest(command, handler);
  }

  close(reason: string): void {
    this.connection.close(reason);
  }
}
