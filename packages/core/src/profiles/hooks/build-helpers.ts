/** The first lines of a tool's complaint, for an error message. */
export function firstLines(text: string, count = 30): string {
  return text.trim().split('\n').slice(0, count).join('\n');
}

/** Shares one run among concurrent callers with the same key (two launches of one file build once). */
export class OncePerKey<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, work: () => Promise<T>): Promise<T> {
    let p = this.running.get(key);
    if (!p) {
      p = work().finally(() => this.running.delete(key));
      this.running.set(key, p);
    }
    return p;
  }
}
