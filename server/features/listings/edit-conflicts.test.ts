// Edit conflicts: an edit made from an older version of a listing is refused with 412 and the
// listing as it is now, instead of silently undoing someone else's save.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionTag } from "../../../shared/edit-conflicts.js";
import { auditEvents, listings } from "../../db/tables.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvFile, templateRow } from "../csv/csv-fixtures.js";

let ctx: TestContext;
let alice: TestClient;
let bob: TestClient;
let aliceId: number;
let aliceName: string;
let bobName: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.userAgent();
  const b = await ctx.userAgent();
  alice = a.agent;
  aliceId = a.user.id;
  aliceName = a.user.username;
  bob = b.agent;
  bobName = b.user.username;
});
afterAll(() => ctx.close());

const stored = async (id: string) => (await ctx.db.select().from(listings).where(eq(listings.id, id)))[0];
const tag = (id: string, version: number) => versionTag("listing", id, version);

describe("GET /api/listings/:id", () => {
  it("answers with a strong ETag naming the listing and its version, and no cache keeps it", async () => {
    const listing = await createListing(ctx.db);
    const res = await alice.get(`/api/listings/${listing.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(`"listing-${listing.id}-v1"`);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body.version).toBe(1);
  });
});

describe("PUT /api/listings/:id with If-Match", () => {
  it("saves from the current version, raising it and recording who saved", async () => {
    const listing = await createListing(ctx.db);
    const res = await alice.put(`/api/listings/${listing.id}`).set("If-Match", tag(listing.id, 1)).send({ listingName: "Fresh" });
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(tag(listing.id, 2));
    expect(res.body).toMatchObject({ listingName: "Fresh", version: 2, updatedById: aliceId });
    expect(new Date((await stored(listing.id)).updatedAt).getTime()).toBeGreaterThan(new Date(listing.updatedAt).getTime());
  });

  it("refuses a stale version with 412, the listing as it is now and who saved it, and changes nothing", async () => {
    const listing = await createListing(ctx.db);
    expect((await bob.put(`/api/listings/${listing.id}`).set("If-Match", tag(listing.id, 1)).send({ city: "Wheeling" })).status).toBe(200);
    const before = await stored(listing.id);

    const res = await alice.put(`/api/listings/${listing.id}`).set("If-Match", tag(listing.id, 1)).send({ listingName: "Mine" });
    expect(res.status).toBe(412);
    expect(res.headers.etag).toBe(tag(listing.id, 2));
    expect(res.body).toMatchObject({
      message: "Someone else saved this listing after you opened it.",
      changedBy: bobName,
      current: { id: listing.id, city: "Wheeling", listingName: listing.listingName, version: 2 },
    });
    expect(new Date(res.body.changedAt).toISOString()).toBe(new Date(before.updatedAt).toISOString());
    expect(await stored(listing.id)).toEqual(before);
  });

  it("refuses weak tags and tags of another listing (If-Match compares strongly), accepts * and a list holding the current tag", async () => {
    const listing = await createListing(ctx.db);
    const other = await createListing(ctx.db);
    const put = (ifMatch: string) => alice.put(`/api/listings/${listing.id}`).set("If-Match", ifMatch).send({ notes: ifMatch });
    expect((await put(`W/${tag(listing.id, 1)}`)).status).toBe(412);
    expect((await put(tag(other.id, 1))).status).toBe(412);
    expect((await put("garbage")).status).toBe(412);
    expect((await stored(listing.id)).version).toBe(1);
    expect((await put("*")).status).toBe(200);
    expect((await put(`${tag(listing.id, 1)}, ${tag(listing.id, 2)}`)).status).toBe(200);
    expect((await stored(listing.id)).version).toBe(3);
  });

  it("without If-Match saves as before (spec clients), still raising the version", async () => {
    const listing = await createListing(ctx.db);
    await alice.put(`/api/listings/${listing.id}`).send({ notes: "first" });
    const res = await bob.put(`/api/listings/${listing.id}`).send({ notes: "second" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ notes: "second", version: 3 });
  });

  it("answers 404 for a listing that is gone, whatever the If-Match", async () => {
    const res = await alice.put("/api/listings/00000000-0000-4000-8000-000000000000").set("If-Match", '"x"').send({ notes: "x" });
    expect(res.status).toBe(404);
  });

  it("of 50 concurrent saves from the same version, exactly one lands and 49 get 412", async () => {
    const listing = await createListing(ctx.db);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? alice : bob).put(`/api/listings/${listing.id}`).set("If-Match", tag(listing.id, 1)).send({ listingName: `Edit ${i}` }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(49);
    const winner = results.find((r) => r.status === 200)!;
    const row = await stored(listing.id);
    expect(row.listingName).toBe(winner.body.listingName);
    expect(row.version).toBe(2);
  });
});

describe("every write to a listing raises its version, so a tag taken before it goes stale", () => {
  const versionAfter = async (write: (id: string) => Promise<{ status: number }>, expected = 200) => {
    const listing = await createListing(ctx.db);
    const res = await write(listing.id);
    expect(res.status).toBe(expected);
    const row = await stored(listing.id);
    expect(row.version).toBeGreaterThan(1);
    expect(new Date(row.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(listing.updatedAt).getTime());
    return row;
  };

  it("toggling active or starred", async () => {
    expect((await versionAfter((id) => alice.post(`/api/listings/${id}/toggle`))).updatedById).toBe(aliceId);
    expect((await versionAfter((id) => alice.post(`/api/listings/${id}/toggle-starred`))).updatedById).toBe(aliceId);
  });

  it("setting its image (an edit with imageUrl)", async () => {
    const row = await versionAfter((id) => alice.put(`/api/listings/${id}`).send({ imageUrl: "/objects/uploads/x.png" }));
    expect(row).toMatchObject({ imageUrl: "/objects/uploads/x.png", updatedById: aliceId });
  });

  it("a bulk edit", async () => {
    const row = await versionAfter((id) => alice.put("/api/listings/bulk").send({ ids: [id], updates: { notes: "bulk" } }));
    expect(row).toMatchObject({ notes: "bulk", updatedById: aliceId });
  });

  it("a CSV import that updates it", async () => {
    const row = await versionAfter(async (id) => {
      const listing = await stored(id);
      const csvData = csvFile([templateRow({ "Listing Name": listing.listingName, Address: listing.address, Notes: "from csv" })]);
      return alice.post("/api/listings/import").send({ csvData });
    });
    expect(row).toMatchObject({ notes: "from csv", updatedById: aliceId });
  });

});

describe("posts are not the listing's content", () => {
  it("regenerating them leaves the version, so an editor who opened the listing before can still save", async () => {
    const listing = await createListing(ctx.db);
    const tag = `"listing-${listing.id}-v${listing.version}"`;
    expect((await alice.post(`/api/listings/${listing.id}/regenerate-posts`)).status).toBe(200);
    const row = await stored(listing.id);
    expect(row.aiGeneratedPosts).toHaveLength(10);
    expect(row.version).toBe(listing.version);
    const saved = await alice.put(`/api/listings/${listing.id}`).set("If-Match", tag).send({ notes: "saved after the posts" });
    expect(saved.status).toBe(200);
  });
});

// The probe's story: two people edit one listing;
// the second save sends only what its person changed, from the version they opened.
describe("PATCH /api/listings/:id", () => {
  /** A listing made through the API, so its timeline starts with its creation (version 1). */
  const opened = async () => {
    const res = await alice.post("/api/listings").send(validListingInput({ leaseRate: "$18.50", leaseRateUnit: "per SF/yr", availableSizeSf: "2,000" }));
    expect(res.status).toBe(201);
    return res.body as { id: string; version: number };
  };
  const patch = (client: TestClient, id: string, body: object, version?: number) => {
    const req = client.patch(`/api/listings/${id}`);
    return (version === undefined ? req : req.set("If-Match", tag(id, version))).send(body);
  };
  const edits = async (id: string) =>
    ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, id), eq(auditEvents.kind, "listing.edited"))).orderBy(auditEvents.id);

  it("merges a change of other fields over a save made since, says what else changed, and logs one entry with its own fields", async () => {
    const listing = await opened();
    expect((await patch(alice, listing.id, { leaseRate: "$21" }, 1)).status).toBe(200);

    const res = await patch(bob, listing.id, { availableSizeSf: "3,500 SF" }, 1);
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(tag(listing.id, 3));
    expect(res.body).toMatchObject({ leaseRate: 21, availableSizeSf: 3500, version: 3, mergedFields: ["leaseRate"], mergedBy: [aliceName] });
    expect(await stored(listing.id)).toMatchObject({ leaseRate: 21, availableSizeSf: 3500 });

    const entries = await edits(listing.id);
    expect(entries).toHaveLength(2);
    expect(entries[1].data).toEqual({ changes: { availableSizeSf: [2000, 3500] }, version: 3 });
    // The version only places the entry; the timeline does not show it.
    const activity = await alice.get(`/api/listings/${listing.id}/activity`);
    expect(activity.body.entries[0]).toMatchObject({ kind: "listing.edited", changes: { availableSizeSf: [2000, 3500] } });
    expect(activity.body.entries[0].details).toBeUndefined();
  });

  it("answers 412 naming only the field both changed, with the listing now and who saved it, and changes nothing", async () => {
    const listing = await opened();
    expect((await patch(alice, listing.id, { leaseRate: "$21", notes: "Alice's note" }, 1)).status).toBe(200);
    const before = await stored(listing.id);

    const res = await patch(bob, listing.id, { leaseRate: "$19", availableSizeSf: "3,500" }, 1);
    expect(res.status).toBe(412);
    expect(res.headers.etag).toBe(tag(listing.id, 2));
    expect(res.body).toMatchObject({
      message: "Someone else saved this listing after you opened it.",
      fields: ["leaseRate"],
      changedBy: aliceName,
      current: { id: listing.id, leaseRate: 21, version: 2 },
    });
    expect(await stored(listing.id)).toEqual(before);
    expect(await edits(listing.id)).toHaveLength(1);
  });

  it("is no conflict when both set a field to the same value", async () => {
    const listing = await opened();
    expect((await patch(alice, listing.id, { leaseRate: "$21" }, 1)).status).toBe(200);
    const res = await patch(bob, listing.id, { leaseRate: "21", city: "Elkins" }, 1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ leaseRate: 21, city: "Elkins", mergedFields: [], mergedBy: [] });
  });

  it("reads toggles and bulk edits made since as the fields they changed", async () => {
    const listing = await opened();
    expect((await bob.post(`/api/listings/${listing.id}/toggle-starred`)).status).toBe(200);
    expect((await alice.put("/api/listings/bulk").send({ ids: [listing.id], updates: { notes: "bulk" } })).status).toBe(200);
    const res = await patch(bob, listing.id, { city: "Elkins" }, 1);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isStarred: true, notes: "bulk", city: "Elkins", version: 4, mergedFields: ["isStarred", "notes"], mergedBy: [bobName, aliceName] });
    // An edit started after the toggle finds its place by the toggle's version.
    // Elkins moved the listing's point to the town's centre: those fields came with the city.
    expect((await patch(alice, listing.id, { zoning: "C-2" }, 2)).body).toMatchObject({ zoning: "C-2", mergedFields: expect.arrayContaining(["notes", "city"]) });
    const late = await patch(alice, listing.id, { notes: "mine" }, 2);
    expect(late.status).toBe(412);
    expect(late.body.fields).toEqual(["notes"]);
  });

  it("when the timeline cannot tell (an import changed the listing since), refuses only the fields whose value now differs", async () => {
    const listing = await opened();
    const row = await stored(listing.id);
    const csvData = csvFile([templateRow({ "Listing Name": row.listingName, Address: row.address, Notes: "from csv" })]);
    expect((await alice.post("/api/listings/import").send({ csvData })).body.successful).toHaveLength(1);

    const differs = await patch(bob, listing.id, { notes: "mine", city: row.city }, 1);
    expect(differs.status).toBe(412);
    expect(differs.body.fields).toEqual(["notes"]);
    const same = await patch(bob, listing.id, { city: row.city }, 1);
    expect(same.status).toBe(200);
    expect(same.body.mergedFields).toEqual([]);
  });

  it("refuses every field for an If-Match naming no version of this listing, and saves the fields given without one", async () => {
    const listing = await opened();
    const weak = await bob.patch(`/api/listings/${listing.id}`).set("If-Match", `W/${tag(listing.id, 1)}`).send({ city: "Elkins", notes: "x" });
    expect(weak.status).toBe(412);
    expect(weak.body.fields).toEqual(["city", "notes"]);
    expect((await stored(listing.id)).version).toBe(1);

    expect((await patch(alice, listing.id, { leaseRate: "$21" })).status).toBe(200);
    const res = await patch(bob, listing.id, { city: "Elkins" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ city: "Elkins", leaseRate: 21, version: 3, mergedFields: [], mergedBy: [] });
  });

  it("refuses bad input with 400 naming the field, and an empty body, changing nothing", async () => {
    const listing = await opened();
    const before = await stored(listing.id);
    const bad = await patch(bob, listing.id, { availableSizeSf: "lots", city: "Elkins" }, 1);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors)).toEqual(["availableSizeSf"]);
    const empty = await patch(bob, listing.id, {}, 1);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Send at least one listing field to change");
    // A merge that would break a rule between facts is refused like any edit.
    const unit = await patch(bob, listing.id, { leaseRateUnit: null }, 1);
    expect(unit.status).toBe(400);
    expect(await stored(listing.id)).toEqual(before);
  });

  it("of 20 concurrent saves of one field from one version, one lands and 19 get 412; other fields all merge", async () => {
    const listing = await opened();
    const same = await Promise.all(Array.from({ length: 20 }, (_, i) => patch(i % 2 ? alice : bob, listing.id, { notes: `Edit ${i}` }, 1)));
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    expect(same.filter((r) => r.status === 412).every((r) => r.body.fields[0] === "notes")).toBe(true);
    const fields = [{ city: "Elkins" }, { zip: "26505" }, { zoning: "C-2" }, { yearBuilt: "1987" }];
    const other = await Promise.all(fields.map((body) => patch(bob, listing.id, body, 1)));
    expect(other.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await stored(listing.id)).toMatchObject({ city: "Elkins", zip: "26505", zoning: "C-2", yearBuilt: 1987, version: 6 });
  });

  it("leaves PUT as it was: a stale If-Match is refused whatever the fields", async () => {
    const listing = await opened();
    expect((await patch(alice, listing.id, { leaseRate: "$21" }, 1)).status).toBe(200);
    const res = await bob.put(`/api/listings/${listing.id}`).set("If-Match", tag(listing.id, 1)).send({ city: "Elkins" });
    expect(res.status).toBe(412);
    expect(res.body.fields).toBeUndefined();
  });
});
