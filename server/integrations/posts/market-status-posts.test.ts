// Posts written for a listing under contract or closed say so:
// under contract, the status and back-up offers; closed, the deal done and never "for sale" or
// "for lease" (nor #ForSale). Every post still passes every check, ten distinct ones a set.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { POST_PLAN } from "../../../shared/posts.js";
import { composePosts } from "./built-in-writer.js";
import { listingMessage } from "./prompt.js";
import { offersClosedDeal, postProblems } from "./post-checks.js";
import type { PostsListing } from "./posts-writer.js";
import { seededRandom } from "./seeded-random.js";
import { listingArb, sampleListing } from "./test-listings.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const RUNS = { numRuns: 120 };
const ON_OFFER = /\bfor[\s-]+(?:sale|lease)\b|#\w*For(?:Sale|Lease)\b/i;
const sale: PostsListing = { ...sampleListing, listingName: "Riverside Plaza", offeringType: "Sell", propertyType: "Retail", capRate: 7.25, propertyDescription: "A strip center on a signalized corner with ample parking. Fully leased." };

// 120 random listings written and checked per property: seconds on a quiet machine, tens on a loaded one.
describe("posts and the market status", { timeout: TIMEOUT.slow }, () => {
  it("a listing under contract: every post says so, with back-up offers welcome, and passes the checks", () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), (listing, seed) => {
        const l = { ...listing, dealStage: "Under Contract" as const };
        const posts = composePosts(l, seededRandom(seed));
        expect(posts.map((p) => p.platform)).toEqual([...POST_PLAN]);
        expect(new Set(posts.map((p) => p.text)).size).toBe(10);
        for (const post of posts) {
          expect(post.text).toMatch(/under contract/i);
          expect(postProblems(post.platform, post.text, l)).toEqual([]);
        }
        expect(posts.some((p) => /back-up offers welcome/i.test(p.text))).toBe(true);
      }),
      RUNS,
    );
  });

  it("a closed listing: every post announces it and none offers it for sale or lease", () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), (listing, seed) => {
        const l = { ...listing, dealStage: "Closed" as const };
        const posts = composePosts(l, seededRandom(seed));
        expect(new Set(posts.map((p) => p.text)).size).toBe(10);
        for (const post of posts) {
          expect(post.text).not.toMatch(ON_OFFER);
          expect(post.text).toMatch(/\b(?:sold|leased|closed)\b/i);
          expect(postProblems(post.platform, post.text, l)).toEqual([]);
        }
      }),
      RUNS,
    );
  });

  it("a sold investment property: 'Sold', its cap rate, #JustSold, and no asking price", () => {
    const posts = composePosts({ ...sale, dealStage: "Closed" }, seededRandom(7));
    expect(posts.every((p) => /\bsold\b/i.test(p.text))).toBe(true);
    expect(posts.some((p) => p.text.includes("7.25% cap rate"))).toBe(true);
    expect(posts.some((p) => p.text.includes("#JustSold"))).toBe(true);
    expect(posts.some((p) => p.text.includes("$450,000"))).toBe(false);
  });

  it("an active listing, or one with no stage or a proposal, is written as before: for sale", () => {
    for (const dealStage of [null, "Proposal", "Active"] as const) {
      const posts = composePosts({ ...sale, dealStage }, seededRandom(3));
      expect(posts).toEqual(composePosts({ ...sale }, seededRandom(3)));
      expect(posts.some((p) => /for sale/i.test(p.text))).toBe(true);
    }
  });

  it("refuses a model's post that offers a closed deal, and tells the model the status", () => {
    const closed = { ...sale, dealStage: "Closed" as const };
    expect(offersClosedDeal("Riverside Plaza is for sale in Morgantown.", closed)).toBe(true);
    expect(offersClosedDeal("Sold! #CRE #RetailForSale", closed)).toBe(true);
    expect(postProblems("x", "Riverside Plaza in Morgantown, WV is for sale.", closed)).toContain("offers a closed deal as for sale or lease");
    expect(offersClosedDeal("Riverside Plaza is for sale in Morgantown.", { ...sale, dealStage: "Under Contract" })).toBe(false);
    expect(JSON.parse(listingMessage(closed)).marketStatus).toBe("Sold");
    expect(JSON.parse(listingMessage({ ...sale, dealStage: "Under Contract" })).marketStatus).toBe("For Sale · Under Contract");
    expect(JSON.parse(listingMessage(sale)).marketStatus).toBe("For Sale");
  });
});
