// The broker's LoopNet office taken to market: no post says "1,000 SF" (the parking ratio's) or
// "downtown" (from "minutes from downtown"), whichever writer wrote it (docs/guides/posts.md
// "Only true claims").
import { describe, expect, it } from "vitest";
import { POST_PLAN } from "../../../shared/posts.js";
import { composePosts } from "./built-in-writer.js";
import { LOOPNET_OFFICE } from "./claims-corpus.js";
import { checkedPosts } from "./openai-writer.js";
import { postProblems } from "./post-checks.js";
import { SYSTEM_PROMPT } from "./prompt.js";
import type { PostsListing } from "./posts-writer.js";
import { seededRandom } from "./seeded-random.js";

const loopNetOffice: PostsListing = {
  id: "00000000-0000-4000-8000-000000000201",
  listingName: "Polaris Corporate Center",
  city: "Columbus",
  state: "OH",
  offeringType: "Sell",
  marketingCategory: "Grand Slam",
  propertyDescription: LOOPNET_OFFICE,
  marketingFlyerLink: null,
  looplinkLink: "https://www.loopnet.com/Listing/1000-Polaris-Pkwy-Columbus-OH/30123456/",
  propertyType: "Office",
  askingPrice: 18_500_000,
  buildingSizeSf: 126_500,
  lotSizeAcres: 11.2,
  yearBuilt: 1998,
  buildingClass: "A",
};

// "1,000 SF" standing alone, not the ratio's "4.1/1,000 SF".
const LIFTED_RATIO = /(?<![/\d.,])1,000 SF/;

describe("only true claims in the posts", () => {
  it("the built-in writer never lifts the ratio's 1,000 SF nor a downtown location, whatever the seed", () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) {
      for (const { text } of composePosts(loopNetOffice, seededRandom(seed))) {
        expect(text).not.toMatch(LIFTED_RATIO);
        expect(text).not.toMatch(/downtown/i);
      }
    }
  });

  it("refuses a model's post that states them, and replaces it; the model is told the rule", () => {
    expect(SYSTEM_PROMPT).toContain("is not a downtown location");
    const lifted = "Polaris Corporate Center in Columbus: 1,000 SF and a downtown location. #CRE";
    const link = loopNetOffice.looplinkLink;
    expect(postProblems("google", lifted.replace(" #CRE", ` ${link} #CRE`), loopNetOffice)).toEqual(["claims the listing does not make: 1,000 SF, downtown"]);
    expect(postProblems("google", `Polaris Corporate Center in Columbus: 520 surface parking spaces, 126,500 SF on 11.2 AC, minutes from downtown. ${link}`, loopNetOffice)).toEqual([]);
    const model: Parameters<typeof checkedPosts>[1] = POST_PLAN.map((platform, i) => ({ platform, text: `${lifted} ${i} #Office #Columbus #Ohio #ForSale #CRE` }));
    const posts = checkedPosts(loopNetOffice, model);
    expect(posts).toHaveLength(10);
    for (const { text } of posts) {
      expect(text).not.toMatch(LIFTED_RATIO);
      expect(text).not.toMatch(/downtown location/i);
    }
  });
});
