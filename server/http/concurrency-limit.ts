// Bounds expensive work per process: image thumbnails, flyer renders.
// Runs at most `max` tasks at once; up to `maxWaiting` more wait their turn in order, and past
// that a task is refused at once rather than queued without bound.

export class TooBusyError extends Error {
  constructor() {
    super("Too many tasks are waiting");
  }
}

export type Limited = <T>(task: () => Promise<T>) => Promise<T>;

export function concurrencyLimit(max: number, maxWaiting: number): Limited {
  let active = 0;
  const waiting: Array<() => void> = [];

  return async (task) => {
    if (active < max) active += 1;
    else if (waiting.length < maxWaiting) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw new TooBusyError();
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiting task, so `active` never goes over max.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
