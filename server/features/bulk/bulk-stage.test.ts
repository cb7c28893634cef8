// "Set deal stage" for a selection (docs/guides/pipelines-and-views.md): the bulk edit with only a
// deal stage. Every signed-in teammate may, as for a single stage change; the stage's rule and
// message are the single edit's; one audit entry for the whole with one per listing, one change
// event for the one statement, and an undo that puts each listing's own stage back.
import { and, asc, eq, inArray } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Change } from "../../events/change-bus.js";
import { auditEvents, listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
let otherMember: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  otherMember = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const setStage = (ids: string[], dealStage: unknown, as: TestClient = member) => as.put("/api/listings/bulk").send({ ids, updates: { dealStage } });
const stages = async (ids: string[]) => {
  const rows = await ctx.db.select({ id: listings.id, stage: listings.dealStage }).from(listings).where(inArray(listings.id, ids)).orderBy(asc(listings.id));
  return ids.map((id) => rows.find((r) => r.id === id)?.stage);
};

describe("set the deal stage of selected listings", () => {
  it("sets it on every listing, however many had none, with one audit entry, one per listing and one change event", async () => {
    const none = await createListing(ctx.db, { dealStage: null });
    const alsoNone = await createListing(ctx.db, { dealStage: null });
    const proposal = await createListing(ctx.db, { dealStage: "Proposal" });
    const ids = [none.id, alsoNone.id, proposal.id];
    // Their creation's changes arrive asynchronously on PostgreSQL: heard before listening starts.
    await ctx.afterChange(() => createListing(ctx.db));

    const heard: Change[] = [];
    const stop = ctx.changes.subscribe((message) => {
      if (message.type === "change" && message.change.kind === "listings") heard.push(message.change);
    });
    const res = await setStage(ids, "Active");
    // Changes arrive after the commit (a NOTIFY on PostgreSQL), in order: once a later write's
    // change is heard, every change of the bulk edit has been.
    await ctx.afterChange(() => createListing(ctx.db));
    stop();
    const ours = heard.filter((c) => c.ids?.some((id) => ids.includes(String(id))));

    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ updated: 3, bulkActionId: expect.any(Number) });
    expect(await stages(ids)).toEqual(["Active", "Active", "Active"]);
    expect(ours).toHaveLength(1);
    expect(new Set(ours[0].ids)).toEqual(new Set(ids));

    const [whole] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.id, res.body.bulkActionId));
    expect(whole).toMatchObject({ kind: "bulk.edited", data: { count: 3, updates: { dealStage: "Active" } } });
    const perListing = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, "listing.bulk-edited"), inArray(auditEvents.listingId, ids)));
    expect(perListing).toHaveLength(3);
    const activity = (await member.get(`/api/listings/${none.id}/activity`)).body.entries;
    expect(activity[0]).toMatchObject({ kind: "listing.bulk-edited", changes: { dealStage: [null, "Active"] } });

    // Undo is the bulk edit's: its author may, another member may not; each listing gets its own stage back.
    expect((await otherMember.post(`/api/listings/bulk/${res.body.bulkActionId}/undo`)).status).toBe(403);
    expect((await member.post(`/api/listings/bulk/${res.body.bulkActionId}/undo`)).body).toEqual({ restored: 3, skipped: 0 });
    expect(await stages(ids)).toEqual([null, null, "Proposal"]);
  });

  it("refuses a stage that is none of the six with the single edit's message, and the signed out, changing nothing", async () => {
    const listing = await createListing(ctx.db, { dealStage: null });
    const bad = await setStage([listing.id], "Auction");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.dealStage).toBe("Deal stage must be one of Proposal, Active, Under Contract, Closed, Withdrawn, Expired");
    const single = await member.patch(`/api/listings/${listing.id}`).send({ dealStage: "Auction" });
    expect(single.body.errors.dealStage).toBe(bad.body.errors.dealStage);

    const anonymous = await supertest(ctx.app).put("/api/listings/bulk").send({ ids: [listing.id], updates: { dealStage: "Active" } });
    expect(anonymous.status).toBe(401);
    expect(await stages([listing.id])).toEqual([null]);
  });
});
