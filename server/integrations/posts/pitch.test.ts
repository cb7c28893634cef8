// The pitch follows the facts: a leased
// investment speaks to investors and its income, a building bought to occupy to owner-users,
// land to developers, a lease to tenants and their brokers, a business to operators.
import { describe, expect, it } from "vitest";
import { composePosts } from "./built-in-writer.js";
import { offeringOf } from "./listing-facts.js";
import { pitchOf } from "./pitch.js";
import { listingMessage, SYSTEM_PROMPT } from "./prompt.js";
import type { PostsListing } from "./posts-writer.js";
import { seededRandom } from "./seeded-random.js";

const building: PostsListing = {
  id: "00000000-0000-4000-8000-000000000301",
  listingName: "Polaris Corporate Center",
  city: "Columbus",
  state: "OH",
  offeringType: "Sell",
  marketingCategory: "Grand Slam",
  propertyDescription: "Suburban office building of 126,500 SF on 11.2 AC with 520 surface parking spaces. Renovated in 2019.",
  marketingFlyerLink: null,
  looplinkLink: "https://www.loopnet.com/Listing/1000-Polaris-Pkwy-Columbus-OH/30123456/",
  propertyType: "Office",
  askingPrice: 18_500_000,
  buildingSizeSf: 126_500,
  lotSizeAcres: 11.2,
};
const leased = { ...building, propertyDescription: `${building.propertyDescription} 91% leased to six tenants.` };
const vacant = { ...building, propertyDescription: `${building.propertyDescription} Delivered vacant, ideal for an owner-user.` };
const all = (listing: PostsListing) => [1, 2, 3, 4].flatMap((seed) => composePosts(listing, seededRandom(seed)).map((p) => p.text)).join("\n");

describe("the pitch follows the facts", () => {
  it("reads who a listing is for from its facts and its description", () => {
    const sale = offeringOf("Sell");
    expect(pitchOf(leased.propertyDescription, sale, null, "Office").kinds).toEqual(["investment"]);
    expect(pitchOf(building.propertyDescription, sale, 6.85, "Office").kinds).toEqual(["investment"]);
    expect(pitchOf("Single-tenant NNN building, leased to Dollar General through 2034.", sale, null, "Retail").kinds).toEqual(["investment"]);
    expect(pitchOf(vacant.propertyDescription, sale, null, "Office").kinds).toEqual(["owner-user"]);
    expect(pitchOf(building.propertyDescription, sale, null, "Office").kinds).toEqual(["owner-user"]);
    expect(pitchOf("Level ±8.4 AC lot with utilities at the road.", sale, null, "Land").kinds).toEqual(["development"]);
    expect(pitchOf("Twelve apartments near campus.", sale, null, "Multifamily").kinds).toEqual(["investment"]);
    expect(pitchOf("Retail bays.", offeringOf("Sell/Lease"), null, "Retail")).toEqual({ kinds: ["owner-user", "lease"], audience: "owner-users, tenants and tenant reps" });
    expect(pitchOf("Diner with 85 seats.", offeringOf("Transfer"), null, "Restaurant").audience).toBe("operators and business buyers");
  });

  it("speaks to investors and the income for a 91%-leased building, never to owner-users", () => {
    const text = all(leased);
    expect(text).toContain("investors");
    expect(text).toMatch(/income/i);
    expect(text).toContain("91% leased");
    expect(text).not.toMatch(/owner-user/i);
  });

  it("speaks to owner-users for the same building delivered vacant, never to investors", () => {
    const text = all(vacant);
    expect(text).toContain("owner-users");
    expect(text).not.toMatch(/investor|income/i);
  });

  it("speaks to tenants and their brokers for a lease", () => {
    const text = all({ ...building, offeringType: "Lease", askingPrice: null, leaseRate: 24, leaseRateUnit: "per SF/yr", leaseType: "Full Service", availableSizeSf: 9_800 });
    expect(text).toMatch(/tenant reps/i);
    expect(text).not.toMatch(/investor|owner-user/i);
  });
});

describe("the model is told the pitch", () => {
  it("sends the audience the facts call for, and the rule in the prompt", () => {
    expect(JSON.parse(listingMessage(leased)).audience).toBe("investors");
    expect(JSON.parse(listingMessage(vacant)).audience).toBe("owner-users");
    expect(SYSTEM_PROMPT).toContain("never pitch owner-users to a leased investment");
  });
});
