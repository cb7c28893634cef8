// The one background-work mechanism: jobs are rows in the
// `jobs` table, so any app server may run them and a restart loses none. Features queue work with
// enqueue() and declare what each kind does as a JobHandler; server/index.ts runs the worker.
import type { Db, Tx } from "../db/database.js";
import type { Logger } from "../logger.js";
import { insertJob, insertJobs, type Job } from "./data.js";

export type { Job };

export interface JobContext {
  db: Db;
  logger: Logger;
  /** The time the job was claimed at (a test's clock in tests). */
  now: Date;
  job: Job;
  /**
   * Between two steps of a longer job: lets the event loop turn, and while this server is
   * answering requests, waits for them (a little while at most) so they go first.
   */
  pause(): Promise<void>;
}

export interface JobHandler<Payload = unknown> {
  /**
   * Does the work. Jobs run at least once: after a crash, or a run longer than the lease, a job
   * may run again, so handlers must be safe to repeat. Throwing retries the job later.
   */
  run(payload: Payload, ctx: JobContext): Promise<void>;
  /**
   * Set for recurring work (sweeps, retention): one row per kind, seeded at start-up, due again
   * this many milliseconds after each run, and never given up on.
   */
  everyMs?: number;
}

/**
 * Handlers by job kind; a server claims only the kinds it has handlers for. (`never`: each kind
 * has its own payload type, and any handler fits.)
 */
export type JobHandlers = Record<string, JobHandler<never>>;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one queued job with this key: a second enqueue with it does nothing. */
  uniqueKey?: string;
  /** Attempts before the job is given up (default 5). */
  maxAttempts?: number;
}

/**
 * Queues a job. Pass a transaction to queue it only if the transaction commits. Returns the
 * job's id, or null when a job with the same uniqueKey is already queued.
 */
export function enqueue(db: Db | Tx, kind: string, payload: unknown = {}, opts: EnqueueOptions = {}): Promise<number | null> {
  return insertJob(db, { kind, payload, ...opts });
}

/** Queues one job per payload, all due now, in a few statements (large imports queue thousands). */
export function enqueueMany(db: Db | Tx, kind: string, payloads: unknown[]): Promise<void> {
  return insertJobs(db, kind, payloads);
}

/** The unique key of a recurring kind's one row. */
export const recurringKey = (kind: string) => `recurring:${kind}`;
