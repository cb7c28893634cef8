// A commit writes every valid row or none, with its activity entries, and on the embedded
// database lets other requests in between its steps.
import { eq, inArray, sql } from "drizzle-orm";
import { setTimeout as pause } from "node:timers/promises";
import supertest from "supertest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ImportPreviewReply } from "../../../shared/imports/wire.js";
import { toPublicUser, type Listing } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { rowsOf } from "../../db/raw-sql.js";
import { auditEvents, importRows, imports, jobs, listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { createEmbeddedTestDatabase } from "../../test/test-database.js";
import { WRITE_POSTS_JOB } from "../posts/service.js";
import { insertUser } from "../users/data.js";
import { writeCommit } from "./commit.js";
import { csvText } from "./import-fixtures.js";
import { previewImport, takeBackUnfinishedCommits } from "./service.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const HEADER = ["Listing Name", "Address", "City", "State", "Offering Type", "Property Description", "Marketing Category"];
const row = (name: string, offeringType = "Sell") => [name, `${name.length} Oak St`, "Wheeling", "WV", offeringType, "A shop.", "Single"];
/** One row updating the listing "Kept" (row 2 of the file), then `count` new shops (rows 3 onwards). */
const file = (count: number) => csvText(HEADER, [row("Kept", "Transfer"), ...Array.from({ length: count }, (_, i) => row(`Shop ${i}`))]);
const KEPT = { listingName: "Kept", address: "4 Oak St", city: "Wheeling", state: "WV", offeringType: "Sell" as const };

const IMPORT_KINDS = ["csv.imported", "listing.imported", "listing.import-updated"];
const count = async (db: Db) => (await db.select({ n: sql<number>`count(*)::int` }).from(listings))[0].n;
const importEntries = async (db: Db) =>
  (await db.select({ kind: auditEvents.kind, data: auditEvents.data }).from(auditEvents).where(inArray(auditEvents.kind, IMPORT_KINDS))) as {
    kind: string;
    data: Record<string, unknown>;
  }[];
/** What a person sees of a listing: everything but its version and who saved it when. */
const valuesOf = async (db: Db, id: string) => {
  const [{ version: _v, updatedAt: _at, updatedById: _by, ...values }] = await db.select().from(listings).where(eq(listings.id, id));
  return values;
};
/** How many rows the planner believes the table holds. */
const plannedRows = async (db: Db, table: string) =>
  rowsOf<{ n: number }>(await db.execute(sql`select reltuples::int as n from pg_class where relname = ${table}`))[0].n;
/** New listings whose posts are queued (a job holds the ids of up to 50). */
const postsQueued = async (db: Db) =>
  (await db.select({ n: sql<number>`coalesce(sum(jsonb_array_length(${jobs.payload}->'ids')), 0)::int` }).from(jobs).where(eq(jobs.kind, WRITE_POSTS_JOB)))[0].n;
const sameValues = ({ version: _v, updatedAt: _at, updatedById: _by, ...values }: Listing) => values;

/** Nothing of the import is left: only the listing it updated, as it was, and the preview staged again. */
async function expectNothingWritten(db: Db, importId: string, kept: Listing) {
  expect(await count(db)).toBe(1);
  expect(await valuesOf(db, kept.id)).toEqual(sameValues(kept));
  expect(await importEntries(db)).toEqual([]);
  expect(await postsQueued(db)).toBe(0);
  const [head] = await db.select({ status: imports.status, counts: imports.counts }).from(imports).where(eq(imports.id, importId));
  expect(head).toEqual({ status: "staged", counts: null });
  const written = await db.select({ n: sql<number>`count(*)::int` }).from(importRows).where(sql`${importRows.importId} = ${importId} and (${importRows.before} is not null or ${importRows.writtenVersion} is not null)`);
  expect(written[0].n).toBe(0);
}

/** The import of `shops` new listings and Kept's update, committed, with one activity entry each. */
async function expectAllWritten(db: Db, shops: number, kept: Listing) {
  expect(await count(db)).toBe(shops + 1);
  expect((await db.select().from(listings).where(eq(listings.id, kept.id)))[0].offeringType).toBe("Transfer");
  expect(await postsQueued(db)).toBe(shops);
  const entries = await importEntries(db);
  expect(entries.filter((e) => e.kind === "listing.imported")).toHaveLength(shops);
  expect(entries.filter((e) => e.kind === "listing.import-updated")).toHaveLength(1);
  expect(entries.filter((e) => e.kind === "csv.imported").map((e) => e.data)).toEqual([
    expect.objectContaining({ count: shops + 1, created: shops, updated: 1, unchanged: 0, failed: 0 }),
  ]);
}

describe("a commit in steps, through the API", { timeout: TIMEOUT.longJob }, () => {
  let ctx: TestContext;
  let member: TestClient;
  beforeAll(async () => {
    ctx = await createTestContext();
    member = (await ctx.userAgent()).agent;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.db.delete(imports);
    await ctx.db.delete(listings);
    await ctx.db.delete(auditEvents);
    await ctx.db.delete(jobs);
    // The planner's figures taken now, with the tables empty, as autovacuum may take them after
    // such deletes: a preview must correct them for its commit (countStagedRows, data.ts).
    await ctx.db.execute(sql`analyze`);
  });
  const preview = async (content: string): Promise<ImportPreviewReply> => {
    const res = await member.post("/api/imports/preview").send({ fileName: "file.csv", encoding: "text", content });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  it("takes back what its first steps wrote when a middle step fails, and commits whole once the row is fixed", async () => {
    const kept = await createListing(ctx.db, KEPT);
    const p = await preview(file(7_000));
    expect(p.summary).toMatchObject({ create: 7_000, update: 1 });
    // A row the database refuses, half way through the file: the steps before it were written.
    await ctx.db.execute(sql`update ${importRows} set listing_name = null where import_id = ${p.id} and row = 5000`);
    const failed = await member.post(`/api/imports/${p.id}/commit`).send({});
    expect(failed.status).toBe(500);
    await expectNothingWritten(ctx.db, p.id, kept);

    await ctx.db.execute(sql`update ${importRows} set listing_name = 'Shop fixed' where import_id = ${p.id} and row = 5000`);
    const commit = await member.post(`/api/imports/${p.id}/commit`).send({});
    expect(commit.status, JSON.stringify(commit.body)).toBe(200);
    expect(commit.body.successful).toHaveLength(7_001);
    await expectAllWritten(ctx.db, 7_000, kept);
    expect((await member.get(`/api/imports/${p.id}`)).body).toMatchObject({ status: "committed", counts: { created: 7_000, updated: 1 } });
  });

  it("answers other requests while a large commit runs, before it finishes", async () => {
    const kept = await createListing(ctx.db, KEPT);
    const p = await preview(file(16_000));
    // Believing the staged rows few, the planner read all of them once per listing: the commit
    // took minutes in CI.
    expect(await plannedRows(ctx.db, "import_rows")).toBeGreaterThanOrEqual(16_001);
    const order: string[] = [];
    const committing = member
      .post(`/api/imports/${p.id}/commit`)
      .send({})
      .then((res) => {
        order.push("commit");
        return res;
      });
    // Until the commit is under way: the wizard's own poll, answered while it runs.
    let seen: { status: string; progress?: { done: number; total: number } };
    // A short breath between reads: back-to-back reads starved the commit itself on a loaded
    // machine (PostgreSQL in CI took minutes over it).
    for (;;) {
      seen = (await member.get(`/api/imports/${p.id}`)).body;
      if (seen.status !== "staged" || order.includes("commit")) break;
      await pause(25);
    }
    await Promise.all([
      supertest(ctx.app)
        .get("/api/health")
        .expect(200)
        .then(() => order.push("health")),
      member
        .get(`/api/listings/${kept.id}`)
        .expect(200)
        .then(() => order.push("listings")),
    ]);
    expect((await committing).status).toBe(200);
    expect(seen).toMatchObject({ status: "committing", progress: { total: 16_001 } });
    expect(seen.progress!.done).toBeLessThan(16_001);
    expect(order).toHaveLength(3);
    expect(order.at(-1)).toBe("commit");
  });
});

// Only the embedded database commits in several transactions; on PostgreSQL the commit is one
// transaction, which a stopped process leaves uncommitted.
describe("a commit the process stopped in the middle of, on the embedded database", { timeout: TIMEOUT.slow }, () => {
  it("is taken back at the next start, and the preview can be committed again", async () => {
    const database = await createEmbeddedTestDatabase();
    try {
      const { db } = database;
      const user = toPublicUser(await insertUser(db, { username: "importer", password: "x", email: null, isAdmin: false }));
      const kept = await createListing(db, KEPT);
      const p = await previewImport(db, { fileName: "file.csv", content: file(6_000), encoding: "text" }, user.id);
      // The process "stops" after two steps: the commit never goes on, nothing of it runs again.
      let stoppedAt!: (done: number) => void;
      const stopped = new Promise<number>((resolve) => (stoppedAt = resolve));
      void writeCommit(db, p.id, user, (done) => {
        if (done < 4_000) return;
        stoppedAt(done);
        return new Promise<void>(() => {});
      });
      expect(await stopped).toBe(4_000);
      expect(await count(db)).toBe(4_000);
      expect((await db.select({ status: imports.status }).from(imports))[0].status).toBe("committing");

      // The next start.
      expect(await takeBackUnfinishedCommits(db)).toBe(1);
      await expectNothingWritten(db, p.id, kept);
      expect(await takeBackUnfinishedCommits(db)).toBe(0);

      await writeCommit(db, p.id, user, () => {});
      await expectAllWritten(db, 6_000, kept);
    } finally {
      await database.close();
    }
  });
});
