export interface Entry {
  seq: number;
  at: number;
}

export interface ReadResult<T> {
  entries: T[];
  /** Pass this as `since` next time to get only what came after. */
  next: number;
  /** Entries after `since` that were evicted before they could be read. */
  dropped: number;
  /** More entries matched than `max` allowed; read again from `next`. */
  more: boolean;
}

/**
 * A bounded, append-only log with a monotonic sequence number. Readers keep a cursor (`since`);
 * what overflowed is counted, never silently lost. Bounded by entry count and by total weight
 * (characters, for output).
 */
export class CursorLog<T extends Entry> {
  private entries: T[] = [];
  private nextSeq = 1;
  private weight = 0;
  private waiters = new Set<() => void>();
  private readonly listeners = new Set<(entry: T) => void>();

  /** Calls `listener` for every appended entry; returns the unsubscribe function. */
  onAppend(listener: (entry: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
    private readonly weigh: (entry: T) => number = () => 1,
  ) {}

  append(value: Omit<T, 'seq' | 'at'>): T {
    const entry = { ...value, seq: this.nextSeq++, at: Date.now() } as T;
    this.entries.push(entry);
    this.weight += this.weigh(entry);
    while (this.entries.length > 1 && (this.entries.length > this.maxEntries || this.weight > this.maxWeight)) {
      this.weight -= this.weigh(this.entries.shift()!);
    }
    for (const wake of this.waiters) wake();
    this.waiters.clear();
    for (const listener of this.listeners) listener(entry);
    return entry;
  }

  /** The seq the next entry will get; a cursor that reads nothing already in the log. */
  get cursor(): number {
    return this.nextSeq - 1;
  }

  read(since = 0, filter: (e: T) => boolean = () => true, max = Number.POSITIVE_INFINITY): ReadResult<T> {
    const first = this.entries[0]?.seq ?? this.nextSeq;
    const dropped = Math.max(0, first - since - 1);
    const after = this.entries.filter((e) => e.seq > since && filter(e));
    const entries = after.slice(0, max);
    const more = after.length > entries.length;
    const next = more ? entries[entries.length - 1]!.seq : this.cursor;
    return { entries, next, dropped, more };
  }

  /** The last `count` entries matching `filter`. */
  tail(count: number, filter: (e: T) => boolean = () => true): T[] {
    return this.entries.filter(filter).slice(-count);
  }

  /** Resolves when an entry newer than `since` exists, or after `waitMs`, or on abort. */
  waitForNewer(since: number, waitMs: number, signal?: AbortSignal): Promise<void> {
    if (this.cursor > since || waitMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, waitMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}
