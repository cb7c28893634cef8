// A bulk delete is one entry in the audit log, with the count and the ids, though spec §7 deletes
// each listing with its own DELETE.
import { randomUUID } from "node:crypto";
import { count, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BULK_ACTION_HEADER, type ActivityPage, type AuditEntry } from "../../../shared/audit.js";
import type { PublicUser } from "../../../shared/schema.js";
import { auditEvents, listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let admin: { user: PublicUser; agent: TestClient };
let member: { user: PublicUser; agent: TestClient };
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.userAgent({ isAdmin: true, username: "ada" });
  member = await ctx.userAgent({ username: "milo" });
});
afterAll(() => ctx.close());

const log = async (query: Record<string, string> = {}): Promise<AuditEntry[]> => {
  const res = await admin.agent.get("/api/audit").query(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as ActivityPage<AuditEntry>).entries;
};
const bulkDelete = (agent: TestClient, id: string, bulkId: string) => agent.delete(`/api/listings/${id}`).set(BULK_ACTION_HEADER, bulkId);
const listingCount = async () => (await ctx.db.select({ n: count() }).from(listings))[0].n;
const entryCount = async () => (await ctx.db.select({ n: count() }).from(auditEvents))[0].n;

describe("a bulk delete", () => {
  it("is one audit-log entry with the count and the ids, however the calls interleave", async () => {
    const made = await Promise.all(Array.from({ length: 5 }, (_, i) => createListing(ctx.db, { listingName: `Bulk ${i}`, askingPrice: 100_000 + i })));
    const ids = made.map((l) => l.id);
    const bulkId = randomUUID();
    // Four at a time, as the client runs them.
    await Promise.all(ids.slice(0, 4).map((id) => bulkDelete(member.agent, id, bulkId).expect(204)));
    await bulkDelete(member.agent, ids[4], bulkId).expect(204);

    const entries = (await log({ userId: String(member.user.id) })).filter((e) => e.kind.includes("deleted"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: "bulk.deleted", actor: { id: member.user.id, username: "milo" }, listingId: null, details: { count: 5 } });
    expect([...(entries[0].details!.ids as string[])].sort()).toEqual([...ids].sort());
    // The kind filter for bulk actions finds it too.
    expect((await log({ kind: "bulk." }))[0].id).toBe(entries[0].id);

    // Each listing's timeline ends in its deletion, pointing at the run and keeping its snapshot.
    const timeline = await member.agent.get(`/api/listings/${ids[2]}/activity`).expect(200);
    expect(timeline.body.entries[0]).toMatchObject({
      kind: "listing.bulk-deleted",
      actor: { username: "milo" },
      ref: { id: entries[0].id, kind: "bulk.deleted", count: 5 },
      details: { listingName: "Bulk 2", snapshot: { id: ids[2], listingName: "Bulk 2", askingPrice: 100_002 } },
    });
  });

  it("keeps runs apart: another run, or another person using the same id, gets its own entry", async () => {
    const [a, b, c] = [await createListing(ctx.db), await createListing(ctx.db), await createListing(ctx.db)];
    const bulkId = randomUUID();
    await bulkDelete(member.agent, a.id, bulkId).expect(204);
    await bulkDelete(admin.agent, b.id, bulkId).expect(204);
    await bulkDelete(member.agent, c.id, randomUUID()).expect(204);
    const [third, second, first] = (await log({ kind: "bulk.deleted" })).slice(0, 3);
    expect(first).toMatchObject({ actor: { username: "milo" }, details: { count: 1, ids: [a.id] } });
    expect(second).toMatchObject({ actor: { username: "ada" }, details: { count: 1, ids: [b.id] } });
    expect(third).toMatchObject({ actor: { username: "milo" }, details: { count: 1, ids: [c.id] } });
  });

  it("leaves a single DELETE without the header as its own deletion entry", async () => {
    const listing = await createListing(ctx.db, { listingName: "Alone" });
    await member.agent.delete(`/api/listings/${listing.id}`).expect(204);
    expect((await log({ kind: "listing.deleted" }))[0]).toMatchObject({ listingId: listing.id, details: { listingName: "Alone" } });
  });

  it("leaves neither the deletion nor its entries when the entry cannot be written", async () => {
    const listing = await createListing(ctx.db);
    const [listingsBefore, entriesBefore] = [await listingCount(), await entryCount()];
    // The run's entry fails after the listing's delete ran (a check the entry cannot pass).
    await ctx.db.execute(sql`alter table audit_events add constraint test_no_bulk_deletes check (kind <> 'listing.bulk-deleted') not valid`);
    try {
      expect((await bulkDelete(member.agent, listing.id, randomUUID())).status).toBe(500);
    } finally {
      await ctx.db.execute(sql`alter table audit_events drop constraint test_no_bulk_deletes`);
    }
    expect([await listingCount(), await entryCount()]).toEqual([listingsBefore, entriesBefore]);
  });

  it("refuses a header that is not a bulk action id, deleting and logging nothing", async () => {
    const listing = await createListing(ctx.db);
    const [listingsBefore, entriesBefore] = [await listingCount(), await entryCount()];
    const res = await bulkDelete(member.agent, listing.id, "not-a-uuid");
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`The ${BULK_ACTION_HEADER} header must be the bulk delete's id (a uuid)`);
    expect([await listingCount(), await entryCount()]).toEqual([listingsBefore, entriesBefore]);
  });

  it("is for signed-in teammates only, and a missing listing adds nothing to the run", async () => {
    const listing = await createListing(ctx.db);
    const bulkId = randomUUID();
    const before = await entryCount();
    await bulkDelete(supertest.agent(ctx.app), listing.id, bulkId).expect(401);
    await bulkDelete(member.agent, randomUUID(), bulkId).expect(404);
    expect(await entryCount()).toBe(before);
    await bulkDelete(member.agent, listing.id, bulkId).expect(204);
    expect((await log({ kind: "bulk.deleted" }))[0]).toMatchObject({ details: { count: 1, ids: [listing.id] } });
  });
});
