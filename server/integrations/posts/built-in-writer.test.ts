import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INSTAGRAM_HASHTAGS, PLATFORM_LIMITS, POST_PLAN, postLength, postsSourceKey, type PostPlatform } from "../../../shared/posts.js";
import { spacesSummary } from "../../../shared/spaces-summary.js";
import { composePost, composePosts, createBuiltInWriter } from "./built-in-writer.js";
import { foreignNumbers, hashtagsOf, longestSharedRun, MAX_SHARED_RUN, postProblems } from "./post-checks.js";
import type { PostsListing } from "./posts-writer.js";
import { seededRandom } from "./seeded-random.js";
import { listingArb, sampleListing } from "./test-listings.js";

const RUNS = { numRuns: 150 };
const write = (listing: PostsListing, seed: number) => composePosts(listing, seededRandom(seed));
const count = (platforms: PostPlatform[], p: PostPlatform) => platforms.filter((x) => x === p).length;

describe("built-in writer: properties over random listings", () => {
  it("writes ten distinct posts: 2 LinkedIn, 2 Facebook, 2 Instagram, 3 X, 1 Google Business Profile", () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), (listing, seed) => {
        const posts = write(listing, seed);
        expect(posts).toHaveLength(10);
        expect(new Set(posts.map((p) => p.text)).size).toBe(10);
        const platforms = posts.map((p) => p.platform);
        expect(platforms).toEqual([...POST_PLAN]);
        expect([count(platforms, "linkedin"), count(platforms, "facebook"), count(platforms, "instagram"), count(platforms, "x"), count(platforms, "google")]).toEqual([2, 2, 2, 3, 1]);
      }),
      RUNS,
    );
  });

  it("keeps every post within its platform's limit, X counted as X counts, Instagram with 5 to 10 hashtags", () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), (listing, seed) => {
        for (const { platform, text } of write(listing, seed)) {
          expect(postLength(platform, text)).toBeLessThanOrEqual(PLATFORM_LIMITS[platform]);
          if (platform === "instagram") {
            expect(hashtagsOf(text).length).toBeGreaterThanOrEqual(INSTAGRAM_HASHTAGS.min);
            expect(hashtagsOf(text).length).toBeLessThanOrEqual(INSTAGRAM_HASHTAGS.max);
            expect(text).not.toMatch(/https?:\/\//);
          }
        }
      }),
      RUNS,
    );
  });

  it("states no number the listing does not and never pastes more than 12 words of the description", () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), (listing, seed) => {
        for (const { text } of write(listing, seed)) {
          expect(foreignNumbers(text, listing), text).toEqual([]);
          expect(longestSharedRun(text, listing.propertyDescription), text).toBeLessThanOrEqual(MAX_SHARED_RUN);
        }
      }),
      RUNS,
    );
  });

  it("never lets internal notes, the address or shared-drive links leak", () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), (listing, seed) => {
        const full = {
          ...listing,
          notes: "Zyzzogeton owner will take less",
          address: "Quokkaville Lane",
          googleDriveLink: "https://drive.example/secret",
          dropboxLink: "https://dropbox.example/secret",
        };
        const all = write(full, seed).map((p) => p.text).join("\n");
        for (const secret of ["Zyzzogeton", "Quokkaville", "drive.example", "dropbox.example"]) expect(all).not.toContain(secret);
      }),
      RUNS,
    );
  });

  it("speaks to whom the facts say: owner-users for a sale without tenants, tenants and their reps for a lease, operators for a transfer", () => {
    const audiences = { Sell: ["owner-users"], Lease: ["tenants and tenant reps"], Transfer: ["operators and business buyers"] } as const;
    const others = ["investors", "owner-users", "tenants", "operators"];
    for (const offeringType of ["Sell", "Lease", "Transfer"] as const) {
      const all = write({ ...sampleListing, offeringType }, 3).map((p) => p.text.toLowerCase()).join("\n");
      for (const who of audiences[offeringType]) expect(all).toContain(who);
      for (const other of others.filter((o) => !audiences[offeringType].some((a) => a.includes(o)))) expect(all).not.toContain(other);
    }
  });
});

