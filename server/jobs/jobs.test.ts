import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { jobs } from "../db/tables.js";
import type { Database, Db } from "../db/database.js";
import { createLogger } from "../logger.js";
import { createTestDatabase } from "../test/test-database.js";
import { claimDueJobs } from "./data.js";
import { enqueue, recurringKey, type JobContext, type JobHandlers } from "./queue.js";
import { DEFAULT_LEASE_MS, retryDelayMs, runDueJobs, seedRecurringJobs, startJobWorker } from "./worker.js";

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(async () => {
  await db.delete(jobs);
});

const T0 = new Date("2026-11-22T12:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const allJobs = () => db.select().from(jobs).orderBy(jobs.id);

/** A handler that records the payloads it ran, failing while `failures` lasts. */
function recorder(failures = 0) {
  const ran: unknown[] = [];
  let left = failures;
  return {
    ran,
    handler: {
      async run(payload: unknown) {
        ran.push(payload);
        if (left-- > 0) throw new Error("the mail server said no");
      },
    },
  };
}

describe("enqueue and one pass", () => {
  it("runs a due job once with its payload and deletes it", async () => {
    const seen: JobContext[] = [];
    const handlers: JobHandlers = { "test.echo": { run: async (payload, ctx) => void seen.push({ ...ctx, payload } as never) } };
    const id = await enqueue(db, "test.echo", { to: "ann" }, { runAt: T0 });
    expect(id).toEqual(expect.any(Number));
    expect(await runDueJobs(db, handlers, { now: T0 })).toEqual({ done: 1, failed: 0 });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ payload: { to: "ann" }, now: T0, job: { id, kind: "test.echo", attempts: 1 } });
    expect(await allJobs()).toEqual([]);
    expect(await runDueJobs(db, handlers, { now: at(60_000) })).toEqual({ done: 0, failed: 0 });
    expect(seen).toHaveLength(1);
  });

  it("waits for runAt, and leaves kinds it has no handler for", async () => {
    const r = recorder();
    await enqueue(db, "test.echo", { n: 1 }, { runAt: at(10_000) });
    await enqueue(db, "test.other", {}, { runAt: T0 });
    expect(await runDueJobs(db, { "test.echo": r.handler }, { now: at(9_999) })).toEqual({ done: 0, failed: 0 });
    expect(await runDueJobs(db, { "test.echo": r.handler }, { now: at(10_000) })).toEqual({ done: 1, failed: 0 });
    expect((await allJobs()).map((j) => j.kind)).toEqual(["test.other"]);
  });

  it("keeps one queued job per uniqueKey", async () => {
    const first = await enqueue(db, "test.echo", { n: 1 }, { uniqueKey: "posts:42", runAt: T0 });
    const second = await enqueue(db, "test.echo", { n: 2 }, { uniqueKey: "posts:42", runAt: T0 });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    const r = recorder();
    await runDueJobs(db, { "test.echo": r.handler }, { now: T0 });
    expect(r.ran).toEqual([{ n: 1 }]);
    // Once that job is done the key is free again.
    expect(await enqueue(db, "test.echo", { n: 3 }, { uniqueKey: "posts:42" })).not.toBeNull();
  });

  it("queues a job inside a transaction only if the transaction commits", async () => {
    await db
      .transaction(async (tx) => {
        await enqueue(tx, "test.echo", { n: "rolled back" }, { runAt: T0 });
        tx.rollback();
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      await enqueue(tx, "test.echo", { n: "committed" }, { runAt: T0 });
    });
    const r = recorder();
    await runDueJobs(db, { "test.echo": r.handler }, { now: at(DEFAULT_LEASE_MS * 10) });
    expect(r.ran).toEqual([{ n: "committed" }]);
  });
});

describe("failures", () => {
  it("retries with exponential backoff, keeping the last error", async () => {
    const r = recorder(2);
    const handlers = { "test.echo": r.handler };
    await enqueue(db, "test.echo", {}, { runAt: T0 });

    expect(await runDueJobs(db, handlers, { now: T0 })).toEqual({ done: 0, failed: 1 });
    let [job] = await allJobs();
    expect(job).toMatchObject({ attempts: 1, lastError: "the mail server said no", lockedUntil: null });
    expect(job.runAt).toEqual(at(retryDelayMs(1)));
    expect(retryDelayMs(1)).toBe(30_000);

    expect(await runDueJobs(db, handlers, { now: at(29_999) })).toEqual({ done: 0, failed: 0 });
    expect(await runDueJobs(db, handlers, { now: at(30_000) })).toEqual({ done: 0, failed: 1 });
    [job] = await allJobs();
    expect(job.attempts).toBe(2);
    expect(job.runAt).toEqual(at(30_000 + 60_000));

    expect(await runDueJobs(db, handlers, { now: at(90_000) })).toEqual({ done: 1, failed: 0 });
    expect(await allJobs()).toEqual([]);
    expect(r.ran).toHaveLength(3);
  });

  it("gives up after maxAttempts, keeping the job for people to see without blocking its key", async () => {
    const r = recorder(10);
    const handlers = { "test.echo": r.handler };
    await enqueue(db, "test.echo", { n: 1 }, { runAt: T0, maxAttempts: 2, uniqueKey: "mail:7" });
    await runDueJobs(db, handlers, { now: T0 });
    await runDueJobs(db, handlers, { now: at(retryDelayMs(1)) });
    expect(r.ran).toHaveLength(2);

    const [dead] = await db
      .select({ attempts: jobs.attempts, lastError: jobs.lastError, never: sql<boolean>`${jobs.runAt} = 'infinity'`, uniqueKey: jobs.uniqueKey })
      .from(jobs);
    expect(dead).toEqual({ attempts: 2, lastError: "the mail server said no", never: true, uniqueKey: null });
    expect(await runDueJobs(db, handlers, { now: at(365 * 24 * 3_600_000) })).toEqual({ done: 0, failed: 0 });
    expect(await enqueue(db, "test.echo", { n: 2 }, { uniqueKey: "mail:7" })).not.toBeNull();
  });
});

