// scrypt at our cost takes 128 MiB and a libuv worker thread for a few hundred milliseconds.
// Unbounded, a handful of anonymous requests fill every worker thread (which compression, file
// reads and DNS share) and the memory bus, and every other request waits behind them. So each
// process runs at most a couple of hashes at once, queues a few more, and turns the rest away
// at once with 503 rather than letting the queue, and everyone's wait, grow without bound.
import { concurrencyLimit, type Limited } from "../../http/concurrency-limit.js";
import { HttpError } from "../../http/http-error.js";

export const SERVER_BUSY = "The server is busy, please try again in a moment";

export class HashGate {
  private readonly limited: Limited;
  /** Hashes admitted since start (run or queued): lets tests see that a request hashed nothing. */
  admitted = 0;

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {
    this.limited = concurrencyLimit(maxRunning, maxWaiting);
  }

  /** No place left: the next task would be turned away. */
  get full(): boolean {
    return this.limited.full;
  }

  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.full) return Promise.reject(new HttpError(503, SERVER_BUSY));
    this.admitted += 1;
    return this.limited(task);
  }
}

/**
 * The process's one gate: every scrypt call (sign-in, registration, setup) passes through it.
 * A sign-in for an unknown username takes no place in it (sign-in-decoy.ts).
 */
export const passwordHashGate = new HashGate(2, 10);
