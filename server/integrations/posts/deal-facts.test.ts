// Issue 12: the posts writer receives a listing's commercial facts. How posts word them is a
// separate issue, so for now the posts themselves must come out exactly as before.
import { describe, expect, it } from "vitest";
import { composePosts } from "./built-in-writer.js";
import { listingFacts } from "./listing-facts.js";
import type { PostsListing } from "./posts-writer.js";
import { seededRandom } from "./seeded-random.js";

const listing: PostsListing = {
  id: "00000000-0000-4000-8000-000000000001",
  listingName: "Riverside Plaza",
  city: "Morgantown",
  state: "WV",
  offeringType: "Sell/Lease",
  marketingCategory: "Homerun",
  propertyDescription: "A busy strip center with parking for 120 cars. Anchored by a grocery store.",
  marketingFlyerLink: "https://flyers.example.com/riverside.pdf",
  looplinkLink: null,
};
const withFacts: PostsListing = {
  ...listing,
  propertyType: "Retail",
  askingPrice: 1_650_000,
  leaseRate: 18.5,
  leaseRateUnit: "per SF/yr",
  leaseType: "NNN",
  buildingSizeSf: 20_000,
  capRate: 7.5,
  zoning: null,
};

describe("posts writer and listing facts", () => {
  it("receives the facts, raw and as the screens print them", () => {
    const { deal } = listingFacts(withFacts);
    expect(deal.values).toEqual({
      propertyType: "Retail",
      askingPrice: 1_650_000,
      leaseRate: 18.5,
      leaseRateUnit: "per SF/yr",
      leaseType: "NNN",
      buildingSizeSf: 20_000,
      capRate: 7.5,
    });
    expect(deal.price).toBe("$1,650,000");
    expect(deal.size).toBe("20,000 SF");
    expect(deal.rows).toContainEqual({ label: "Cap Rate", value: "7.50% cap" });
    expect(deal.rows).toContainEqual({ label: "Lease Rate", value: "$18.50 /SF/yr NNN" });
    expect(listingFacts(listing).deal).toEqual({ values: {}, price: null, size: null, rows: [] });
  });

  it("writes the same posts with or without facts (their wording is a later issue)", () => {
    for (const seed of [1, 2, 3, 42]) {
      expect(composePosts(withFacts, seededRandom(seed))).toEqual(composePosts(listing, seededRandom(seed)));
    }
  });
});
