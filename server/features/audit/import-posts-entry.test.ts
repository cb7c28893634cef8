// The posts a background job writes for an import are one entry in the admins' log, naming the
// import; every listing-level entry names its listing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage, AuditEntry } from "../../../shared/audit.js";
import { createBuiltInWriter } from "../../integrations/posts/built-in-writer.js";
import { runDueJobs } from "../../jobs/worker.js";
import { createLogger } from "../../logger.js";
import { validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvFile, templateRow } from "../csv/csv-fixtures.js";
import { LISTINGS_PER_JOB, postsJobHandlers, WRITE_POSTS_JOB } from "../posts/service.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.userAgent({ isAdmin: true, username: "ada" })).agent;
});
afterAll(() => ctx.close());

const log = async (query: Record<string, string> = {}): Promise<AuditEntry[]> => {
  const res = await admin.get("/api/audit").query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as ActivityPage<AuditEntry>).entries;
};

describe("posts written for an import", { timeout: TIMEOUT.slow }, () => {
  it("are one entry naming the import however many jobs wrote them, and each listing's timeline still says so", async () => {
    const n = LISTINGS_PER_JOB * 2 + 3;
    const rows = Array.from({ length: n }, (_, i) => templateRow({ "Listing Name": `Imported ${i}`, Address: `${i} Import Way` }));
    const imported = await admin.post("/api/listings/import").send({ csvData: csvFile(rows) }).expect(200);
    const handlers = postsJobHandlers({ db: ctx.db, writer: createBuiltInWriter(), logger: createLogger("silent") });
    expect(await runDueJobs(ctx.db, { [WRITE_POSTS_JOB]: handlers[WRITE_POSTS_JOB] })).toEqual({ done: 3, failed: 0 });

    const entries = await log();
    const importEntry = entries.find((e) => e.kind === "csv.imported")!;
    const posts = entries.filter((e) => e.kind.includes("posts"));
    expect(posts).toEqual([
      expect.objectContaining({
        kind: "posts.import-generated",
        actor: null,
        details: { count: n, writer: "built-in" },
        ref: expect.objectContaining({ id: importEntry.id, kind: "csv.imported", count: n }),
      }),
    ]);

    const listingId = imported.body.successful[0].id as string;
    const timeline = (await admin.get(`/api/listings/${listingId}/activity`).expect(200)).body.entries;
    expect(timeline[0]).toMatchObject({ kind: "listing.import-posts-generated", details: { writer: "built-in" }, ref: { id: importEntry.id } });
  });

  it("names the listing of every listing-level entry in the log, also once it is deleted", async () => {
    const created = await admin.post("/api/listings").send(validListingInput({ listingName: "Corner Bakery" })).expect(201);
    await admin.put(`/api/listings/${created.body.id}`).send(validListingInput({ listingName: "Corner Bakery & Cafe" })).expect(200);
    const named = (await log({ kind: "listing." })).filter((e) => e.listingId === created.body.id);
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((e) => e.listingName === "Corner Bakery & Cafe")).toBe(true);
    await admin.delete(`/api/listings/${created.body.id}`).expect(204);
    const [deleted] = await log({ kind: "listing.deleted" });
    expect(deleted.listingName).toBe("Corner Bakery & Cafe");
  });
});
