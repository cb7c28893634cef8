// Runs queued jobs: claims due ones (data.ts), runs their handler, and deletes, retries, buries
// or reschedules each. server/index.ts starts one worker per app server; tests run single passes
// with runDueJobs() on a clock of their own.
import type { Db } from "../db/database.js";
import { createLogger, type Logger } from "../logger.js";
import { buryJob, claimDueJobs, deleteJob, insertJob, rescheduleJob, type Job } from "./data.js";
import { recurringKey, type JobHandlers } from "./queue.js";

/** How long a claimed job is this server's; past it, another server may take the job over. */
export const DEFAULT_LEASE_MS = 5 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const MAX_ERROR_LENGTH = 2_000;

/** 30 s after the first failure, doubling each time, at most an hour. */
export const retryDelayMs = (attempts: number) => Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);
const describe = (err: unknown) => String(err instanceof Error ? err.message : err).slice(0, MAX_ERROR_LENGTH);

/** Where the requests this server is answering can be waited on (server/http/requests-in-flight.ts). */
export interface RequestsToYieldTo {
  quiet(maxMs: number): Promise<void>;
}

/**
 * The longest a job's pause waits for the requests in flight: under constant load, background
 * work still takes a step this often (per job running), and the requests get the rest.
 */
export const MAX_PAUSE_MS = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Runner {
  db: Db;
  handlers: JobHandlers;
  logger: Logger;
  leaseMs: number;
  requests?: RequestsToYieldTo;
  maxPauseMs: number;
}

function pauseFor({ requests, maxPauseMs }: Runner): () => Promise<void> {
  return async () => {
    await nextTurn();
    await requests?.quiet(maxPauseMs);
  };
}

function claim(runner: Runner, limit: number, now: Date): Promise<Job[]> {
  const kinds = Object.keys(runner.handlers);
  const recurringKinds = kinds.filter((kind) => runner.handlers[kind].everyMs !== undefined);
  return claimDueJobs(runner.db, { kinds, recurringKinds, limit, now, leaseMs: runner.leaseMs });
}

async function runJob(runner: Runner, job: Job, now: Date): Promise<"done" | "failed"> {
  const { db, handlers, logger } = runner;
  const handler = handlers[job.kind];
  const log = logger.child({ job: job.id, kind: job.kind, attempt: job.attempts });
  const every = handler.everyMs;
  try {
    await handler.run(job.payload as never, { db, logger: log, now, job, pause: pauseFor(runner) });
  } catch (err) {
    const lastError = describe(err);
    if (every !== undefined) {
      // Recurring work is retried within its period, then waits for the next one.
      const lastTry = job.attempts >= job.maxAttempts;
      const runAt = later(now, lastTry ? every : Math.min(retryDelayMs(job.attempts), every));
      await rescheduleJob(db, job, { runAt, lastError, resetAttempts: lastTry });
      log.warn({ err, runAt }, "job failed; it runs again later");
    } else if (job.attempts >= job.maxAttempts) {
      await buryJob(db, job, lastError);
      // The payload stays out of the log: a mail job's holds the one link it exists for.
      log.error({ err }, "job failed for good: it is kept in the jobs table and not retried");
    } else {
      const runAt = later(now, retryDelayMs(job.attempts));
      await rescheduleJob(db, job, { runAt, lastError });
      log.warn({ err, runAt }, "job failed; it will be retried");
    }
    return "failed";
  }
  if (every !== undefined) await rescheduleJob(db, job, { runAt: later(now, every), lastError: null, resetAttempts: true });
  else await deleteJob(db, job);
  return "done";
}

/**
 * Makes sure each recurring kind has its one row, due now if it was missing. Every server does
 * this at start-up; the unique key keeps it to one row, so N servers still run one job per period.
 */
export async function seedRecurringJobs(db: Db, handlers: JobHandlers, now = new Date()): Promise<void> {
  for (const [kind, handler] of Object.entries(handlers)) {
    if (handler.everyMs !== undefined) await insertJob(db, { kind, payload: {}, uniqueKey: recurringKey(kind), runAt: now });
  }
}

export interface RunDueJobsOptions {
  /** The clock for this pass (default: the real one). */
  now?: Date;
  /** At most this many jobs (default 100). */
  limit?: number;
  logger?: Logger;
  leaseMs?: number;
}

/** One pass, one job after another: claims what is due at `now` and runs it. For tests and scripts. */
export async function runDueJobs(db: Db, handlers: JobHandlers, opts: RunDueJobsOptions = {}) {
  const now = opts.now ?? new Date();
  const runner: Runner = { db, handlers, logger: opts.logger ?? createLogger("silent"), leaseMs: opts.leaseMs ?? DEFAULT_LEASE_MS, maxPauseMs: MAX_PAUSE_MS };
  const result = { done: 0, failed: 0 };
  for (const job of await claim(runner, opts.limit ?? 100, now)) result[await runJob(runner, job, now)] += 1;
  return result;
}

export interface JobWorkerOptions {
  db: Db;
  logger: Logger;
  handlers: JobHandlers;
  /** How often to look for due jobs when idle (default 2 s). */
  pollMs?: number;
  /** Jobs run at once by this server (default 2). */
  concurrency?: number;
  leaseMs?: number;
  /** This server's requests in flight: jobs pausing between steps wait for them. */
  requests?: RequestsToYieldTo;
  /** The longest one pause waits for them (default MAX_PAUSE_MS). */
  maxPauseMs?: number;
}

export interface JobWorker {
  /** Look for due jobs now rather than at the next poll (after queueing work in this process). */
  wake(): void;
  /** Claims nothing more and resolves once the jobs it is running have finished. */
  stop(): Promise<void>;
}

/** Seeds the recurring jobs, then keeps claiming and running due jobs until stopped. */
export async function startJobWorker(opts: JobWorkerOptions): Promise<JobWorker> {
  const { db, logger, handlers, pollMs = 2_000, concurrency = 2 } = opts;
  const runner: Runner = { db, handlers, logger, leaseMs: opts.leaseMs ?? DEFAULT_LEASE_MS, requests: opts.requests, maxPauseMs: opts.maxPauseMs ?? MAX_PAUSE_MS };
  await seedRecurringJobs(db, handlers);

  const running = new Set<Promise<unknown>>();
  let stopped = false;
  let pumping: Promise<void> | null = null;

  // Fills free slots with due jobs; runs again whenever a job finishes and on every poll.
  const fill = async () => {
    try {
      while (!stopped && running.size < concurrency) {
        const now = new Date();
        const jobs = await claim(runner, concurrency - running.size, now);
        if (jobs.length === 0) break;
        for (const job of jobs) {
          const run: Promise<unknown> = runJob(runner, job, now)
            .catch((err) => logger.error({ err, job: job.id, kind: job.kind }, "could not record a job's outcome; it runs again after its lease"))
            .finally(() => {
              running.delete(run);
              pump();
            });
          running.add(run);
        }
      }
    } catch (err) {
      logger.error({ err }, "could not claim jobs; trying again at the next poll");
    }
  };
  const pump = () => {
    if (stopped || pumping || running.size >= concurrency) return;
    pumping = fill().finally(() => (pumping = null));
  };

  const timer = setInterval(pump, pollMs);
  timer.unref();
  pump();

  return {
    wake: pump,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pumping;
      await Promise.allSettled([...running]);
    },
  };
}
