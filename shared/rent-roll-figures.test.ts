import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expirationSchedule, inPlaceRent, occupancy, rentPerSf, rentRollFigures, walt } from "./rent-roll-figures.js";
import { insertTenantSchema, tenantProblems } from "./rent-roll.js";

const ASOF = "2027-01-01";
const lease = (sizeSf: number, annualRent: number, leaseEnd: string | null) => ({ sizeSf, annualRent, leaseEnd });

describe("rent roll figures, worked by hand", () => {
  // A: 2,000 SF, $40,000, ends 2029-01-01 (2 years and 1 day: 731 days / 365.25 = 2.0014 years)
  // B: 3,000 SF, $60,000, ends 2032-01-01 (1826 days = 4.9993 years)
  // C: 1,000 SF, $20,000, ended 2026-06-30 (counts 0 years, and is vacant now)
  const roll = [lease(2000, 40_000, "2029-01-01"), lease(3000, 60_000, "2032-01-01"), lease(1000, 20_000, "2026-06-30")];

  it("rent per SF is annual rent over size, to the cent", () => {
    expect(rentPerSf(40_000, 2000)).toBe(20);
    expect(rentPerSf(10_000, 3000)).toBe(3.33);
  });

  it("occupancy is leased SF in place over the building's SF, else over the roll's SF", () => {
    expect(occupancy(roll, ASOF, 10_000)).toBe(0.5);
    expect(occupancy(roll, ASOF, null)).toBeCloseTo(5000 / 6000, 10);
    expect(occupancy([], ASOF, null)).toBeNull();
    expect(occupancy(roll, ASOF, 4000)).toBe(1);
  });

  it("WALT weights each lease's years left by its rent, ended leases counting 0", () => {
    const expected = ((731 / 365.25) * 40_000 + (1826 / 365.25) * 60_000 + 0 * 20_000) / 120_000;
    expect(walt(roll, ASOF)).toBeCloseTo(expected, 10);
    expect(walt(roll, ASOF)).toBeCloseTo(3.1668, 3);
    expect(walt([lease(1000, 0, "2030-01-01")], ASOF)).toBeNull();
  });

  it("in-place rent counts the leases not yet ended; a lease ending today is still in place", () => {
    expect(inPlaceRent(roll, ASOF)).toBe(100_000);
    expect(inPlaceRent([lease(1000, 12_345.67, ASOF), lease(1000, 0.01, null)], ASOF)).toBe(12_345.68);
  });

  it("the expiration schedule sums SF and rent by year, earliest first", () => {
    expect(expirationSchedule([...roll, lease(500, 9_000.5, "2029-12-31"), lease(10, 1, null)])).toEqual([
      { year: 2026, sizeSf: 1000, annualRent: 20_000 },
      { year: 2029, sizeSf: 2500, annualRent: 49_000.5 },
      { year: 2032, sizeSf: 3000, annualRent: 60_000 },
    ]);
  });

  it("rentRollFigures puts them together with each tenant's rent per SF", () => {
    const t = { id: 1, tenant: "Cafe", suite: "100", sizeSf: 2000, leaseStart: "2024-01-01", leaseEnd: "2029-01-01", annualRent: 40_000, reimbursements: "NNN", options: null, notes: null };
    const figures = rentRollFigures([t], ASOF, 4000);
    expect(figures).toMatchObject({ occupancy: 0.5, inPlaceRent: 40_000, expirations: [{ year: 2029, sizeSf: 2000, annualRent: 40_000 }] });
    expect(figures.tenants[0].rentPerSf).toBe(20);
  });

  it("occupancy stays within 0–1 and WALT is never negative, for any roll", () => {
    const dateArb = fc.date({ min: new Date("2020-01-01"), max: new Date("2040-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.record({ sizeSf: fc.integer({ min: 1, max: 100_000 }), annualRent: fc.integer({ min: 0, max: 5_000_000 }), leaseEnd: fc.option(dateArb) })),
        fc.option(fc.integer({ min: 1, max: 1_000_000 })),
        (leases, building) => {
          const occ = occupancy(leases, ASOF, building);
          if (occ !== null) expect(occ >= 0 && occ <= 1).toBe(true);
          const w = walt(leases, ASOF);
          if (w !== null) expect(w).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("tenant input", () => {
  it("refuses a negative rent and a lease ending before it starts, naming the field", () => {
    const r = insertTenantSchema.safeParse({ tenant: "Cafe", sizeSf: "2,000 SF", annualRent: -100 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ["annualRent"], message: expect.stringMatching(/^Annual rent must be a dollar amount of \$0 or more/) });
    expect(tenantProblems({ sizeSf: 100, leaseStart: "2027-01-01", leaseEnd: "2026-12-31" }, null)).toEqual({ leaseEnd: "Lease end must not be before the lease start" });
    expect(tenantProblems({ sizeSf: 5000, leaseStart: null, leaseEnd: null }, 4000)).toEqual({ sizeSf: "Size must not be larger than the building (4,000 SF)" });
  });

  it("reads money, areas and dates as the listing facts do", () => {
    expect(insertTenantSchema.parse({ tenant: "Cafe", sizeSf: "2,000 sq ft", annualRent: "$48,000", leaseStart: "Jan 1, 2025", leaseEnd: "12/31/29" })).toMatchObject({
      sizeSf: 2000,
      annualRent: 48_000,
      leaseStart: "2025-01-01",
      leaseEnd: "2029-12-31",
    });
  });
});
