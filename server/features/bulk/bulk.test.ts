import { asc, inArray, sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listings } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const bulkEdit = (body: unknown) => member.put("/api/listings/bulk").send(body as object);
const read = (ids: string[]) => ctx.db.select().from(listings).where(inArray(listings.id, ids)).orderBy(asc(listings.id));

describe("PUT /api/listings/bulk", () => {
  it("applies only the filled fields to every chosen listing; notes overwrite", async () => {
    const a = await createListing(ctx.db, { notes: "old a", marketingCategory: "Single", looplinkLink: "https://loop.example.com/a" });
    const b = await createListing(ctx.db, { notes: null, marketingCategory: "Double", offeringType: "Lease" });
    const untouched = await createListing(ctx.db, { notes: "keep me" });
    const res = await bulkEdit({
      ids: [a.id, b.id],
      updates: { marketingCategory: "Homerun", notes: "  New shared note  ", offeringType: "", dropboxLink: null, looplinkLink: undefined },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2, bulkActionId: expect.any(Number) });
    const [x, y] = (await read([a.id, b.id])).sort((p, q) => (p.id === a.id ? -1 : q.id === a.id ? 1 : 0));
    expect(x).toMatchObject({ marketingCategory: "Homerun", notes: "New shared note", offeringType: a.offeringType, looplinkLink: "https://loop.example.com/a" });
    expect(y).toMatchObject({ marketingCategory: "Homerun", notes: "New shared note", offeringType: "Lease" });
    expect(x.updatedAt.getTime()).toBeGreaterThan(a.updatedAt.getTime());
    expect((await read([untouched.id]))[0].notes).toBe("keep me");
  });

  it("is not mistaken for PUT /api/listings/:id", async () => {
    const a = await createListing(ctx.db);
    const res = await bulkEdit({ ids: [a.id], updates: { marketingFlyerLink: "https://flyers.example.com/a.pdf" } });
    expect(res.status).toBe(200);
    expect((await read([a.id]))[0].marketingFlyerLink).toBe("https://flyers.example.com/a.pdf");
  });

  it("refuses empty updates with the spec's message, changing nothing", async () => {
    const a = await createListing(ctx.db, { notes: "same" });
    for (const updates of [{}, { notes: "   ", offeringType: "" }, undefined]) {
      const res = await bulkEdit({ ids: [a.id], updates });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Please fill in at least one field to update");
    }
    expect((await read([a.id]))[0].notes).toBe("same");
  });

  it("validates like a single edit: one bad value changes no listing at all", async () => {
    const a = await createListing(ctx.db, { marketingCategory: "Single" });
    const b = await createListing(ctx.db, { marketingCategory: "Single" });
    const badLink = await bulkEdit({ ids: [a.id, b.id], updates: { marketingCategory: "Triple", looplinkLink: "ftp://nope" } });
    expect(badLink.status).toBe(400);
    expect(badLink.body.errors).toEqual({ looplinkLink: "Looplink Link must be a web address starting with http:// or https://" });
    const badEnum = await bulkEdit({ ids: [a.id], updates: { offeringType: "Rent" } });
    expect(badEnum.body.message).toBe("Offering Type must be one of Sell, Lease, Transfer, Sell/Lease, Sell/Transfer, Sell/Lease/Transfer");
    const tooLong = await bulkEdit({ ids: [a.id], updates: { notes: "x".repeat(5001) } });
    expect(tooLong.body.message).toBe("Notes must be at most 5000 characters");
    const notEditable = await bulkEdit({ ids: [a.id], updates: { listingName: "Renamed", isActive: false } });
    expect(notEditable.status).toBe(400);
    expect(notEditable.body.message).toBe("These fields cannot be changed in a bulk edit: listingName, isActive");
    expect((await read([a.id, b.id])).map((l) => l.marketingCategory)).toEqual(["Single", "Single"]);
  });

  it("changes every listing or none: a database failure on one leaves all as they were", async () => {
    const a = await createListing(ctx.db, { notes: "a" });
    const boom = await createListing(ctx.db, { listingName: "Boom", notes: "b" });
    await ctx.db.execute(sql`
      create function fail_on_boom() returns trigger language plpgsql as $$
      begin
        if new.listing_name = 'Boom' then raise exception 'disk on fire'; end if;
        return new;
      end $$`);
    await ctx.db.execute(sql`create trigger boom before update on listings for each row execute function fail_on_boom()`);
    try {
      expect((await bulkEdit({ ids: [a.id, boom.id], updates: { notes: "changed" } })).status).toBe(500);
      expect((await read([a.id, boom.id])).map((l) => l.notes).sort()).toEqual(["a", "b"]);
    } finally {
      await ctx.db.execute(sql`drop trigger boom on listings`);
      await ctx.db.execute(sql`drop function fail_on_boom`);
    }
  });

  it("checks the ids, and skips ids of listings deleted meanwhile", async () => {
    const a = await createListing(ctx.db);
    expect((await bulkEdit({ ids: [], updates: { notes: "x" } })).body.message).toBe("Select at least one listing");
    expect((await bulkEdit({ ids: "all", updates: { notes: "x" } })).body.message).toBe("ids must be a list of listing ids");
    expect((await bulkEdit({ updates: { notes: "x" } })).status).toBe(400);
    const tooMany = await bulkEdit({ ids: Array.from({ length: 100_001 }, (_, i) => `id-${i}`), updates: { notes: "x" } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe("Select at most 100,000 listings at a time");
    const res = await bulkEdit({ ids: [a.id, "deleted-meanwhile", a.id], updates: { notes: "x" } });
    expect(res.body).toEqual({ updated: 1, bulkActionId: expect.any(Number) });
  });

  it("refuses signed-out callers", async () => {
    const a = await createListing(ctx.db, { notes: "safe" });
    expect((await supertest(ctx.app).put("/api/listings/bulk").send({ ids: [a.id], updates: { notes: "x" } })).status).toBe(401);
    expect((await read([a.id]))[0].notes).toBe("safe");
  });
});
