import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry, ActivityPage } from "../../../shared/audit.js";
import { toCsvLine } from "../../../shared/csv-columns.js";
import { versionTag } from "../../../shared/edit-conflicts.js";
import { FACT_MESSAGES } from "../../../shared/listing-facts.js";
import { auditEvents, listings } from "../../db/tables.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import type { PublicUser } from "../../../shared/schema.js";

let ctx: TestContext;
let dana: { user: PublicUser; agent: TestClient };
beforeAll(async () => {
  ctx = await createTestContext();
  dana = await ctx.userAgent({ username: "dana" });
});
afterAll(() => ctx.close());

const activity = async (id: string, cursor?: string): Promise<ActivityPage> => {
  const res = await dana.agent.get(`/api/listings/${id}/activity`).query(cursor ? { cursor } : {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const newest = async (id: string): Promise<ActivityEntry> => (await activity(id)).entries[0];
const entryCount = async () => (await ctx.db.select({ n: count() }).from(auditEvents))[0].n;
const danaActor = () => ({ id: dana.user.id, username: "dana" });

describe("a listing's timeline", () => {
  it("records a created listing, by whom and how, and never logs reads", async () => {
    const res = await dana.agent.post("/api/listings").send(validListingInput({ askingPrice: 1_650_000 }));
    expect(res.status).toBe(201);
    const before = await entryCount();
    await dana.agent.get(`/api/listings/${res.body.id}`).expect(200);
    await dana.agent.get("/api/listings").expect(200);
    const page = await activity(res.body.id);
    expect(await entryCount()).toBe(before);
    expect(page.entries.map((e) => e.kind)).toEqual(["listing.posts-generated", "listing.created"]);
    expect(page.entries[1]).toMatchObject({ actor: danaActor(), details: { via: "form" } });
    expect(page.entries[0]).toMatchObject({ actor: danaActor(), details: { writer: "built-in" } });
  });

  it("writes one entry per save listing every changed field before and after, and nothing for a save that changes nothing", async () => {
    const listing = await createListing(ctx.db, { askingPrice: 1_650_000, city: "Pittsburgh" });
    await dana.agent.put(`/api/listings/${listing.id}`).send({ askingPrice: 1_595_000, city: "Erie", state: listing.state }).expect(200);
    await dana.agent.put(`/api/listings/${listing.id}`).send({ city: "Erie" }).expect(200);
    const page = await activity(listing.id);
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toEqual({
      id: expect.any(Number),
      at: expect.any(String),
      actor: danaActor(),
      kind: "listing.edited",
      // Erie, with no ZIP, places the listing at the city's centre: the point is part of the save.
      changes: {
        askingPrice: [1_650_000, 1_595_000],
        city: ["Pittsburgh", "Erie"],
        latitude: [null, 42.1292],
        longitude: [null, -80.0851],
        locationPrecision: [null, "city"],
      },
    });
  });

  it("names activation, stars and what a save did to the image", async () => {
    const listing = await createListing(ctx.db);
    await dana.agent.post(`/api/listings/${listing.id}/toggle`).expect(200);
    await dana.agent.post(`/api/listings/${listing.id}/toggle`).expect(200);
    await dana.agent.post(`/api/listings/${listing.id}/toggle-starred`).expect(200);
    await dana.agent.post(`/api/listings/${listing.id}/toggle-starred`).expect(200);
    for (const imageUrl of ["/objects/a.png", "/objects/b.png", ""]) {
      await dana.agent.put(`/api/listings/${listing.id}`).send({ imageUrl }).expect(200);
    }
    const kinds = (await activity(listing.id)).entries.map((e) => e.kind);
    expect(kinds).toEqual([
      "listing.image-removed",
      "listing.image-replaced",
      "listing.image-set",
      "listing.unstarred",
      "listing.starred",
      "listing.activated",
      "listing.deactivated",
    ]);
  });

  it("records notes added, edited and deleted without copying what they say", async () => {
    const listing = await createListing(ctx.db);
    const note = await dana.agent.post(`/api/listings/${listing.id}/notes`).send({ content: "Owner wants a quick close" }).expect(201);
    await dana.agent.patch(`/api/notes/${note.body.id}`).send({ content: "Owner wants a close by June" }).expect(200);
    await dana.agent.delete(`/api/notes/${note.body.id}`).expect(204);
    const page = await activity(listing.id);
    expect(page.entries.map((e) => e.kind)).toEqual(["listing.note-deleted", "listing.note-edited", "listing.note-added"]);
    expect(JSON.stringify(page)).not.toMatch(/close/);
  });

  it("records regenerated posts with their writer", async () => {
    const listing = await createListing(ctx.db);
    await dana.agent.post(`/api/listings/${listing.id}/regenerate-posts`).expect(200);
    expect(await newest(listing.id)).toMatchObject({ kind: "listing.posts-regenerated", actor: danaActor(), details: { writer: "built-in" } });
  });

  it("records one post regenerated or edited, by its number", async () => {
    const listing = await createListing(ctx.db, { posts: [{ platform: "x", text: "A post" }], aiGeneratedPosts: ["A post"] });
    await dana.agent.post(`/api/listings/${listing.id}/posts/0/regenerate`).expect(200);
    expect(await newest(listing.id)).toMatchObject({ kind: "listing.post-regenerated", actor: danaActor(), details: { post: 1 } });
    await dana.agent.patch(`/api/listings/${listing.id}/posts/0`).send({ postedAt: "2026-11-24" }).expect(200);
    expect(await newest(listing.id)).toMatchObject({ kind: "listing.post-edited", actor: danaActor(), details: { post: 1 } });
  });

  it("points every listing of a bulk edit at the one bulk action", async () => {
    const [a, b] = [await createListing(ctx.db), await createListing(ctx.db)];
    await dana.agent.put("/api/listings/bulk").send({ ids: [a.id, b.id], updates: { notes: "Price drop" } }).expect(200);
    const [ea, eb] = [await newest(a.id), await newest(b.id)];
    expect(ea).toMatchObject({ kind: "listing.bulk-edited", actor: danaActor(), ref: { kind: "bulk.edited", count: 2, fields: ["notes"] } });
    expect(eb.ref).toEqual(ea.ref);
  });

  it("points every imported listing at its import, created or updated", async () => {
    const header = ["Listing Name", "Address", "City", "State", "Offering Type", "Property Description", "Marketing Category"];
    const row = (city: string) => ["Depot Square", "9 Rail Road", city, "WV", "Sell", "An old depot.", "Single"];
    const csv = (city: string) => toCsvLine(header) + toCsvLine(row(city));
    const first = await dana.agent.post("/api/listings/import").send({ csvData: csv("Elkins"), agentId: null }).expect(200);
    const id = first.body.successful[0].id;
    await dana.agent.post("/api/listings/import").send({ csvData: csv("Thomas"), agentId: null }).expect(200);
    const page = await activity(id);
    expect(page.entries.map((e) => [e.kind, e.ref?.kind, e.ref?.count])).toEqual([
      ["listing.import-updated", "csv.imported", 1],
      ["listing.imported", "csv.imported", 1],
    ]);
    expect(page.entries[0].ref!.id).not.toBe(page.entries[1].ref!.id);
  });

  it("pages newest first with a cursor", async () => {
    const listing = await createListing(ctx.db);
    for (let i = 0; i < 25; i++) await dana.agent.post(`/api/listings/${listing.id}/toggle-starred`).expect(200);
    const first = await activity(listing.id);
    expect(first.entries).toHaveLength(20);
    expect(first.nextCursor).toBe(String(first.entries[19].id));
    const second = await activity(listing.id, first.nextCursor!);
    expect(second.entries).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    expect(second.entries[0].id).toBeLessThan(first.entries[19].id);
    const bad = await dana.agent.get(`/api/listings/${listing.id}/activity?cursor=abc`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("The cursor is not one this server gave out");
  });
});

describe("a failed write", () => {
  it("leaves neither the change nor its entry", async () => {
    const listing = await createListing(ctx.db, { askingPrice: 500_000 });
    const before = await entryCount();
    // The entry's insert fails after the listing's update ran (a check the entry cannot pass).
    await ctx.db.execute(sql`alter table audit_events add constraint test_no_edits check (kind <> 'listing.edited') not valid`);
    try {
      const res = await dana.agent.put(`/api/listings/${listing.id}`).send({ askingPrice: 450_000 });
      expect(res.status).toBe(500);
    } finally {
      await ctx.db.execute(sql`alter table audit_events drop constraint test_no_edits`);
    }
    const [row] = await ctx.db.select({ askingPrice: listings.askingPrice }).from(listings).where(eq(listings.id, listing.id));
    expect(row.askingPrice).toBe(500_000);
    expect(await entryCount()).toBe(before);
  });
});

describe("POST /api/listings/:id/activity/:entryId/restore", () => {
  it("puts the old value back as a new, logged edit", async () => {
    const listing = await createListing(ctx.db, { askingPrice: 1_650_000 });
    await dana.agent.put(`/api/listings/${listing.id}`).send({ askingPrice: 1_595_000 }).expect(200);
    const change = await newest(listing.id);
    const res = await dana.agent.post(`/api/listings/${listing.id}/activity/${change.id}/restore`).send({ field: "askingPrice" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.askingPrice).toBe(1_650_000);
    expect(await newest(listing.id)).toMatchObject({
      kind: "listing.edited",
      changes: { askingPrice: [1_595_000, 1_650_000] },
      details: { restoredFrom: change.id },
    });
  });

  it("refuses an old value that no longer passes the rules, with the field's message, and changes nothing", async () => {
    const listing = await createListing(ctx.db, { leaseRate: 18.5, leaseRateUnit: "per SF/yr" });
    await dana.agent.put(`/api/listings/${listing.id}`).send({ leaseRate: 20 }).expect(200);
    const change = await newest(listing.id);
    await dana.agent.put(`/api/listings/${listing.id}`).send({ leaseRate: null, leaseRateUnit: null }).expect(200);
    const before = await entryCount();
    const res = await dana.agent.post(`/api/listings/${listing.id}/activity/${change.id}/restore`).send({ field: "leaseRate" });
    expect(res.status).toBe(400);
    expect(res.body.errors.leaseRateUnit).toBe(FACT_MESSAGES.leaseRateUnitRequired);
    expect(await entryCount()).toBe(before);
  });

  it("follows the edit-conflict rule: a restore from an older version gets the 412 and changes nothing", async () => {
    const listing = await createListing(ctx.db, { askingPrice: 1_650_000 });
    const edited = await dana.agent.put(`/api/listings/${listing.id}`).send({ askingPrice: 1_595_000 }).expect(200);
    const change = await newest(listing.id);
    const seen = edited.body.version as number;
    await dana.agent.put(`/api/listings/${listing.id}`).send({ city: "Erie" }).expect(200);
    const before = await entryCount();
    const restore = (version: number) =>
      dana.agent
        .post(`/api/listings/${listing.id}/activity/${change.id}/restore`)
        .set("If-Match", versionTag("listing", listing.id, version))
        .send({ field: "askingPrice" });
    const stale = await restore(seen);
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ message: "Someone else saved this listing after you opened it.", changedBy: "dana", current: { city: "Erie", askingPrice: 1_595_000 } });
    expect(await entryCount()).toBe(before);
    const fresh = await restore(stale.body.current.version);
    expect(fresh.status).toBe(200);
    expect(fresh.body.askingPrice).toBe(1_650_000);
  });

  it("refuses a field the change did not touch, an entry of another listing, and an unknown field", async () => {
    const [a, b] = [await createListing(ctx.db), await createListing(ctx.db)];
    await dana.agent.put(`/api/listings/${a.id}`).send({ city: "Erie" }).expect(200);
    const change = await newest(a.id);
    const untouched = await dana.agent.post(`/api/listings/${a.id}/activity/${change.id}/restore`).send({ field: "state" });
    expect(untouched.status).toBe(400);
    expect(untouched.body.message).toBe("That change did not touch this field");
    const elsewhere = await dana.agent.post(`/api/listings/${b.id}/activity/${change.id}/restore`).send({ field: "city" });
    expect(elsewhere.status).toBe(404);
    const unknown = await dana.agent.post(`/api/listings/${a.id}/activity/${change.id}/restore`).send({ field: "password" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.field).toBe("Choose a listing field to restore");
  });
});