describe("built-in writer: what it says", () => {
  it("picks selling points from the description and facts, with price, size and city", () => {
    const posts = write(sampleListing, 1);
    const all = posts.map((p) => p.text).join("\n");
    expect(all).toContain("$450,000");
    expect(all).toContain("3,200 SF");
    expect(all).toContain("28,000 VPD");
    expect(all).toContain("liquor license");
    expect(all).toContain("signalized corner");
    for (const { text } of posts) expect(text).toContain("Morgantown");
    // Two to four points in a post: never the whole list at once.
    const points = ["28,000 VPD", "40 parking spaces", "signalized corner", "liquor license", "turnkey", "commercial kitchen"];
    for (const { text } of posts) expect(points.filter((p) => text.toLowerCase().includes(p)).length).toBeLessThanOrEqual(4);
  });

  it("writes no email and no text message: every post is for a platform", () => {
    for (const { text } of write(sampleListing, 2)) expect(text).not.toMatch(/^Subject:/m);
  });

  it("opens its posts in several ways and gives a different set each time", async () => {
    const openings = new Set(write(sampleListing, 5).map((p) => p.text.split(/\s/)[0]));
    expect(openings.size).toBeGreaterThanOrEqual(5);
    const writer = createBuiltInWriter();
    expect((await writer.write(sampleListing)).posts).not.toEqual((await writer.write(sampleListing)).posts);
    expect((await writer.write(sampleListing)).writer).toBe("built-in");
  });

  it("writes one post for a platform, unlike the ones it is told to avoid", () => {
    const taken = new Set(write(sampleListing, 9).filter((p) => p.platform === "x").map((p) => p.text));
    const post = composePost(sampleListing, "x", seededRandom(9), taken);
    expect(post.platform).toBe("x");
    expect(taken.has(post.text)).toBe(false);
    expect(postProblems("x", post.text, sampleListing)).toEqual([]);
  });

  it("quotes a lease's available spaces as their range, from the spaces summary, and only for a lease", () => {
    const spaces = [
      { status: "available", sizeSf: 2_400, rate: 18.5, rateUnit: "SF/yr", leaseType: "NNN" },
      { status: "available", sizeSf: 9_800, rate: 16, rateUnit: "SF/yr", leaseType: "NNN" },
      // Not on offer: neither its size nor its rate may be claimed.
      { status: "leased", sizeSf: 31_000, rate: 12.75, rateUnit: "SF/yr", leaseType: "NNN" },
    ] as const;
    const lease: PostsListing = {
      ...sampleListing,
      listingName: "Riverside Office Park",
      offeringType: "Lease",
      propertyType: "Office",
      askingPrice: null,
      leaseRate: 15,
      leaseRateUnit: "per SF/yr",
      buildingSizeSf: 60_000,
      propertyDescription: "Three-story office building with 200 parking spaces and fiber.",
      spacesSummary: spacesSummary(spaces),
    };
    const posts = write(lease, 3);
    const all = posts.map((p) => p.text).join("\n");
    expect(all).toContain("$16.00–$18.50/SF/yr NNN");
    expect(all).toContain("2,400–9,800 SF available");
    // The listing's own rate and the leased suite are never quoted; the building only as the building's.
    expect(all).not.toMatch(/\$15\b|15\.00|31,000|12\.75/);
    for (const { platform, text } of posts) {
      expect(postProblems(platform, text, lease), text).toEqual([]);
      expect(foreignNumbers(text, lease), text).toEqual([]);
    }
    // Spaces without a rate: the size range, and no rate at all rather than the listing's own.
    const unpriced = write({ ...lease, spacesSummary: spacesSummary(spaces.map((s) => ({ ...s, rate: null }))) }, 3).map((p) => p.text).join("\n");
    expect(unpriced).toContain("2,400–9,800 SF available");
    // A sale quotes its price with the building, whatever suites it holds.
    const sale = write({ ...lease, offeringType: "Sell", askingPrice: 4_200_000 }, 3).map((p) => p.text).join("\n");
    expect(sale).not.toContain("SF available");
    expect(sale).not.toContain("$16.00");
    // The posts go stale when the range they quote changes, and only then.
    const before = postsSourceKey(lease);
    expect(postsSourceKey({ ...lease, spacesSummary: spacesSummary(spaces.slice(0, 1)) })).not.toBe(before);
    expect(postsSourceKey({ ...lease, spacesSummary: null })).toBe(postsSourceKey({ ...lease, spacesSummary: undefined }));
  });

  it("leaves out the name when the description repeats it at length", () => {
    const name = "The Grand Old Riverside Mill And Warehouse Complex At The Bend Of The River";
    const listing = { ...sampleListing, listingName: name, propertyDescription: `${name} for sale now.` };
    for (const { text } of write(listing, 4)) expect(longestSharedRun(text, listing.propertyDescription)).toBeLessThanOrEqual(MAX_SHARED_RUN);
  });
});
