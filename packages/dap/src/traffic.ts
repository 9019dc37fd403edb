import type { DebugProtocol } from '@vscode/debugprotocol';

export interface TrafficEntry {
  at: number;
  direction: 'out' | 'in';
  summary: string;
}

/** A short ring of recent DAP messages, for diagnosing a stuck or failing adapter. */
export class TrafficLog {
  private readonly entries: TrafficEntry[] = [];
  constructor(private readonly capacity = 50) {}

  record(direction: 'out' | 'in', message: DebugProtocol.ProtocolMessage): void {
    this.entries.push({ at: Date.now(), direction, summary: summarize(message) });
    if (this.entries.length > this.capacity) this.entries.shift();
  }

  recent(): TrafficEntry[] {
    return [...this.entries];
  }
}

function summarize(m: DebugProtocol.ProtocolMessage): string {
  const json = (v: unknown) => {
    const s = JSON.stringify(v ?? {});
    return s.length > 160 ? `${s.slice(0, 157)}...` : s;
  };
  if (m.type === 'request') {
    const r = m as DebugProtocol.Request;
    return `request #${r.seq} ${r.command} ${json(r.arguments)}`;
  }
  if (m.type === 'response') {
    const r = m as DebugProtocol.Response;
    return `response #${r.request_seq} ${r.command} ${r.success ? 'ok' : `FAILED ${r.message ?? ''}`}`;
  }
  if (m.type === 'event') {
    const e = m as DebugProtocol.Event;
    return `event ${e.event} ${json(e.body)}`;
  }
  return json(m);
}
