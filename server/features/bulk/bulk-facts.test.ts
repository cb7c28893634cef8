// Listing facts: Bulk Edit also sets property type, deal stage, lease type, building class and
// expiration date, with the single edit's rules and messages; a refused edit changes nothing.
import { asc, inArray } from "drizzle-orm";
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

describe("bulk edit of listing facts", () => {
  it("sets the five facts on every chosen listing and leaves blank ones unchanged", async () => {
    const a = await createListing(ctx.db, { dealStage: "Proposal", leaseType: "Gross", askingPrice: 100_000 });
    const b = await createListing(ctx.db, { dealStage: "Active" });
    const res = await bulkEdit({
      ids: [a.id, b.id],
      updates: { dealStage: "Under Contract", propertyType: "office", buildingClass: "A", expirationDate: "12/31/2026", leaseType: "" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ updated: 2, bulkActionId: expect.any(Number) });
    for (const row of await read([a.id, b.id])) {
      expect(row).toMatchObject({ dealStage: "Under Contract", propertyType: "Office", buildingClass: "A", expirationDate: "2026-12-31" });
    }
    expect((await read([a.id]))[0]).toMatchObject({ leaseType: "Gross", askingPrice: 100_000 });
  });

  it("refuses bad values with the same messages as a single edit, changing nothing", async () => {
    const a = await createListing(ctx.db, { dealStage: "Active" });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dealStage: "Sold" }, "dealStage", "Deal stage must be one of Proposal, Active"],
      [{ propertyType: "Castle" }, "propertyType", "Property type must be one of Retail"],
      [{ leaseType: "Net" }, "leaseType", "Lease type must be one of NNN"],
      [{ buildingClass: "Z" }, "buildingClass", "Building class must be one of A, B, C"],
      [{ expirationDate: "2026-02-30" }, "expirationDate", "Expiration date must be a date"],
    ];
    for (const [updates, field, words] of cases) {
      const res = await bulkEdit({ ids: [a.id], updates });
      expect(res.status, JSON.stringify(updates)).toBe(400);
      expect(res.body.errors[field]).toContain(words);
    }
    expect((await read([a.id]))[0].dealStage).toBe("Active");
  });

  it("refuses an expiration before any selected listing's listing date, and changes none of them", async () => {
    const early = await createListing(ctx.db, { listingDate: "2026-01-01" });
    const late = await createListing(ctx.db, { listingDate: "2026-09-01" });
    const res = await bulkEdit({ ids: [early.id, late.id], updates: { expirationDate: "2026-06-30", dealStage: "Closed" } });
    expect(res.status).toBe(400);
    expect(res.body.errors.expirationDate).toBe("Expiration date must not be before the listing date (1 of the selected listings was listed after it)");
    for (const row of await read([early.id, late.id])) expect(row).toMatchObject({ expirationDate: null, dealStage: null });
  });
});
