// The facts a broker sells with, through the API. Numbers go out as JSON numbers;
// every refused value names its field, says what is accepted and saves nothing.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { maxYearBuilt } from "../../../shared/listing-facts.js";
import { listings } from "../../db/tables.js";
import { createListing, validListingInput } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const listingCount = async () => (await ctx.db.select({ n: count() }).from(listings))[0].n;
const stored = async (id: string) => (await ctx.db.select().from(listings).where(eq(listings.id, id)))[0];

const FULL_FACTS = {
  propertyType: "Retail",
  propertySubtype: "Strip Center",
  zip: "26501-1234",
  askingPrice: 1_650_000,
  leaseRate: 18.5,
  leaseRateUnit: "per SF/yr",
  leaseType: "NNN",
  buildingSizeSf: 20_000,
  availableSizeSf: 2_520,
  lotSizeAcres: 2.165,
  yearBuilt: 1998,
  buildingClass: "B",
  capRate: 7.5,
  zoning: "C-2",
  dealStage: "Active",
  listingDate: "2026-01-15",
  expirationDate: "2026-12-31",
} as const;

describe("creating and reading facts", () => {
  it("stores every fact and answers numbers as JSON numbers, by id and in the lists", async () => {
    const res = await member.post("/api/listings").send(validListingInput(FULL_FACTS));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject(FULL_FACTS);
    const byId = (await member.get(`/api/listings/${res.body.id}`).expect(200)).body;
    expect(byId).toMatchObject(FULL_FACTS);
    const listed = ((await member.get("/api/listings/active").expect(200)).body as { id: string }[]).find((l) => l.id === res.body.id);
    expect(listed).toMatchObject(FULL_FACTS);
    for (const key of ["askingPrice", "leaseRate", "buildingSizeSf", "lotSizeAcres", "yearBuilt", "capRate"] as const) {
      expect(typeof byId[key], key).toBe("number");
      expect(typeof (listed as Record<string, unknown>)[key], key).toBe("number");
    }
  });

  it("reads what people type: $1,650,000, 1.65M, $18.50, 20,000 SF, ±2,520 SF, 94,290 SF for a lot, 7.5%", async () => {
    const res = await member.post("/api/listings").send(
      validListingInput({
        askingPrice: "1.65M",
        leaseRate: "$18.50",
        leaseRateUnit: "per SF/yr",
        buildingSizeSf: "20,000 SF",
        availableSizeSf: "±2,520 SF",
        lotSizeAcres: "94,290 SF",
        capRate: "7.5%",
        yearBuilt: "1998",
        zip: "26501",
        propertyType: "mixed use",
        listingDate: "3/15/2026",
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      askingPrice: 1_650_000,
      leaseRate: 18.5,
      buildingSizeSf: 20_000,
      availableSizeSf: 2_520,
      lotSizeAcres: 2.165,
      capRate: 7.5,
      yearBuilt: 1998,
      zip: "26501",
      propertyType: "Mixed Use",
      listingDate: "2026-03-15",
    });
    expect(await member.post("/api/listings").send(validListingInput({ askingPrice: "$1,650,000" }))).toMatchObject({
      status: 201,
      body: { askingPrice: 1_650_000 },
    });
  });

  it("stores blank and N/A as null, and leaves out of the list the facts a listing lacks", async () => {
    const res = await member.post("/api/listings").send(validListingInput({ askingPrice: "N/A", capRate: "", zoning: "  ", leaseRate: null }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ askingPrice: null, capRate: null, zoning: null, leaseRate: null, propertyType: null });
    const listed = ((await member.get("/api/listings/active").expect(200)).body as Record<string, unknown>[]).find((l) => l.id === res.body.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty("askingPrice");
    expect(listed).not.toHaveProperty("expirationDate");
  });

  it("keeps a listing made before the facts existed unchanged: every fact null", async () => {
    const listing = await createListing(ctx.db);
    const body = (await member.get(`/api/listings/${listing.id}`).expect(200)).body;
    for (const key of Object.keys(FULL_FACTS)) expect(body[key], key).toBeNull();
  });
});

// Each bad value, the field it is refused under, and words its message must hold.
const BAD: [Record<string, unknown>, string, string][] = [
  [{ propertyType: "Castle" }, "propertyType", "Property type must be one of Retail, Office"],
  [{ propertySubtype: "x".repeat(81) }, "propertySubtype", "at most 80 characters"],
  [{ zip: "2650" }, "zip", "5 digits or ZIP+4"],
  [{ zip: 26501 }, "zip", "5 digits or ZIP+4"],
  [{ askingPrice: -1 }, "askingPrice", "whole dollars from $0"],
  [{ askingPrice: 1650000.5 }, "askingPrice", "whole dollars"],
  [{ askingPrice: "a lot" }, "askingPrice", "like $1,650,000 or 1.65M"],
  [{ askingPrice: 1e15 }, "askingPrice", "$999,999,999,999"],
  [{ askingPrice: true }, "askingPrice", "whole dollars"],
  [{ leaseRate: 0, leaseRateUnit: "per SF/yr" }, "leaseRate", "above $0 with at most 2 decimals"],
  [{ leaseRate: 18.505, leaseRateUnit: "per SF/yr" }, "leaseRate", "at most 2 decimals"],
  [{ leaseRate: "$18.50" }, "leaseRateUnit", "Lease rate unit is required when a lease rate is set"],
  [{ leaseRate: 18.5, leaseRateUnit: "per week" }, "leaseRateUnit", "Lease rate unit must be one of per SF/yr"],
  [{ leaseType: "Net" }, "leaseType", "Lease type must be one of NNN, Modified Gross"],
  [{ buildingSizeSf: 0 }, "buildingSizeSf", "Building size must be whole square feet above 0"],
  [{ buildingSizeSf: 20000.5 }, "buildingSizeSf", "whole square feet"],
  [{ buildingSizeSf: "2.5 acres" }, "buildingSizeSf", "Building size"],
  [{ availableSizeSf: -5 }, "availableSizeSf", "Available size must be whole square feet above 0"],
  [{ lotSizeAcres: 0 }, "lotSizeAcres", "Lot size must be acres above 0"],
  [{ lotSizeAcres: 2.1234 }, "lotSizeAcres", "at most 3 decimals"],
  [{ lotSizeAcres: "2.5 hectares" }, "lotSizeAcres", "like 2.5 acres or 94,290 SF"],
  [{ yearBuilt: 1699 }, "yearBuilt", `Year built must be between 1700 and ${maxYearBuilt()}`],
  [{ yearBuilt: maxYearBuilt() + 1 }, "yearBuilt", `Year built must be between 1700 and ${maxYearBuilt()}`],
  [{ yearBuilt: 1998.5 }, "yearBuilt", "Year built must be between"],
  [{ buildingClass: "D" }, "buildingClass", "Building class must be one of A, B, C"],
  [{ capRate: 0 }, "capRate", "Cap rate is a percentage up to 100"],
  [{ capRate: 100.01 }, "capRate", "Cap rate is a percentage up to 100"],
  [{ capRate: "7.555%" }, "capRate", "at most 2 decimals"],
  [{ zoning: "z".repeat(41) }, "zoning", "Zoning must be at most 40 characters"],
  [{ dealStage: "Sold" }, "dealStage", "Deal stage must be one of Proposal, Active, Under Contract"],
  [{ listingDate: "2026-02-30" }, "listingDate", "Listing date must be a date like 2026-03-15"],
  [{ expirationDate: "soon" }, "expirationDate", "Expiration date must be a date"],
  [{ listingDate: "2026-06-01", expirationDate: "2026-05-31" }, "expirationDate", "Expiration date must not be before the listing date"],
];

describe("bad input", () => {
  it("refuses every bad value under its field, saying what is accepted, and creates nothing", async () => {
    const before = await listingCount();
    for (const [facts, field, words] of BAD) {
      const res = await member.post("/api/listings").send(validListingInput(facts as never));
      expect(res.status, JSON.stringify(facts)).toBe(400);
      expect(Object.keys(res.body.errors), JSON.stringify(facts)).toEqual([field]);
      expect(res.body.errors[field]).toContain(words);
      expect(res.body.message).toContain(words);
    }
    expect(await listingCount()).toBe(before);
  });

  it("refuses the same values in an edit and changes nothing", async () => {
    const listing = await createListing(ctx.db, { askingPrice: 500_000, capRate: 8, listingDate: "2026-06-01" });
    for (const [facts, field, words] of BAD) {
      const res = await member.put(`/api/listings/${listing.id}`).send(facts);
      expect(res.status, JSON.stringify(facts)).toBe(400);
      expect(res.body.errors[field], JSON.stringify(facts)).toContain(words);
    }
    const row = await stored(listing.id);
    expect(row).toMatchObject({ askingPrice: 500_000, capRate: 8, leaseRate: null, listingDate: "2026-06-01", expirationDate: null, updatedAt: listing.updatedAt });
  });
});

describe("editing facts", () => {
  it("changes only the facts sent, clears with null, and keeps the others", async () => {
    const listing = await createListing(ctx.db, { askingPrice: 900_000, capRate: 6.25, zoning: "B-1" });
    const res = await member.put(`/api/listings/${listing.id}`).send({ askingPrice: "$950,000", zoning: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ askingPrice: 950_000, capRate: 6.25, zoning: null });
  });

  it("checks the rules between facts against the stored listing", async () => {
    const listing = await createListing(ctx.db, { leaseRate: 18.5, leaseRateUnit: "per SF/yr", listingDate: "2026-06-01" });
    const noUnit = await member.put(`/api/listings/${listing.id}`).send({ leaseRateUnit: null });
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.errors).toEqual({ leaseRateUnit: expect.stringContaining("Lease rate unit is required") });
    const early = await member.put(`/api/listings/${listing.id}`).send({ expirationDate: "2026-05-01" });
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual({ expirationDate: "Expiration date must not be before the listing date" });
    expect(await stored(listing.id)).toMatchObject({ leaseRateUnit: "per SF/yr", expirationDate: null });
    // Both changed together, or the rate cleared with its unit, is fine.
    await member.put(`/api/listings/${listing.id}`).send({ listingDate: "2026-04-01", expirationDate: "2026-05-01" }).expect(200);
    await member.put(`/api/listings/${listing.id}`).send({ leaseRate: null, leaseRateUnit: null }).expect(200);
    expect(await stored(listing.id)).toMatchObject({ leaseRate: null, leaseRateUnit: null, listingDate: "2026-04-01", expirationDate: "2026-05-01" });
  });

  it("keeps deal stage and the folders independent", async () => {
    const res = await member.post("/api/listings").send(validListingInput({ dealStage: "Closed" })).expect(201);
    expect(res.body).toMatchObject({ dealStage: "Closed", isActive: true });
    const toggled = (await member.post(`/api/listings/${res.body.id}/toggle`).expect(200)).body;
    expect(toggled).toMatchObject({ dealStage: "Closed", isActive: false });
  });
});
