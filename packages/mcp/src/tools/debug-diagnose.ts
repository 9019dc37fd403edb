import { params, tool, type ToolArgs, type ToolContext } from './register.js';
import { ok, type ToolResult } from './result.js';
import { headline } from '../format/session.js';
import { outputs } from './output-schemas.js';
import { readHealth } from '../health.js';

const config = {
  title: 'Diagnose',
  description: 'Adapter command, stderr, capabilities, DAP traffic, pending requests.',
  input: { sessionId: params.sessionId },
  output: outputs.diagnose,
  annotations: { readOnlyHint: true },
};

export async function debugDiagnose(a: ToolArgs<typeof config.input>, { manager }: ToolContext): Promise<ToolResult> {
  const s = manager.get(a.sessionId);
  const d = s.diagnostics();
  const health = readHealth();
  const caps = Object.entries(s.capabilities).filter(([, v]) => v === true).map(([k]) => k.replace(/^supports/, ''));
  const lines = [
    `${headline(s)} is ${s.state}${s.failure ? ` (failed: ${s.failure.reason})` : ''}`,
    `adapter: ${s.adapterCommand?.join(' ') ?? '(connected to the target directly)'}${s.adapterPid ? ` pid ${s.adapterPid}` : ''}${d.adapterExit ? `, ${d.adapterExit}` : ''}`,
    `${s.kind} arguments: ${JSON.stringify(s.requestArguments)}`,
    `capabilities: ${caps.join(', ') || '(none reported)'}`,
    `exception filters offered: ${(s.capabilities.exceptionBreakpointFilters ?? []).map((f) => f.filter).join(', ') || '(none)'}`,
    `pending requests: ${d.pendingRequests.map((p) => `#${p.seq} ${p.command} (${p.ageMs} ms)`).join(', ') || 'none'}`,
    'recent DAP traffic:',
    ...d.traffic.slice(-20).map((t) => `  ${new Date(t.at).toISOString().slice(11, 23)} ${t.direction === 'out' ? '->' : '<-'} ${t.summary}`),
    `adapter stderr (tail):\n${s.stderrTail(15) || '  (empty)'}`,
    `gateway: event-loop delay p99 ${health.eventLoopDelayMs.p99} ms (max ${health.eventLoopDelayMs.max} ms) since the last diagnose, rss ${health.rssMb} MB, heap ${health.heapUsedMb} MB, ${manager.list().filter((x) => x.live).length} live sessions, ${manager.warmAdapterPids().length} warm adapters`,
  ];
  return ok(lines.join('\n'), {
    sessionId: s.id,
    state: s.state,
    adapterCommand: s.adapterCommand,
    requestArguments: s.requestArguments,
    pid: s.adapterPid,
    capabilities: s.capabilities,
    pendingRequests: d.pendingRequests,
    traffic: d.traffic.slice(-20),
    stderrTail: s.stderrTail(15),
    gateway: { ...health, liveSessions: manager.list().filter((x) => x.live).length, warmAdapterPids: manager.warmAdapterPids() },
  });
}

export const debugDiagnoseTool = tool('debug_diagnose', config, debugDiagnose);
