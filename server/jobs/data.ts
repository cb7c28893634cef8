// The job queue's queries. Every time is passed in (`now`) rather than read from the database,
// so one pass can be run at any moment in tests; app servers' clocks agree to well within a lease.
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { jobs } from "../db/tables.js";
import type { Db, Tx } from "../db/database.js";

export type Job = typeof jobs.$inferSelect;

export async function insertJob(
  db: Db | Tx,
  values: { kind: string; payload: unknown; uniqueKey?: string; runAt?: Date; maxAttempts?: number },
): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values(values)
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

/** Inserts many jobs of one kind in a few statements (no unique keys: each is a job of its own). */
export async function insertJobs(db: Db | Tx, kind: string, payloads: unknown[]): Promise<void> {
  // Well under the 65,535 parameters a statement may carry.
  const STEP = 5_000;
  for (let i = 0; i < payloads.length; i += STEP) {
    await db.insert(jobs).values(payloads.slice(i, i + STEP).map((payload) => ({ kind, payload })));
  }
}

/**
 * Takes up to `limit` due jobs of the given kinds for this server: each gets a lease until
 * now + leaseMs and one more attempt. SKIP LOCKED lets several servers claim at once without
 * waiting on or taking each other's rows; a job whose lease ran out (its server died) is due again.
 * Recurring kinds are never given up on, so they are claimable whatever their attempt count.
 */
export async function claimDueJobs(
  db: Db,
  opts: { kinds: string[]; recurringKinds: string[]; limit: number; now: Date; leaseMs: number },
): Promise<Job[]> {
  if (opts.kinds.length === 0 || opts.limit <= 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        lte(jobs.runAt, opts.now),
        inArray(jobs.kind, opts.kinds),
        or(lt(jobs.attempts, jobs.maxAttempts), opts.recurringKinds.length ? inArray(jobs.kind, opts.recurringKinds) : undefined),
        or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, opts.now)),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(opts.limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ lockedUntil: new Date(opts.now.getTime() + opts.leaseMs), attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning();
}

// The claim's attempt count fences the writes below: a server that kept running past its lease
// (and lost the job to another) finds no row to change.
const heldBy = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts));

export async function deleteJob(db: Db, job: Job): Promise<void> {
  await db.delete(jobs).where(heldBy(job));
}

/** Due again at runAt; attempts start over when `resetAttempts` (the next run of a recurring job). */
export async function rescheduleJob(
  db: Db,
  job: Job,
  values: { runAt: Date; lastError: string | null; resetAttempts?: boolean },
): Promise<void> {
  await db
    .update(jobs)
    .set({
      runAt: values.runAt,
      lastError: values.lastError,
      lockedUntil: null,
      ...(values.resetAttempts && { attempts: 0 }),
    })
    .where(heldBy(job));
}

/**
 * A job that failed its last attempt stays for people to look at (`attempts >= max_attempts`,
 * `run_at = 'infinity'`), out of the claim's index range, and gives up its unique key so the same
 * work can be queued again.
 */
export async function buryJob(db: Db, job: Job, lastError: string): Promise<void> {
  await db
    .update(jobs)
    .set({ runAt: sql`'infinity'::timestamptz`, lastError, lockedUntil: null, uniqueKey: null })
    .where(heldBy(job));
}
