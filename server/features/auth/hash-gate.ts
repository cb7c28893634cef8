// scrypt at our cost takes 128 MiB and a libuv worker thread for a few hundred milliseconds.
// Unbounded, a handful of anonymous requests fill every worker thread (which compression, file
// reads and DNS share) and the memory bus, and every other request waits behind them. So each
// process runs at most a couple of hashes at once, queues a few more, and turns the rest away
// at once with 503 rather than letting the queue, and everyone's wait, grow without bound.
import { HttpError } from "../../http/http-error.js";

export const SERVER_BUSY = "The server is busy, please try again in a moment";

export class HashGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Hashes admitted since start (run or queued): lets tests see that a request hashed nothing. */
  admitted = 0;

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
  ) {}

  /** No place left: the next task would be turned away. */
  get full(): boolean {
    return this.running >= this.maxRunning && this.waiting.length >= this.maxWaiting;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxRunning) {
      if (this.full) throw new HttpError(503, SERVER_BUSY);
      this.admitted += 1;
      // A finishing task hands its slot straight to the next in line, so a newcomer cannot slip in.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.admitted += 1;
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/**
 * The process's one gate: every scrypt call (sign-in, registration, setup) passes through it.
 * A sign-in for an unknown username takes no place in it (sign-in-decoy.ts, decision 224).
 */
export const passwordHashGate = new HashGate(2, 10);
