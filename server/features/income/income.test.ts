// Spaces, the rent roll and the operating statement over the API (docs/guides/spaces-and-income.md):
// what they store and compute, what they refuse (changing nothing), what they tell the listing,
// its lists, its timeline, the change bus and its public page.
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/tables.js";
import { createListing, publishListing } from "../../test/factories.js";
import { createTestContext, nextChange, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const entriesOf = async (listingId: string, kind: string) =>
  (await ctx.db.select({ n: count() }).from(auditEvents).where(and(eq(auditEvents.listingId, listingId), eq(auditEvents.kind, kind))))[0].n;
const listingOf = async (id: string) => (await member.get(`/api/listings/${id}`).expect(200)).body;
const addSpace = async (id: string, body: Record<string, unknown>) => (await member.post(`/api/listings/${id}/spaces`).send(body).expect(201)).body;

describe("spaces", () => {
  it("adds, lists, edits and deletes spaces; the listing's JSON carries the available spaces' summary", async () => {
    const listing = await createListing(ctx.db, { buildingSizeSf: 20_000 });
    const first = await addSpace(listing.id, { suite: "200", floor: "2", sizeSf: "2,400 SF", rate: "$18.50", leaseType: "NNN", availableOn: "3/1/2027" });
    expect(first).toMatchObject({ suite: "200", floor: "2", sizeSf: 2400, rate: 18.5, rateUnit: "SF/yr", leaseType: "NNN", availableOn: "2027-03-01", status: "available", photoIds: [] });
    expect(first).not.toHaveProperty("listingId");
    const second = await addSpace(listing.id, { suite: "300", sizeSf: 9800, rate: 16, leaseType: "NNN" });
    await addSpace(listing.id, { suite: "400", sizeSf: 5000, rate: 17, status: "leased" });

    expect((await member.get(`/api/listings/${listing.id}/spaces`).expect(200)).body.map((s: { suite: string }) => s.suite)).toEqual(["200", "300", "400"]);
    expect((await listingOf(listing.id)).spacesSummary).toEqual({ count: 2, minSf: 2400, maxSf: 9800, minRate: 16, maxRate: 18.5, rateUnit: "SF/yr", leaseTypes: ["NNN"], sizesSf: [2400, 9800], sizeText: "2,400–9,800 SF available", rateText: "$16.00–$18.50/SF/yr NNN" });
    // The lists carry it too (they refresh from the change the write published).
    await expect
      .poll(async () => ((await member.get("/api/listings").expect(200)).body as { id: string; spacesSummary: unknown }[]).find((l) => l.id === listing.id)?.spacesSummary)
      .toMatchObject({ count: 2, minSf: 2400, maxSf: 9800 });

    const edited = (await member.patch(`/api/listings/${listing.id}/spaces/${second.id}`).send({ status: "pending", description: "Corner suite" }).expect(200)).body;
    expect(edited).toMatchObject({ id: second.id, status: "pending", description: "Corner suite", sizeSf: 9800 });
    expect((await listingOf(listing.id)).spacesSummary).toMatchObject({ count: 1, minSf: 2400, maxSf: 2400 });

    await member.delete(`/api/listings/${listing.id}/spaces/${first.id}`).expect(204);
    expect((await listingOf(listing.id)).spacesSummary).toBeNull();
    expect(await entriesOf(listing.id, "listing.space-added")).toBe(3);
    expect(await entriesOf(listing.id, "listing.space-edited")).toBe(1);
    expect(await entriesOf(listing.id, "listing.space-removed")).toBe(1);
  });

  it("publishes a change and bumps the listing's version with each write", async () => {
    const listing = await createListing(ctx.db);
    const before = (await listingOf(listing.id)).version;
    const changed = nextChange(ctx.changes);
    await addSpace(listing.id, { suite: "A", sizeSf: 1000 });
    await changed;
    expect((await listingOf(listing.id)).version).toBe(before + 1);
  });

  it("refuses bad input with a message naming the field, and changes nothing", async () => {
    const listing = await createListing(ctx.db, { buildingSizeSf: 10_000 });
    const space = await addSpace(listing.id, { suite: "100", sizeSf: 2000, rate: 20 });
    const snapshot = async () => ({ version: (await listingOf(listing.id)).version, spaces: (await member.get(`/api/listings/${listing.id}/spaces`)).body });
    const before = await snapshot();
    const refusals: [string, Record<string, unknown>, string, RegExp][] = [
      ["post", { suite: "200", sizeSf: 12_000 }, "sizeSf", /^Size must not be larger than the building \(10,000 SF\)$/],
      ["post", { suite: "200", sizeSf: 2000, rate: "-$4" }, "rate", /^Rate must be a dollar amount of \$0 or more/],
      ["post", { suite: "200", sizeSf: 2000, availableOn: "next spring" }, "availableOn", /^Available date must be a date/],
      ["post", { suite: "200", sizeSf: "big" }, "sizeSf", /^Size must be whole square feet/],
      ["post", { suite: "", sizeSf: 100 }, "suite", /^Suite is required$/],
      ["post", { suite: "200", sizeSf: 100, leaseType: "Triple" }, "leaseType", /^Lease type must be one of NNN, NN, Modified Gross, Full Service Gross, Ground$/],
      ["post", { suite: "200", sizeSf: 100, photoIds: [999_999] }, "photoIds", /^Photos must be photos of this listing/],
      ["patch", { minDivisibleSf: 3000 }, "minDivisibleSf", /^Minimum divisible size must not be larger than the space$/],
      ["patch", { sizeSf: null }, "sizeSf", /^Size is required/],
      ["patch", { rate: -1 }, "rate", /not negative/],
    ];
    for (const [method, body, field, message] of refusals) {
      const req = method === "post" ? member.post(`/api/listings/${listing.id}/spaces`) : member.patch(`/api/listings/${listing.id}/spaces/${space.id}`);
      const res = await req.send(body).expect(400);
      expect(res.body.errors?.[field] ?? res.body.fields?.[field], JSON.stringify(res.body)).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers 404 for an unknown listing or a space of another listing", async () => {
    const [a, b] = [await createListing(ctx.db), await createListing(ctx.db)];
    const space = await addSpace(a.id, { suite: "1", sizeSf: 100 });
    await member.get("/api/listings/00000000-0000-4000-8000-000000000000/spaces").expect(404);
    await member.get("/api/listings/not-a-listing/spaces").expect(404);
    await member.patch(`/api/listings/${b.id}/spaces/${space.id}`).send({ suite: "2" }).expect(404);
    await member.delete(`/api/listings/${b.id}/spaces/${space.id}`).expect(404);
    await member.delete(`/api/listings/${a.id}/spaces/abc`).expect(400);
  });
});

describe("rent roll", () => {
  it("computes occupancy, WALT, in-place rent and the expiration schedule from its tenants", async () => {
    const listing = await createListing(ctx.db, { buildingSizeSf: 10_000 });
    const url = `/api/listings/${listing.id}/rent-roll`;
    const cafe = (await member.post(url).send({ tenant: "Cafe", suite: "100", sizeSf: "2,000 SF", leaseStart: "1/1/2020", leaseEnd: "12/31/2098", annualRent: "$40,000", reimbursements: "NNN" }).expect(201)).body;
    expect(cafe).toMatchObject({ tenant: "Cafe", sizeSf: 2000, leaseStart: "2020-01-01", leaseEnd: "2098-12-31", annualRent: 40_000, rentPerSf: 20, reimbursements: "NNN" });
    await member.post(url).send({ tenant: "Bank", sizeSf: 3000, leaseEnd: "2099-06-30", annualRent: 60_000 }).expect(201);
    await member.post(url).send({ tenant: "Gone", sizeSf: 1000, leaseEnd: "2001-01-31", annualRent: 10_000 }).expect(201);

    const roll = (await member.get(url).expect(200)).body;
    expect(roll.tenants.map((t: { tenant: string }) => t.tenant)).toEqual(["Cafe", "Bank", "Gone"]);
    expect(roll).toMatchObject({
      occupancy: 0.5,
      inPlaceRent: 100_000,
      expirations: [
        { year: 2001, sizeSf: 1000, annualRent: 10_000 },
        { year: 2098, sizeSf: 2000, annualRent: 40_000 },
        { year: 2099, sizeSf: 3000, annualRent: 60_000 },
      ],
    });
    // Weighted by rent, the ended lease counting 0 years: about 72.8 years from 2026 for 100,000 of 110,000.
    expect(roll.walt).toBeGreaterThan(60);
    expect(roll.walt).toBeLessThan(73);

    const edited = (await member.patch(`${url}/${cafe.id}`).send({ annualRent: 44_000 }).expect(200)).body;
    expect(edited.rentPerSf).toBe(22);
    await member.delete(`${url}/${cafe.id}`).expect(204);
    expect((await member.get(url).expect(200)).body.inPlaceRent).toBe(60_000);
    expect(await entriesOf(listing.id, "listing.tenant-added")).toBe(3);
    expect(await entriesOf(listing.id, "listing.tenant-edited")).toBe(1);
    expect(await entriesOf(listing.id, "listing.tenant-removed")).toBe(1);
  });

  it("refuses a lease ending before it starts, a suite larger than the building and a negative rent, changing nothing", async () => {
    const listing = await createListing(ctx.db, { buildingSizeSf: 5000 });
    const url = `/api/listings/${listing.id}/rent-roll`;
    const t = (await member.post(url).send({ tenant: "Cafe", sizeSf: 1000, leaseStart: "2025-01-01", leaseEnd: "2030-01-01", annualRent: 20_000 }).expect(201)).body;
    const before = { roll: (await member.get(url)).body, version: (await listingOf(listing.id)).version };
    const post = (body: Record<string, unknown>) => member.post(url).send({ tenant: "New", sizeSf: 1000, annualRent: 1, ...body }).expect(400);
    expect((await post({ leaseStart: "2026-05-01", leaseEnd: "2026-04-30" })).body.message).toBe("Lease end must not be before the lease start");
    expect((await post({ sizeSf: 6000 })).body.message).toBe("Size must not be larger than the building (5,000 SF)");
    expect((await post({ annualRent: -500 })).body.message).toMatch(/^Annual rent must be a dollar amount of \$0 or more/);
    expect((await post({ leaseEnd: "31/31/2031" })).body.message).toMatch(/^Lease end must be a date/);
    expect((await member.patch(`${url}/${t.id}`).send({ leaseStart: "2031-01-01" }).expect(400)).body.message).toBe("Lease end must not be before the lease start");
    expect((await member.patch(`${url}/${t.id}`).send({ annualRent: null }).expect(400)).body.message).toBe("Annual rent is required, like $48,000");
    expect({ roll: (await member.get(url)).body, version: (await listingOf(listing.id)).version }).toEqual(before);
  });
});

describe("operating statement", () => {
  it("stores the statement and computes EGI, expenses, NOI and the cap rate at the asking price", async () => {
    const listing = await createListing(ctx.db, { askingPrice: 1_500_000 });
    const url = `/api/listings/${listing.id}/operating-statement`;
    expect((await member.get(url).expect(200)).body).toMatchObject({ t12: { income: [], expenses: [], egi: 0, noi: 0 }, capRate: 0, warnings: [] });
    const body = {
      t12: {
        income: [
          { category: "Base rent", amount: "$120,000" },
          { category: "Vacancy allowance", amount: "-$6,000" },
        ],
        expenses: [{ category: "Taxes", amount: 18_000.5 }],
      },
      proForma: { income: [{ category: "Base rent", amount: 130_000 }], expenses: [{ category: "Taxes", amount: 19_000 }] },
    };
    const saved = (await member.put(url).send(body).expect(200)).body;
    expect(saved).toMatchObject({ t12: { egi: 114_000, totalExpenses: 18_000.5, noi: 95_999.5 }, proForma: { egi: 130_000, noi: 111_000 }, capRate: 6.4, warnings: [] });
    expect((await member.get(url).expect(200)).body).toEqual(saved);
    expect(await entriesOf(listing.id, "listing.operating-statement-saved")).toBe(1);
  });

  it("warns when the base rent and the rent roll's in-place rent differ by more than 2%", async () => {
    const listing = await createListing(ctx.db);
    await member.post(`/api/listings/${listing.id}/rent-roll`).send({ tenant: "Cafe", sizeSf: 1000, leaseEnd: "2099-01-01", annualRent: 100_000 }).expect(201);
    const url = `/api/listings/${listing.id}/operating-statement`;
    const put = async (baseRent: number) => (await member.put(url).send({ t12: { income: [{ category: "Base rent", amount: baseRent }], expenses: [] } }).expect(200)).body;
    expect((await put(102_000)).warnings).toEqual([]);
    expect((await put(102_001)).warnings).toEqual(["The T-12 base rent of $102,001 differs from the rent roll's in-place rent of $100,000 (2.0%), more than 2%."]);
    expect((await member.get(url)).body.capRate).toBeNull();
  });

  it("refuses a negative expense, naming the line, and keeps the statement it had", async () => {
    const listing = await createListing(ctx.db);
    const url = `/api/listings/${listing.id}/operating-statement`;
    await member.put(url).send({ t12: { income: [{ category: "Base rent", amount: 1000 }], expenses: [] } }).expect(200);
    const res = await member.put(url).send({ t12: { income: [], expenses: [{ category: "Taxes", amount: -5 }] } }).expect(400);
    expect(res.body.message).toMatch(/^Expense amount must be a dollar amount of \$0 or more/);
    expect((await member.put(url).send({ t12: "lots" }).expect(400)).body.message).toMatch(/statement year/i);
    expect((await member.get(url)).body.t12.egi).toBe(1000);
  });
});

describe("public page", () => {
  it("shows the available spaces in a table and their range in the facts; pending, leased and internal fields stay inside", async () => {
    const listing = await createListing(ctx.db, { leaseRate: 30, leaseRateUnit: "per SF/yr", availableSizeSf: 99_999 });
    const token = await publishListing(ctx.db, listing.id);
    const before = (await member.get(`/l/${token}`).expect(200)).text;
    expect(before).not.toContain("Available spaces");
    await addSpace(listing.id, { suite: "200", sizeSf: 2400, rate: 18.5, leaseType: "NNN", availableOn: "2027-03-01" });
    await addSpace(listing.id, { suite: "300", sizeSf: 9800, rate: 16, leaseType: "NNN", description: "Corner" });
    await addSpace(listing.id, { suite: "Secret 900", sizeSf: 500, status: "leased" });
    const page = (await member.get(`/l/${token}`).expect(200)).text;
    expect(page).toContain("<h2>Available spaces</h2>");
    expect(page).toContain("<dt>Available</dt><dd>2,400–9,800 SF available</dd>");
    expect(page).toContain("<dt>Lease Rate</dt><dd>$16.00–$18.50/SF/yr NNN</dd>");
    expect(page).toContain("Mar 1, 2027");
    expect(page).toContain("$18.50/SF/yr");
    expect(page).not.toContain("Secret 900");
    expect(page).not.toContain("99,999");
  });
});
