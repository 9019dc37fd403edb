import type { DapClient } from '../connection/dap-client.js';
import type { Session } from '../session.js';
import type { ThreadEntry } from '../threads/threads.js';

/**
 * The runtime's own word for what each paused thread waits on (profile `snapshot.waitReason`), for
 * one snapshot. With a `table` the per-thread expression reads only the reason's number (delve:
 * `runtime.curg.waitreason`, under 1 ms) and the runtime's names for the numbers are read once (delve:
 * `runtime.waitReasonStrings`, one evaluate without a frame and one variables): indexing the runtime's table in
 * every goroutine costs delve 15-45 ms per goroutine. dapgate's own expressions, not the agent's:
 * no evaluation policy.
 */
export class WaitReasons {
  /** Per connection (each target its own runtime): the table, read once. */
  private readonly tables = new Map<DapClient, Promise<Map<number, string>>>();
  /** Numbers the table did not list, each asked for once per connection. */
  private readonly single = new Map<DapClient, Map<number, Promise<string | undefined>>>();

  constructor(
    private readonly s: Session,
    private readonly timeoutMs: () => number,
  ) {}

  /** The thread's wait reason, read in its top frame; undefined where it does not wait or the runtime does not say. */
  async of(t: ThreadEntry, frameId: number): Promise<string | undefined> {
    const spec = this.s.profile.snapshot.waitReason;
    if (!spec) return undefined;
    try {
      const r = await this.s.send('evaluate', { expression: spec.expression, frameId, context: 'watch' }, this.timeoutMs(), t.client);
      const groups = new RegExp(spec.value).exec(r?.result ?? '')?.groups;
      if (groups?.reason !== undefined || !spec.table || groups?.index === undefined) return groups?.reason || undefined;
      return (await this.named(Number(groups.index), t.client)) || undefined;
    } catch {
      return undefined;
    }
  }

  /** The runtime's name for reason number `index`: from the table (read once), else asked for alone. */
  private async named(index: number, client: DapClient): Promise<string | undefined> {
    let table = this.tables.get(client);
    if (!table) this.tables.set(client, (table = this.readTable(client)));
    const read = await table;
    if (read.has(index)) return read.get(index);
    let asked = this.single.get(client);
    if (!asked) this.single.set(client, (asked = new Map()));
    let one = asked.get(index);
    if (!one) asked.set(index, (one = this.evaluateItem(`(${this.s.profile.snapshot.waitReason!.table!.expression})[${index}]`, client)));
    return one;
  }

  /**
   * The table's items by index (`[i]`), as far as the adapter lists them; empty when it cannot be
   * read. Evaluated without a frame (the global scope): delve resolves the runtime's global in
   * 4-17 ms so, in 48-67 ms in a goroutine's frame.
   */
  private async readTable(client: DapClient): Promise<Map<number, string>> {
    const spec = this.s.profile.snapshot.waitReason!.table!;
    const out = new Map<number, string>();
    try {
      const r = await this.s.send('evaluate', { expression: spec.expression, context: 'watch' }, this.timeoutMs(), client);
      if (!r?.variablesReference) return out;
      const items = await this.s.send('variables', { variablesReference: r.variablesReference }, this.timeoutMs(), client);
      const item = new RegExp(spec.item);
      for (const v of items?.variables ?? []) {
        const index = /^\[(\d+)\]$/.exec(v.name)?.[1];
        const reason = item.exec(v.value)?.groups?.reason;
        if (index !== undefined && reason !== undefined) out.set(Number(index), reason);
      }
    } catch {
      /* unreadable: each number is asked for alone */
    }
    return out;
  }

  private async evaluateItem(expression: string, client: DapClient): Promise<string | undefined> {
    try {
      const r = await this.s.send('evaluate', { expression, context: 'watch' }, this.timeoutMs(), client);
      return new RegExp(this.s.profile.snapshot.waitReason!.table!.item).exec(r?.result ?? '')?.groups?.reason;
    } catch {
      return undefined;
    }
  }
}
