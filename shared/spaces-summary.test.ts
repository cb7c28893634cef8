import { describe, expect, it } from "vitest";
import { anySpaceSizeIn, ratePerSfYear, spacesRangeText, spacesSummary } from "./spaces-summary.js";
import { insertSpaceSchema, patchSpaceSchema, spaceProblems, type Space } from "./spaces.js";

const space = (over: Partial<Space>): Space => ({
  id: 1,
  suite: "100",
  floor: null,
  sizeSf: 2400,
  minDivisibleSf: null,
  rate: 18.5,
  rateUnit: "SF/yr",
  leaseType: "NNN",
  availableOn: null,
  status: "available",
  spaceType: null,
  description: null,
  photoIds: [],
  ...over,
});

describe("spaces summary", () => {
  it("summarises the available spaces only, and prints the range as the listing shows it", () => {
    const summary = spacesSummary([
      space({ sizeSf: 2400, rate: 18.5 }),
      space({ sizeSf: 9800, rate: 16 }),
      space({ sizeSf: 5000, rate: 17 }),
      space({ sizeSf: 50_000, rate: 9, status: "leased" }),
      space({ sizeSf: 100, rate: 40, status: "pending" }),
    ]);
    expect(summary).toEqual({ count: 3, minSf: 2400, maxSf: 9800, minRate: 16, maxRate: 18.5, rateUnit: "SF/yr", leaseTypes: ["NNN"], sizesSf: [2400, 5000, 9800], sizeText: "2,400–9,800 SF available", rateText: "$16.00–$18.50/SF/yr NNN" });
    expect(spacesRangeText(summary!)).toBe("2,400–9,800 SF available; $16.00–$18.50/SF/yr NNN");
  });

  it("is null without an available space", () => {
    expect(spacesSummary([])).toBeNull();
    expect(spacesSummary([space({ status: "leased" })])).toBeNull();
  });

  it("prints one space without a range, and leaves the rate out when none is set", () => {
    expect(spacesRangeText(spacesSummary([space({ rateUnit: "month", rate: 4500, leaseType: "Modified Gross" })])!)).toBe("2,400 SF available; $4,500.00/mo Modified Gross");
    expect(spacesRangeText(spacesSummary([space({ rate: null, leaseType: null })])!)).toBe("2,400 SF available");
  });

  it("brings mixed units to $/SF/yr: 1.50/SF/mo is 18.00, 3,000/month over 2,400 SF is 15.00, 36,000/year over 2,400 SF is 15.00", () => {
    expect(ratePerSfYear({ sizeSf: 2400, rate: 1.5, rateUnit: "SF/mo" })).toBe(18);
    expect(ratePerSfYear({ sizeSf: 2400, rate: 3000, rateUnit: "month" })).toBe(15);
    expect(ratePerSfYear({ sizeSf: 2400, rate: 36_000, rateUnit: "year" })).toBe(15);
    const summary = spacesSummary([
      space({ rate: 1.5, rateUnit: "SF/mo", leaseType: "NN" }),
      space({ rate: 3000, rateUnit: "month", leaseType: "NNN" }),
      space({ rate: 17.25, rateUnit: "SF/yr", leaseType: "NNN" }),
    ])!;
    expect(summary).toMatchObject({ minRate: 15, maxRate: 18, rateUnit: "SF/yr", leaseTypes: ["NNN", "NN"] });
    // A space without a rate does not decide the unit.
    expect(spacesSummary([space({ rate: 4000, rateUnit: "month" }), space({ rate: null, rateUnit: "SF/yr" })])).toMatchObject({ rateUnit: "month", minRate: 4000 });
  });

  it("matches a size filter when any available space lies in it, not when only the range spans it", () => {
    const summary = spacesSummary([space({ sizeSf: 1000 }), space({ sizeSf: 10_000 })])!;
    expect(anySpaceSizeIn(summary, 2000, 5000)).toBe(false);
    expect(anySpaceSizeIn(summary, 900, 1000)).toBe(true);
    expect(anySpaceSizeIn(summary, 9000, null)).toBe(true);
  });
});

describe("space input", () => {
  it("reads sizes, rates and dates as the listing facts do", () => {
    const s = insertSpaceSchema.parse({ suite: " 200 ", sizeSf: "2,400 SF", rate: "$18.50", availableOn: "3/1/2027" });
    expect(s).toMatchObject({ suite: "200", sizeSf: 2400, rate: 18.5, availableOn: "2027-03-01", rateUnit: "SF/yr", status: "available", photoIds: [] });
  });

  it("refuses a negative rate, a bad date, a missing size and an unknown unit, naming the field", () => {
    const r = insertSpaceSchema.safeParse({ suite: "1", rate: "-$5", availableOn: "soon", rateUnit: "week" });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries(r.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(byField.rate).toMatch(/^Rate must be a dollar amount of \$0 or more/);
    expect(byField.availableOn).toMatch(/^Available date must be a date/);
    expect(byField.sizeSf).toMatch(/Size is required|Size must be/);
    expect(byField.rateUnit).toBe("Rate unit must be one of SF/yr, SF/mo, month, year");
    expect(patchSpaceSchema.safeParse({ rate: -1 }).success).toBe(false);
  });

  it("refuses a space larger than the building, and a divisible size above the space", () => {
    expect(spaceProblems({ sizeSf: 30_000, minDivisibleSf: null }, 20_000)).toEqual({ sizeSf: "Size must not be larger than the building (20,000 SF)" });
    expect(spaceProblems({ sizeSf: 2000, minDivisibleSf: 2500 }, null)).toEqual({ minDivisibleSf: "Minimum divisible size must not be larger than the space" });
    expect(spaceProblems({ sizeSf: 2000, minDivisibleSf: 1000 }, 2000)).toEqual({});
  });
});

describe("the listing's own displays", () => {
  it("print the spaces' range in place of the listing's one rate and size", async () => {
    const { factsLine } = await import("./listing-facts-text.js");
    const { factRows } = await import("./listing-fact-rows.js");
    const spacesSummaryOf = spacesSummary([space({ sizeSf: 2400, rate: 18.5 }), space({ sizeSf: 9800, rate: 16 })]);
    const listing = { leaseRate: 30, leaseRateUnit: "per SF/yr" as const, availableSizeSf: 99_999, buildingSizeSf: 20_000, spacesSummary: spacesSummaryOf };
    expect(factsLine(listing)).toBe("$16.00–$18.50/SF/yr NNN · 2,400–9,800 SF available");
    expect(factRows(listing)).toEqual(
      expect.arrayContaining([
        { label: "Lease Rate", value: "$16.00–$18.50/SF/yr NNN" },
        { label: "Available Size", value: "2,400–9,800 SF available" },
      ]),
    );
    expect(factsLine({ ...listing, spacesSummary: null })).toBe("$30.00 /SF/yr · 20,000 SF");
  });
});
