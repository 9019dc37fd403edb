import type { DapConnection } from '@dapgate/dap';
import type { DebugProtocol } from '@vscode/debugprotocol';

/** What a client sent and received: requests (calls) and the characters of their answers. */
export interface Meter {
  calls: number;
  chars: number;
}

/** Counts every request on a connection and the JSON size of its response body. */
export function meter(c: DapConnection, m: Meter): void {
  const request = c.request.bind(c);
  c.request = (async (...args: Parameters<DapConnection['request']>) => {
    m.calls++;
    const r = await request(...args);
    m.chars += JSON.stringify(r.body ?? {}).length;
    return r;
  }) as DapConnection['request'];
}

/** Top frame's line and the first scope's variables, as name -> value. */
export async function whereAndLocals(c: DapConnection, threadId: number): Promise<{ frameId: number; line: number; locals: Record<string, string> }> {
  const st = (await c.request('stackTrace', { threadId, levels: 20 })).body as DebugProtocol.StackTraceResponse['body'];
  const frame = st.stackFrames[0]!;
  const sc = (await c.request('scopes', { frameId: frame.id })).body as DebugProtocol.ScopesResponse['body'];
  const vars = (await c.request('variables', { variablesReference: sc.scopes[0]!.variablesReference })).body as DebugProtocol.VariablesResponse['body'];
  return { frameId: frame.id, line: frame.line, locals: Object.fromEntries(vars.variables.map((v) => [v.name, v.value])) };
}
