/** The thread a pause without threadId acts on: the first that is not one of the runtime's own (`threads.systemThreads`), else the first. */
export function pauseTarget<T extends { name?: string }>(threads: readonly T[], systemThreads: string | undefined): T | undefined {
  const system = systemThreads ? new RegExp(systemThreads) : undefined;
  return threads.find((t) => !system?.test(t.name ?? '')) ?? threads[0];
}
