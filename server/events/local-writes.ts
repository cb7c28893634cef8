// Read-your-writes on this server. A
// write's change reaches the in-memory versions and the session cache only when its NOTIFY
// arrives, a little after the commit; a reply sent before that would let the writer's own
// refetch get a stale 304, or a just-revoked session pass from memory. So each write made
// through this server counts as unsettled from its start until a barrier, NOTIFYed on the
// same channel after it replied, comes back: NOTIFYs arrive in commit order, so by then its
// changes have been applied. Meanwhile its user's versioned reads go to the database, and
// nobody's session is taken from memory.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.js";
import type { Logger } from "../logger.js";
import { CHANGE_CHANNEL, type ChangeBus } from "./change-bus.js";

/** A barrier not heard by then is given up on: the bus is deaf, which it will notice itself. */
const DEFAULT_BARRIER_TIMEOUT_MS = 10_000;

export interface LocalWritesOptions {
  bus: ChangeBus;
  /** Sends a payload on the change channel: `notifyThrough(db)`. */
  notify: (payload: string) => Promise<unknown>;
  logger?: Logger;
  barrierTimeoutMs?: number;
}

/** A NOTIFY on the change channel, through the database every server listens to. */
export const notifyThrough = (db: Db) => (payload: string) => db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${payload})`);

export class LocalWrites {
  private unsettled = 0;
  private unsettledByUser = new Map<number, number>();
  private waiting = new Map<string, () => void>();
  private sent = 0;
  /** Barrier tokens name this process: every server hears every barrier. */
  private readonly name = randomBytes(6).toString("base64url");

  constructor(private options: LocalWritesOptions) {
    options.bus.onBarrier((token) => this.waiting.get(token)?.());
  }

  /** No write made through this server is still waiting for its changes to be heard. */
  get settled(): boolean {
    return this.unsettled === 0;
  }

  /** No write of this user's, made through this server, is still waiting to be heard. */
  settledFor(userId: number): boolean {
    return !this.unsettledByUser.has(userId);
  }

  /**
   * A write starts (call it before the write touches the database). Call the function it
   * returns once the write has replied; the write settles when its barrier comes back.
   */
  begin(userId?: number): () => void {
    this.unsettled += 1;
    if (userId !== undefined) this.unsettledByUser.set(userId, (this.unsettledByUser.get(userId) ?? 0) + 1);
    let ended = false;
    const settle = () => {
      this.unsettled -= 1;
      if (userId === undefined) return;
      const left = (this.unsettledByUser.get(userId) ?? 1) - 1;
      if (left > 0) this.unsettledByUser.set(userId, left);
      else this.unsettledByUser.delete(userId);
    };
    return () => {
      if (ended) return;
      ended = true;
      // With the bus deaf its NOTIFYs are lost anyway, and its return (a new epoch, a resync)
      // makes nothing from before trusted: nothing to wait for.
      if (!this.options.bus.live) return settle();
      this.sent += 1;
      const token = `${this.name}-${this.sent}`;
      const done = () => {
        clearTimeout(timer);
        this.waiting.delete(token);
        settle();
      };
      const timer = setTimeout(() => {
        this.options.logger?.warn({ token }, "change bus: a write's barrier was not heard in time");
        done();
      }, this.options.barrierTimeoutMs ?? DEFAULT_BARRIER_TIMEOUT_MS);
      timer.unref();
      this.waiting.set(token, done);
      this.options.notify(JSON.stringify({ barrier: token })).catch((err: unknown) => {
        // The database is unreachable: no write went through either.
        this.options.logger?.warn({ err }, "change bus: could not send a write's barrier");
        done();
      });
    };
  }
}
