export interface SettledRun<T> {
  succeeded: T[];
  failed: T[];
  /** Items never started because the run was stopped. */
  skipped: T[];
}

interface SettleOptions {
  /** How many tasks run at once. */
  concurrency: number;
  /** Called after each task settles, with how many have settled so far. */
  onSettled?(settled: number): void;
  /** Checked before each start: once true, the remaining items are skipped (running ones finish). */
  shouldStop?(): boolean;
}

/**
 * Runs `task` for every item, a few at a time, and never rejects: each item lands in succeeded
 * or failed, so one failure neither stops the others nor hides which items are left to retry.
 */
export async function settleLimited<T>(
  items: readonly T[],
  task: (item: T) => Promise<unknown>,
  { concurrency, onSettled, shouldStop }: SettleOptions,
): Promise<SettledRun<T>> {
  const result: SettledRun<T> = { succeeded: [], failed: [], skipped: [] };
  let next = 0;
  let settled = 0;
  const worker = async () => {
    while (next < items.length) {
      if (shouldStop?.()) return;
      const item = items[next++];
      try {
        await task(item);
        result.succeeded.push(item);
      } catch {
        result.failed.push(item);
      }
      onSettled?.(++settled);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  result.skipped = items.slice(next);
  return result;
}
