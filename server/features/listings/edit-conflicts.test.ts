// Edit conflicts (docs/decisions/140-version-tags.md): an edit made from an older version of a listing is refused with 412 and the
// listing as it is now, instead of silently undoing someone else's save.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { versionTag } from "../../../shared/edit-conflicts.js";
import { listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { csvFile, templateRow } from "../csv/csv-fixtures.js";

let ctx: TestContext;
let alice: TestClient;
let bob: TestClient;
let aliceId: number;
let bobName: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const a = await ctx.userAgent();
  const b = await ctx.userAgent();
  alice = a.agent;
  aliceId = a.user.id;
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

describe("posts are not the listing's content (docs/decisions/171-posts-storage-and-freshness.md)", () => {
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
