import { describe, expect, it } from "vitest";
import { xLength } from "../../../shared/posts.js";
import { foreignNumbers, linkProblems, longestSharedRun, misleadingSizes, postProblems, unsupportedPostClaims } from "./post-checks.js";
import type { PostsListing } from "./posts-writer.js";
import { sampleListing } from "./test-listings.js";

const unlinked: PostsListing = { ...sampleListing, marketingFlyerLink: null };

describe("post checks", () => {
  it("counts a post as X does: a link is 23, an emoji 2", () => {
    expect(xLength("hello")).toBe(5);
    expect(xLength("see https://example.com/a/very/long/path/that/goes/on/and/on")).toBe(4 + 23);
    expect(xLength("🏢")).toBe(2);
  });

  it("finds numbers the listing does not state, whatever their grouping", () => {
    expect(foreignNumbers("28000 VPD, $450,000, 3,200 SF, 85 seats, 40 spaces", sampleListing)).toEqual([]);
    expect(foreignNumbers("Built in 1999 with 12 docks", sampleListing)).toEqual(["1999", "12"]);
  });

  it("measures the longest run of words shared with the description", () => {
    expect(longestSharedRun("A turnkey restaurant, on a signalized corner!", "Turnkey restaurant on a signalized corner with")).toBe(6);
    expect(longestSharedRun("nothing alike", "at all")).toBe(0);
  });

  it("names every problem of a post", () => {
    // Without a link of its own, so that only the problem each post is written with shows.
    const sampleListing = unlinked;
    const pasted = sampleListing.propertyDescription;
    expect(postProblems("x", `${"word ".repeat(60)}`, sampleListing)).toEqual(["300 characters, over X's 280"]);
    expect(postProblems("instagram", "No tags #one", sampleListing)).toEqual(["1 hashtags, not 5 to 10"]);
    expect(postProblems("linkedin", pasted, sampleListing)).toEqual([expect.stringMatching(/^2\d consecutive words copied/)]);
    expect(postProblems("google", "Only 12 left", sampleListing)).toEqual(["numbers the listing does not state: 12"]);
    expect(postProblems("facebook", "A fine place in Morgantown.", sampleListing)).toEqual([]);
  });

  it("reads a price or a rate that equals the building's size as money, not as the space (a property run's counterexample)", () => {
    const lease: PostsListing = { ...sampleListing, offeringType: "Lease", askingPrice: 10, buildingSizeSf: 10, availableSizeSf: null, leaseRate: null };
    expect(misleadingSizes("Asking $10, a 10 SF building.", lease)).toEqual([]);
    expect(misleadingSizes("Asking $ 10, 10% down, a 10 SF building.", lease)).toEqual([]);
    expect(misleadingSizes("Asking $10, 10 SF.", lease)).toEqual(["10"]);
    // A cap rate equal to the lease rate does not make a sale's post about the lease.
    const both: PostsListing = { ...lease, offeringType: "Sell/Lease", askingPrice: 500, leaseRate: 0.07, capRate: 0.07, buildingSizeSf: 1 };
    expect(misleadingSizes("Asking $500, 1 SF. 0.07% cap rate.", both)).toEqual([]);
    expect(misleadingSizes("Leasing at $0.07 /SF/yr, 1 SF.", both)).toEqual(["1"]);
  });

  it("holds a post's figures and places to the listing's claims, its own name, city, links and hashtags aside", () => {
    const plaza: PostsListing = {
      ...unlinked,
      listingName: "Downtown Plaza 12 Acres",
      propertyDescription: "Retail center with 40 parking spaces (5/1,000 SF), 2 miles from downtown.",
      buildingSizeSf: 8_000,
    };
    expect(unsupportedPostClaims("Downtown Plaza 12 Acres in Morgantown: 8,000 SF, 40 parking spaces. #DowntownMorgantown https://example.com/1,000-sf", plaza)).toEqual([]);
    expect(unsupportedPostClaims("8,000 SF with 1,000 SF of parking in a downtown location.", plaza)).toEqual(["1,000 SF", "downtown"]);
    expect(postProblems("facebook", "A 12 acres site with 40 parking spaces.", plaza)).toEqual(["claims the listing does not make: 12 acres"]);
    // The listing's own words are whole words: a listing named "1" leaves "10 SF" as it is (a property run's counterexample).
    expect(unsupportedPostClaims("1 in A: 10 SF.", { ...unlinked, listingName: "1", city: "a", propertyDescription: "Aaa a.", buildingSizeSf: 10 })).toEqual([]);
  });

  it("holds a post to one link, the listing's, before its hashtags; none on Instagram", () => {
    const flyer = sampleListing.marketingFlyerLink!;
    const page = "https://desk.example.com/l/Ab3dE5gH7jK9mN1pQ3sT5vX7";
    const loop = "https://www.loopnet.com/Listing/1-Main-St/1/";
    expect(linkProblems("x", `Main Street Diner. ${flyer} #CRE`, sampleListing)).toEqual([]);
    expect(linkProblems("x", "Main Street Diner. #CRE", sampleListing)).toEqual(["does not carry the listing's link"]);
    expect(linkProblems("x", `Main Street Diner. #CRE ${flyer}`, sampleListing)).toEqual(["the link comes after the hashtags"]);
    // The marketplace listing goes before the flyer; the published page before both, and never beside them.
    const both = { ...sampleListing, looplinkLink: loop };
    expect(linkProblems("linkedin", `Listing: ${loop}\nFlyer: ${flyer}`, both)).toEqual(["a link besides the listing's one"]);
    expect(linkProblems("linkedin", `Listing: ${loop}`, both)).toEqual([]);
    expect(linkProblems("linkedin", `${page}\n\n${loop}`, { ...both, publicPageUrl: page })).toEqual(["a link besides the listing's one"]);
    expect(linkProblems("instagram", `Main Street Diner. ${flyer}`, sampleListing)).toEqual(["a link on Instagram, where links are not clickable"]);
    expect(postProblems("google", `A diner in Morgantown. ${flyer}`, sampleListing)).toEqual([]);
  });
});