describe("leases", () => {
  const kinds = { kinds: ["test.echo"], recurringKinds: [], limit: 10, leaseMs: DEFAULT_LEASE_MS };

  it("retakes the job of a server that died mid-job once its lease has run out", async () => {
    await enqueue(db, "test.echo", { n: 1 }, { runAt: T0 });
    // A server claims it and dies before finishing.
    expect(await claimDueJobs(db, { ...kinds, now: T0 })).toHaveLength(1);

    const r = recorder();
    expect(await runDueJobs(db, { "test.echo": r.handler }, { now: at(DEFAULT_LEASE_MS) })).toEqual({ done: 0, failed: 0 });
    expect(await runDueJobs(db, { "test.echo": r.handler }, { now: at(DEFAULT_LEASE_MS + 1) })).toEqual({ done: 1, failed: 0 });
    expect(r.ran).toEqual([{ n: 1 }]);
  });

  it("lets a server that overran its lease change nothing once another has the job", async () => {
    await enqueue(db, "test.echo", {}, { runAt: T0 });
    let release!: () => void;
    let started!: () => void;
    const slowStarted = new Promise<void>((resolve) => (started = resolve));
    const slow = runDueJobs(db, {
      "test.echo": {
        run: () => {
          started();
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
    }, { now: T0 });
    await slowStarted;
    // Its lease ends; another server takes the job and fails it, so it is queued for a retry.
    const failing = recorder(1);
    expect(await runDueJobs(db, { "test.echo": failing.handler }, { now: at(DEFAULT_LEASE_MS + 1) })).toEqual({ done: 0, failed: 1 });
    release();
    expect(await slow).toEqual({ done: 1, failed: 0 });
    // The slow server's "done" did not delete the job the other server had rescheduled.
    expect(await allJobs()).toMatchObject([{ attempts: 2, lastError: "the mail server said no" }]);
  });

  it("never gives one job to two workers sharing the database", async () => {
    const ids: number[] = [];
    for (let n = 0; n < 30; n++) ids.push((await enqueue(db, "test.echo", { n }))!);
    const ran: number[] = [];
    let allRan!: () => void;
    const finished = new Promise<void>((resolve) => (allRan = resolve));
    const handlers: JobHandlers = {
      "test.echo": {
        async run(_payload, { job }) {
          ran.push(job.id);
          // Let the other worker claim while this job is still running.
          await new Promise((resolve) => setImmediate(resolve));
          if (ran.length === ids.length) allRan();
        },
      },
    };
    const logger = createLogger("silent");
    const workers = await Promise.all([1, 2].map(() => startJobWorker({ db, logger, handlers, pollMs: 5, concurrency: 3 })));
    await finished;
    await Promise.all(workers.map((w) => w.stop()));
    expect(ran.toSorted((a, b) => a - b)).toEqual(ids);
    expect(await allJobs()).toEqual([]);
  });
});

describe("recurring jobs", () => {
  const HOUR = 3_600_000;

  it("seeds one row however many servers start, runs once per period, and survives failures", async () => {
    const r = recorder();
    const handlers: JobHandlers = { "test.sweep": { everyMs: HOUR, run: r.handler.run } };
    await Promise.all([seedRecurringJobs(db, handlers, T0), seedRecurringJobs(db, handlers, T0), seedRecurringJobs(db, handlers, T0)]);
    expect(await allJobs()).toMatchObject([{ kind: "test.sweep", uniqueKey: recurringKey("test.sweep") }]);

    expect(await runDueJobs(db, handlers, { now: T0 })).toEqual({ done: 1, failed: 0 });
    expect(await runDueJobs(db, handlers, { now: at(HOUR - 1) })).toEqual({ done: 0, failed: 0 });
    // A server starting later does not add a second row or move the next run.
    await seedRecurringJobs(db, handlers, at(HOUR / 2));
    expect(await allJobs()).toMatchObject([{ runAt: at(HOUR), attempts: 0 }]);
    expect(await runDueJobs(db, handlers, { now: at(HOUR) })).toEqual({ done: 1, failed: 0 });
    expect(r.ran).toHaveLength(2);

    // Failing every try: retried within the period, then on to the next one, never given up.
    const failing: JobHandlers = { "test.sweep": { everyMs: HOUR, run: recorder(99).handler.run } };
    let now = at(2 * HOUR);
    for (let i = 0; i < 5; i++) {
      expect(await runDueJobs(db, failing, { now })).toEqual({ done: 0, failed: 1 });
      now = (await allJobs())[0].runAt;
    }
    expect(now).toEqual(at(2 * HOUR + 30_000 + 60_000 + 120_000 + 240_000 + HOUR));
    expect(await allJobs()).toMatchObject([{ attempts: 0, lastError: "the mail server said no" }]);
    expect(await runDueJobs(db, handlers, { now })).toEqual({ done: 1, failed: 0 });
  });
});

describe("the worker", () => {
  it("finishes the job it is running before stop() resolves, and takes no more", async () => {
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const handlers: JobHandlers = {
      "test.echo": {
        run: () => {
          started();
          return new Promise<void>((resolve) => (release = resolve));
        },
      },
    };
    await enqueue(db, "test.echo", {});
    const worker = await startJobWorker({ db, logger: createLogger("silent"), handlers, pollMs: 5 });
    await running;
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await allJobs()).toEqual([]);
    await enqueue(db, "test.echo", {});
    worker.wake();
    expect(await allJobs()).toHaveLength(1);
  });
});
