// express-rate-limit's store over our own database: every app server counts against the same
// limit, so adding servers does not multiply anyone's allowance.
import { createHash } from "node:crypto";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { ClientRateLimitInfo, Options, Store } from "express-rate-limit";
import { rateLimitCounters } from "../db/tables.js";
import type { Db } from "../db/database.js";

export class DbRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private prunedAt = 0;

  /** `prefix` keeps one limiter's keys apart from another's in the shared table. */
  constructor(
    private db: Db,
    readonly prefix: string,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  // Hashed, so the table holds no addresses or usernames and every key has one length.
  private rowKey(key: string): string {
    return createHash("sha256").update(`${this.prefix}${key}`).digest("base64url");
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const [row] = await this.db
      .select({ hits: rateLimitCounters.hits, resetAt: rateLimitCounters.resetAt })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.key, this.rowKey(key)), gt(rateLimitCounters.resetAt, sql`now()`)));
    return row ? { totalHits: row.hits, resetTime: row.resetAt } : undefined;
  }

  // One statement, so concurrent failures on several servers never lose a count. The database's
  // clock decides when a window ends, so servers with skewed clocks still agree.
  async increment(key: string): Promise<ClientRateLimitInfo> {
    this.pruneNowAndThen();
    const expired = sql`${rateLimitCounters.resetAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitCounters)
      .values({ key: this.rowKey(key), hits: 1, resetAt: sql`now() + make_interval(secs => ${this.windowMs / 1000})` })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
          resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
        },
      })
      .returning({ hits: rateLimitCounters.hits, resetAt: rateLimitCounters.resetAt });
    return { totalHits: row.hits, resetTime: row.resetAt };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .update(rateLimitCounters)
      .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
      .where(eq(rateLimitCounters.key, this.rowKey(key)));
  }

  async resetKey(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, this.rowKey(key)));
  }

  // Rows of ended windows are dead weight; clearing them once a window per server is plenty.
  private pruneNowAndThen() {
    if (Date.now() - this.prunedAt < this.windowMs) return;
    this.prunedAt = Date.now();
    this.db
      .delete(rateLimitCounters)
      .where(lt(rateLimitCounters.resetAt, sql`now()`))
      .catch(() => {});
  }
}
