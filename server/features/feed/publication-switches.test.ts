import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVENTORY_NEEDS_PUBLISHED } from "../../../shared/public-page.js";
import { auditEvents, listingPublications } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const put = (id: string, body: object) => member.put(`/api/listings/${id}/publication`).send(body);
const row = async (id: string) => (await ctx.db.select().from(listingPublications).where(eq(listingPublications.listingId, id)))[0];

describe("the inventory and syndication switches", () => {
  it("are off by default and part of the publication", async () => {
    const listing = await createListing(ctx.db);
    const res = await member.get(`/api/listings/${listing.id}/publication`).expect(200);
    expect(res.body).toMatchObject({ inventory: false, syndicate: false });
  });

  it("turn on with the publication or after it, each logged", async () => {
    const listing = await createListing(ctx.db);
    const res = await put(listing.id, { published: true, inventory: true }).expect(200);
    expect(res.body).toMatchObject({ published: true, inventory: true, syndicate: false });
    const again = await put(listing.id, { published: true, syndicate: true }).expect(200);
    expect(again.body).toMatchObject({ inventory: true, syndicate: true });
    const changed = await ctx.db.select().from(auditEvents).where(and(eq(auditEvents.listingId, listing.id), eq(auditEvents.kind, "listing.publication-changed")));
    expect(changed.map((e) => (e.data as { changes: unknown }).changes)).toEqual([{ inventory: [false, true] }, { syndicate: [false, true] }]);
  });

  it("refuses the inventory on an unpublished listing with a clear message, changing nothing", async () => {
    const listing = await createListing(ctx.db);
    const res = await put(listing.id, { published: false, inventory: true, syndicate: true }).expect(400);
    expect(res.body.message).toBe(INVENTORY_NEEDS_PUBLISHED);
    expect(await row(listing.id)).toBeUndefined();
    await put(listing.id, { published: true, inventory: "yes" }).expect(400);
    expect((await member.get(`/api/listings/${listing.id}/publication`).expect(200)).body).toMatchObject({ published: false, inventory: false });
  });

  it("keeps the switches through an unpublication, which alone takes the listing out", async () => {
    const listing = await createListing(ctx.db);
    await put(listing.id, { published: true, inventory: true, syndicate: true }).expect(200);
    const down = await put(listing.id, { published: false }).expect(200);
    expect(down.body).toMatchObject({ published: false, inventory: true, syndicate: true });
    // Syndication alone may be chosen ahead; it counts once the page is published.
    const other = await createListing(ctx.db);
    expect((await put(other.id, { published: false, syndicate: true }).expect(200)).body).toMatchObject({ published: false, syndicate: true });
  });
});
