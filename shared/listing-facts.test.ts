import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expiryBadge, factRows, factsLine, listingFactsProblems, listingFactsShape, maxYearBuilt, priceText, sizeText } from "./listing-facts.js";
import { addDays } from "./parse/dates.js";
import { newListingSchema } from "./schema.js";

describe("displays", () => {
  it("prints price or rate, size and type as the issue writes them", () => {
    expect(factsLine({ askingPrice: 1_650_000, buildingSizeSf: 20_000, propertyType: "Retail" })).toBe("$1,650,000 · 20,000 SF · Retail");
    expect(factsLine({ leaseRate: 18.5, leaseRateUnit: "per SF/yr", leaseType: "NNN", availableSizeSf: 2_520 })).toBe("$18.50 /SF/yr NNN · 2,520 SF");
    expect(factsLine({ lotSizeAcres: 2.5, propertyType: "Land" })).toBe("2.5 AC · Land");
    expect(factsLine({})).toBe("");
    expect(priceText({ leaseRate: 4500, leaseRateUnit: "per month" })).toBe("$4,500.00 /mo");
    expect(sizeText({ buildingSizeSf: 20_000, lotSizeAcres: 2 })).toBe("20,000 SF");
    expect(factRows({ capRate: 7.5, buildingClass: "A", listingDate: "2026-03-15" })).toEqual([
      { label: "Cap Rate", value: "7.50% cap" },
      { label: "Building Class", value: "Class A" },
      { label: "Listing Date", value: "Mar 15, 2026" },
    ]);
  });

  it("says Expires in N days within 30 days, Expired after, nothing before", () => {
    const today = "2026-11-22";
    expect(expiryBadge(null, today)).toBeNull();
    expect(expiryBadge("2026-12-23", today)).toBeNull();
    expect(expiryBadge("2026-12-22", today)).toBe("Expires in 30 days");
    expect(expiryBadge("2026-11-23", today)).toBe("Expires in 1 day");
    expect(expiryBadge("2026-11-22", today)).toBe("Expires today");
    expect(expiryBadge("2026-11-21", today)).toBe("Expired");
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), (n) => {
        const badge = expiryBadge(addDays(today, n), today);
        if (n < 0) return badge === "Expired";
        if (n > 30) return badge === null;
        return badge !== null && badge.startsWith("Expires");
      }),
    );
  });
});

describe("shapes and rules", () => {
  const parse = (field: keyof typeof listingFactsShape, value: unknown) => listingFactsShape[field].safeParse(value);

  it("reads typed text and JSON numbers alike, and blanks as null", () => {
    expect(parse("askingPrice", "1.65M").data).toBe(1_650_000);
    expect(parse("askingPrice", 1_650_000).data).toBe(1_650_000);
    expect(parse("lotSizeAcres", "94,290 SF").data).toBe(2.165);
    expect(parse("capRate", "N/A").data).toBeNull();
    expect(parse("propertyType", "special purpose").data).toBe("Special Purpose");
    expect(parse("leaseRateUnit", "/SF/yr").data).toBe("per SF/yr");
    expect(parse("buildingClass", "Class B").data).toBe("B");
    expect(parse("yearBuilt", maxYearBuilt()).success).toBe(true);
    expect(parse("yearBuilt", maxYearBuilt() + 1).error?.issues[0].message).toBe(`Year built must be between 1700 and ${maxYearBuilt()}`);
  });

  it("finds a lease rate without its unit and an expiration before the listing date", () => {
    expect(listingFactsProblems({ leaseRate: 18.5, leaseRateUnit: null })).toEqual({
      leaseRateUnit: expect.stringContaining("Lease rate unit is required"),
    });
    expect(listingFactsProblems({ listingDate: "2026-06-01", expirationDate: "2026-05-31" })).toEqual({
      expirationDate: "Expiration date must not be before the listing date",
    });
    expect(listingFactsProblems({ listingDate: "2026-06-01", expirationDate: "2026-06-01", leaseRate: 1, leaseRateUnit: "per month" })).toEqual({});
  });

  it("applies the rules between facts to a whole new listing (the form's and the API's shape)", () => {
    const base = {
      listingName: "A",
      address: "1 Main St",
      city: "Morgantown",
      state: "WV",
      offeringType: "Lease",
      propertyDescription: "Space.",
      marketingCategory: "Single",
    };
    const result = newListingSchema.safeParse({ ...base, leaseRate: "$18.50" });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["leaseRateUnit"]);
    expect(newListingSchema.safeParse({ ...base, leaseRate: "$18.50", leaseRateUnit: "per SF/yr" }).success).toBe(true);
  });
});
