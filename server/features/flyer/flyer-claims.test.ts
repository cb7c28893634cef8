// The flyer's highlights tell only what the listing claims (docs/guides/marketing-materials.md
// "Only true claims"): the LoopNet office a broker took to market printed "1,000 SF" out of its
// parking ratio and "Downtown location" out of "minutes from downtown".
import { describe, expect, it } from "vitest";
import { extractClaims } from "../../integrations/posts/claims.js";
import { LOOPNET_OFFICE } from "../../integrations/posts/claims-corpus.js";
import { flyerHighlights, type FlyerListing } from "./flyer-content.js";

const office: FlyerListing = {
  id: "00000000-0000-4000-8000-000000000301",
  listingName: "Polaris Corporate Center",
  address: "1000 Polaris Parkway",
  city: "Columbus",
  state: "OH",
  zip: "43240",
  addressConfidential: false,
  offeringType: "Sell",
  propertyDescription: LOOPNET_OFFICE,
  marketingCategory: "Grand Slam",
  marketingFlyerLink: null,
  looplinkLink: null,
  propertyType: "Office",
  propertySubtype: null,
  askingPrice: 18_500_000,
  leaseRate: null,
  leaseRateUnit: null,
  leaseType: null,
  buildingSizeSf: 126_500,
  availableSizeSf: null,
  lotSizeAcres: 11.2,
  yearBuilt: 1998,
  buildingClass: "A",
  capRate: null,
  zoning: null,
  dealStage: "Active",
  listingDate: null,
  expirationDate: null,
};

describe("the flyer's highlights", () => {
  it("never lift the ratio's 1,000 SF, a range's end or a downtown location", () => {
    const highlights = flyerHighlights(office);
    expect(highlights.length).toBeGreaterThanOrEqual(3);
    const all = highlights.join("\n");
    expect(all).not.toContain("1,000 SF");
    expect(all).not.toContain("9,800 SF");
    expect(all).not.toMatch(/downtown location/i);
    expect(highlights).toContain("520 surface parking spaces");
  });

  it("take a description's sentence only when it holds no ratio, range, distance or part figure", () => {
    const listing = { ...office, propertyDescription: "Parking at 4.1/1,000 SF. Suites from 2,400–9,800 SF. Priced $489,000 - $699,000 per condo. New roof in 2022. Sprinklered throughout." };
    const highlights = flyerHighlights(listing);
    expect(highlights.join("\n")).not.toMatch(/1,000|9,800|\$489,000/);
    for (const h of highlights) expect(extractClaims(h).refused).toEqual([]);
    expect(highlights).toContain("Sprinklers");
  });
});
