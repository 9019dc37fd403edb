import { appendFileSync } from 'node:fs';
import type { ToolReply } from './gateway.js';
import { pidsMatching } from './processes.js';

/** Anything that answers tool calls: a stdio or an HTTP client. */
export interface ToolCaller {
  call(name: string, args?: Record<string, unknown>, timeoutMs?: number): Promise<ToolReply>;
}

/** One row of the fault matrix: how often the fault was injected and what broke. */
export interface FaultRow {
  fault: string;
  runs: number;
  crashes: number;
  hungCalls: number;
  calls: number;
  orphans: number;
  seen: string;
}

/**
 * Records one fault's runs: every call is timed against its bound (a call past it counts as hung,
 * and the MCP client gives up shortly after, so a hung call never hangs the test), a gateway that
 * stops answering counts as a crash, processes left by marker count as orphans. `seen` keeps the
 * first line of what the agent was told.
 */
export class FaultRecorder {
  readonly row: FaultRow;
  readonly log: string[] = [];

  constructor(fault: string) {
    this.row = { fault, runs: 0, crashes: 0, hungCalls: 0, calls: 0, orphans: 0, seen: '' };
  }

  async call(g: ToolCaller, name: string, args: Record<string, unknown>, boundMs: number): Promise<ToolReply | undefined> {
    const started = Date.now();
    this.row.calls++;
    try {
      const r = await g.call(name, args, boundMs + 5_000);
      const took = Date.now() - started;
      if (took > boundMs) {
        this.row.hungCalls++;
        this.log.push(`${name} took ${took} ms (bound ${boundMs} ms)`);
      }
      return r;
    } catch (e) {
      this.row.hungCalls++;
      this.log.push(`${name} did not answer: ${(e as Error).message}`);
      return undefined;
    }
  }

  /** What the agent saw, the first time: its first line(s), for the table. */
  saw(reply: ToolReply | undefined, pattern?: RegExp): void {
    if (this.row.seen || !reply) return;
    const line = pattern ? (reply.text.split('\n').find((l) => pattern.test(l)) ?? reply.text.split('\n')[0]!) : reply.text.split('\n')[0]!;
    this.row.seen = line.length > 160 ? `${line.slice(0, 157)}...` : line;
  }

  /** The gateway is alive if `alive()` says its process is there and a following call answers. */
  async checkAlive(g: ToolCaller, processAlive: () => boolean): Promise<void> {
    const r = await this.call(g, 'debug_sessions', {}, 10_000);
    if (!processAlive() || !r || r.isError) {
      this.row.crashes++;
      this.log.push(`gateway not answering after the fault: ${r?.text ?? 'no answer'}`);
    }
  }

  /** Counts processes still matching `marker` after `graceMs` (they had that long to go). */
  async checkGone(marker: string, graceMs = 10_000): Promise<void> {
    const end = Date.now() + graceMs;
    let left = pidsMatching(marker);
    while (left.length > 0 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 200));
      left = pidsMatching(marker);
    }
    if (left.length > 0) {
      this.row.orphans += left.length;
      this.log.push(`left behind (${marker}): ${left.join(', ')}`);
      for (const pid of left) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    }
  }

  /** Appends the row to FAULTS_ROWS (one JSON a line) for `npm run faults`, and prints it. */
  publish(): void {
    const text = JSON.stringify(this.row);
    console.log(`fault matrix: ${text}${this.log.length ? `\n  ${this.log.join('\n  ')}` : ''}`);
    if (process.env.FAULTS_ROWS) appendFileSync(process.env.FAULTS_ROWS, `${text}\n`);
  }

  /** True when the fault broke nothing; the log says what did. */
  get clean(): boolean {
    return this.row.crashes === 0 && this.row.hungCalls === 0 && this.row.orphans === 0 && this.row.runs > 0;
  }
}

export const processAlive = (pid: number | undefined) => () => {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
