// Bounds expensive work per process: image thumbnails, flyer renders, password hashes.
// Runs at most `max` tasks at once (p-limit); up to `maxWaiting` more wait their turn in order,
// and past that a task is refused at once rather than queued without bound.
import pLimit from "p-limit";

export class TooBusyError extends Error {
  constructor() {
    super("Too many tasks are waiting");
  }
}

export interface Limited {
  <T>(task: () => Promise<T>): Promise<T>;
  /** No place left: the next task would be refused. */
  readonly full: boolean;
}

export function concurrencyLimit(max: number, maxWaiting: number): Limited {
  const limit = pLimit(max);
  // p-limit starts a queued task on a later microtask, so running and queued are counted together.
  const full = () => limit.activeCount + limit.pendingCount >= max + maxWaiting;
  const limited = <T>(task: () => Promise<T>): Promise<T> => (full() ? Promise.reject(new TooBusyError()) : limit(task));
  return Object.defineProperty(limited, "full", { get: full }) as Limited;
}
