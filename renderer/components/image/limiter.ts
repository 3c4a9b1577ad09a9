/** Runs at most `limit` tasks at a time, in the order they were scheduled; waiting tasks can be dropped by id. */
export function createLimiter(limit: number) {
  const waiting: { id: string; run: () => Promise<void> }[] = [];
  let active = 0;
  const pump = (): void => {
    while (active < limit && waiting.length > 0) {
      const next = waiting.shift()!;
      active += 1;
      void next.run().finally(() => {
        active -= 1;
        pump();
      });
    }
  };
  return {
    schedule(id: string, run: () => Promise<void>): void {
      waiting.push({ id, run });
      pump();
    },
    /** True when the task was still waiting (and now never runs). */
    drop(id: string): boolean {
      const index = waiting.findIndex((entry) => entry.id === id);
      if (index < 0) return false;
      waiting.splice(index, 1);
      return true;
    },
  };
}
