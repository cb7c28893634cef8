// How many requests this server is answering right now, so background work can step aside
// while people wait (docs/decisions/228-background-work-yields-to-requests.md). server/index.ts
// makes one and hands it to the app (which counts) and to the job worker (which waits on it).
import type { RequestHandler } from "express";

/**
 * How long no request must be in flight for the server to count as quiet: a keep-alive client
 * sends its next request as soon as a reply is out, and waking background work in that gap
 * would give it the turn it was waiting for.
 */
const QUIET_FOR_MS = 10;

export class RequestsInFlight {
  private count = 0;
  private quietWaiters = new Set<() => void>();
  private quietCheck: NodeJS.Timeout | null = null;

  /** Counts a request from its arrival until its reply is out or its connection closes. */
  readonly track: RequestHandler = (req, res, next) => {
    // An event stream stays open for hours and costs nothing while idle: it is not work in flight.
    if ((req.headers.accept ?? "").includes("text/event-stream")) return next();
    this.count += 1;
    res.once("close", () => {
      this.count -= 1;
      if (this.count === 0 && this.quietWaiters.size > 0) this.quietCheck ??= setTimeout(this.wakeIfQuiet, QUIET_FOR_MS);
    });
    next();
  };

  private readonly wakeIfQuiet = () => {
    this.quietCheck = null;
    if (this.count === 0) for (const wake of [...this.quietWaiters]) wake();
  };

  get busy(): boolean {
    return this.count > 0;
  }

  /** How many callers of quiet() are waiting (background steps held back right now). */
  get waiting(): number {
    return this.quietWaiters.size;
  }

  /**
   * Resolves once no request has been in flight for QUIET_FOR_MS, or after maxMs at the latest
   * (so background work still moves on under constant load); at once when none is in flight.
   */
  quiet(maxMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.quietWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      this.quietWaiters.add(done);
    });
  }
}
