// Posts carry the listing's public page: both
// writers put the link in every post whose platform makes links clickable, X counting it as 23,
// before the brokerage's line; a rotated link is replaced where it stood.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { postsLackingPageLink, withPageLink } from "../../../shared/post-page-link.js";
import { PLATFORM_LIMITS, POST_PLAN, postLength, xLength } from "../../../shared/posts.js";
import { composePosts } from "./built-in-writer.js";
import { checkedPosts } from "./openai-writer.js";
import { postProblems } from "./post-checks.js";
import { brandLine, type PostsBrand, type PostsListing } from "./posts-writer.js";
import { listingMessage } from "./prompt.js";
import { seededRandom } from "./seeded-random.js";
import { listingArb, sampleListing } from "./test-listings.js";

// Digits in the host, the port and the token: none of them may read as a number the listing lacks.
const URL = "https://desk2.example.com:8443/l/Ab3dE5gH7jK9mN1pQ3sT5vX7";
const ROTATED = "https://desk2.example.com:8443/l/Zz9yX8wV7uT6sR5qP4oN3mL2";
const brand: PostsBrand = { brokerageName: "Main Street Realty", phone: "304-555-0142" };
const linkPlatforms = new Set(["linkedin", "facebook", "x", "google"]);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

describe("the built-in writer with a published page", () => {
  it("puts the link in every LinkedIn, Facebook, X and Google post, within the limits and every check, none on Instagram", () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), fc.boolean(), (listing, seed, branded) => {
        const withUrl: PostsListing = { ...listing, publicPageUrl: URL };
        const signedBy = branded ? brand : undefined;
        const posts = composePosts(withUrl, seededRandom(seed), signedBy);
        for (const { platform, text } of posts) {
          expect(text.includes(URL)).toBe(linkPlatforms.has(platform));
          expect(postLength(platform, text)).toBeLessThanOrEqual(PLATFORM_LIMITS[platform]);
          expect(postProblems(platform, text, withUrl, signedBy)).toEqual([]);
        }
        expect(postsLackingPageLink(posts, URL)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("puts the link after the post's body, before its hashtags and the brokerage's line, in place of the listing's flyer", () => {
    const posts = composePosts({ ...sampleListing, publicPageUrl: URL }, seededRandom(7), brand);
    const tail = (tags: boolean, sep: string) => new RegExp(`${sep}${escaped(URL)}${tags ? `${sep}(?:#\\w+ ?)+` : ""}${sep}${escaped(brandLine(brand)!)}$`);
    for (const { platform, text } of posts) {
      expect(text).not.toContain(sampleListing.marketingFlyerLink);
      if (platform === "google") expect(text, text).toMatch(tail(false, "\n\n"));
      if (platform === "linkedin" || platform === "facebook") expect(text, text).toMatch(tail(true, "\n\n"));
    }
  });

  it("writes no page link while the listing has no page: the listing's flyer is the one link", () => {
    for (const { platform, text } of composePosts(sampleListing, seededRandom(3), brand)) {
      expect(text).not.toContain("/l/");
      expect(text.includes(sampleListing.marketingFlyerLink!)).toBe(linkPlatforms.has(platform));
    }
  });
});

describe("a model's posts with a published page", () => {
  const warehouse: PostsListing = {
    id: "00000000-0000-4000-8000-000000000002",
    listingName: "Harbor Point Warehouse",
    city: "Wheeling",
    state: "WV",
    offeringType: "Lease",
    marketingCategory: "Triple",
    propertyDescription: "Clear-span warehouse with dock doors, two miles from the interstate on a fenced lot.",
    marketingFlyerLink: null,
    looplinkLink: null,
  };
  const modelPosts = POST_PLAN.map((platform, i) => ({
    platform,
    text: `Post ${["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"][i]} about ${warehouse.listingName}.${platform === "instagram" ? " #CRE #CommercialRealEstate #ForSale #Office #RealEstate" : ""}`,
  }));

  it("tells the model the link, and adds it where the model left it out", () => {
    expect(JSON.parse(listingMessage({ ...warehouse, publicPageUrl: URL, marketingFlyerLink: "https://example.com/harbor.pdf" })).link).toBe(URL);
    expect(JSON.parse(listingMessage({ ...warehouse, marketingFlyerLink: "https://example.com/harbor.pdf" })).link).toBe("https://example.com/harbor.pdf");
    expect(JSON.parse(listingMessage(warehouse))).not.toHaveProperty("link");
    const posts = checkedPosts({ ...warehouse, publicPageUrl: URL }, modelPosts, brand);
    expect(posts.filter((p) => p.replacedBecause)).toEqual([]);
    for (const post of posts) expect(post.text.includes(URL), post.text).toBe(linkPlatforms.has(post.platform));
    expect(posts[0].text.endsWith(`${URL}\n\n${brandLine(brand)}`)).toBe(true);
  });

  it("replaces a post the link pushes past X's limit with the built-in writer's, which carries it", () => {
    const long = modelPosts.map((p) => (p.platform === "x" ? { ...p, text: `${p.text} ${"word ".repeat(60).trim()}`.slice(0, 270) } : p));
    const posts = checkedPosts({ ...warehouse, publicPageUrl: URL }, long, brand);
    for (const post of posts.filter((p) => p.platform === "x")) {
      expect(post.replacedBecause).toMatch(/over X's 280/);
      expect(post.text).toContain(URL);
      expect(xLength(post.text)).toBeLessThanOrEqual(280);
    }
  });
});

describe("withPageLink", () => {
  it("replaces a rotated link where it stood, and adds the link before the signature otherwise", () => {
    expect(withPageLink("x", `Fresh listing ${ROTATED} #CRE`, URL)).toBe(`Fresh listing ${URL} #CRE`);
    expect(withPageLink("linkedin", "Fresh listing.\n\nMain Street Realty · 304-555-0142", URL, brandLine(brand))).toBe(
      `Fresh listing.\n\n${URL}\n\nMain Street Realty · 304-555-0142`,
    );
    expect(withPageLink("x", "Fresh listing.", URL)).toBe(`Fresh listing. ${URL}`);
    expect(withPageLink("instagram", "Fresh listing. #CRE", URL)).toBe("Fresh listing. #CRE");
    expect(withPageLink("x", `Already here: ${URL}`, URL)).toBe(`Already here: ${URL}`);
    // A link to anything but a page or the listing's own is kept, and the page's link added before the hashtags.
    expect(withPageLink("x", "See https://example.com/tour #CRE", URL)).toBe(`See https://example.com/tour ${URL} #CRE`);
    // The listing's own flyer or marketplace link gives way to the page's: one link per post.
    const flyer = "https://example.com/flyers/elm.pdf";
    expect(withPageLink("x", `See ${flyer} #CRE`, URL, null, [flyer])).toBe(`See ${URL} #CRE`);
    expect(withPageLink("linkedin", `Elm Street.\n\nListing: https://loopnet.com/1\nFlyer: ${flyer}\n\n#CRE`, URL, null, [flyer, "https://loopnet.com/1"])).toBe(
      `Elm Street.\n\nListing: ${URL}\n\n#CRE`,
    );
    expect(withPageLink("linkedin", "Elm Street.\n\n#CRE #ForLease\n\nMain Street Realty · 304-555-0142", URL, brandLine(brand))).toBe(
      `Elm Street.\n\n${URL}\n\n#CRE #ForLease\n\nMain Street Realty · 304-555-0142`,
    );
  });

  it("counts the link as 23 on X however long it is", () => {
    expect(xLength(withPageLink("x", "a", URL))).toBe(1 + 1 + 23);
  });
});
