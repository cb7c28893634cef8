import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MARKETING_CATEGORIES, OFFERING_TYPES, STATE_CODES, STATES, type OfferingType } from "../../../shared/schema.js";
import { composePosts, createBuiltInWriter } from "./built-in-writer.js";
import { splitSentences } from "./listing-facts.js";
import type { PostsListing } from "./posts-writer.js";
import { seededRandom } from "./seeded-random.js";

// Every capitalised word a template may write around the listing's facts. A word outside this
// list and outside the listing's own text would be an invented fact.
const TEMPLATE_WORDS = new Set(
  (
    "A At Available Contact DM Download Featured Flyer For Full Get Happy Hello Hi Highlights I I'd I'll If Interested " +
    "Introducing Keeping Key Know Lease Let Let's Listing Looking Market Marketing Message Now Opportunity Or Presenting " +
    "Questions Quick Reach Reply Sale Searching See Send Share Simply Spotlight Subject Take Thought Transfer View Want We We'd"
  )
    .toLowerCase()
    .split(" "),
);
// Hashtags that name no fact about the listing.
const GENERIC_TAGS = new Set(["commercialrealestate", "cre", "realestate", "commercialproperty", "forsale", "forlease"]);

const URL_RE = /https?:\/\/\S+/g;
// What a missing value looks like once it is printed.
const LEAK_RE = /undefined|null|NaN|\[object/g;
const TAG_RE = /#[\p{L}\p{N}]+/gu;
const NUMBER_RE = /\p{N}+(?:[.,]\p{N}+)*/gu;
const CAPITALISED_RE = /(?<![\p{L}\p{N}'’-])\p{Lu}[\p{L}\p{N}'’-]*/gu;
const WORD_RE = /[\p{L}\p{N}'’-]+/gu;
const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

const stateName = (code: string) => STATES.find((s) => s.code === code)!.name;

/** The listing's own text: what a post may state. The state's name is the code spelled out. */
const ownText = (l: PostsListing) =>
  [l.listingName, l.city, l.state, stateName(l.state), l.propertyDescription].join("\n");

function expectGrounded(listing: PostsListing, post: string) {
  const links = [listing.marketingFlyerLink, listing.looplinkLink].filter(Boolean);
  for (const url of post.match(URL_RE) ?? []) expect(links).toContain(url);
  const tagFacts = [listing.city, stateName(listing.state), listing.state].map(squash);
  for (const tag of post.match(TAG_RE) ?? []) {
    const body = squash(tag);
    const ok = GENERIC_TAGS.has(body) || tagFacts.includes(body) || body === tagFacts[0] + tagFacts[2];
    expect(ok, `hashtag ${tag} in:\n${post}`).toBe(true);
  }
  const prose = post.replace(URL_RE, " ").replace(TAG_RE, " ");
  const own = ownText(listing);
  const ownNumbers = new Set(own.match(NUMBER_RE) ?? []);
  for (const n of prose.match(NUMBER_RE) ?? []) expect(ownNumbers, `number ${n} in:\n${post}`).toContain(n);
  const ownWords = new Set((own.match(WORD_RE) ?? []).map((w) => w.toLowerCase()));
  for (const w of prose.match(CAPITALISED_RE) ?? []) {
    const word = w.toLowerCase();
    expect(ownWords.has(word) || TEMPLATE_WORDS.has(word), `word "${w}" in:\n${post}`).toBe(true);
  }
}

// ------------------------------------------------------------------ listings to write about

const capWord = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
const word = fc.stringMatching(/^[a-z]{1,10}$/);
const numberToken = fc.oneof(
  fc.integer({ min: 1, max: 99_999 }).map((n) => n.toLocaleString("en-US")),
  fc.integer({ min: 10, max: 999 }).map((n) => (n / 10).toFixed(1)),
  fc.integer({ min: 1900, max: 2030 }).map(String),
);
const token = fc.oneof({ weight: 5, arbitrary: word }, { weight: 2, arbitrary: capWord }, { weight: 1, arbitrary: numberToken }, {
  weight: 1,
  arbitrary: fc.constantFrom("SF", "approx.", "Rt.", "sq. ft.", "St.", "acres", "B-2", "drive-thru", "(see flyer)"),
});
const sentence = fc
  .tuple(capWord, fc.array(token, { minLength: 1, maxLength: 25 }), fc.constantFrom(".", "!", "", "?"))
  .map(([first, rest, end]) => `${first} ${rest.join(" ")}${end}`);
const description = fc
  .tuple(fc.array(sentence, { minLength: 1, maxLength: 12 }), fc.constantFrom(" ", "\n", "\n- ", "\n• ", "\r\n"))
  .map(([sentences, sep]) => sentences.join(sep).slice(0, 5000));
const link = fc.option(fc.webUrl({ withQueryParameters: true }), { nil: null });

const listingArb = fc.record({
  id: fc.uuid(),
  listingName: fc.array(fc.oneof(capWord, numberToken, word), { minLength: 1, maxLength: 8 }).map((w) => w.join(" ").slice(0, 200).trim()),
  city: fc.array(fc.oneof(capWord, word), { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
  state: fc.constantFrom(...STATE_CODES),
  offeringType: fc.constantFrom(...OFFERING_TYPES),
  marketingCategory: fc.constantFrom(...MARKETING_CATEGORIES),
  propertyDescription: description,
  marketingFlyerLink: link,
  looplinkLink: link,
}) satisfies fc.Arbitrary<PostsListing>;

// Anything the shared listing schema accepts, however odd.
const nonBlank = (max: number) => fc.string({ unit: "grapheme", minLength: 1, maxLength: max }).filter((s) => s.trim() !== "");
const oddListingArb = fc.record({
  id: fc.uuid(),
  listingName: nonBlank(200),
  city: nonBlank(100),
  state: fc.constantFrom(...STATE_CODES),
  offeringType: fc.constantFrom(...OFFERING_TYPES),
  marketingCategory: fc.constantFrom(...MARKETING_CATEGORIES),
  propertyDescription: nonBlank(5000),
  marketingFlyerLink: link,
  looplinkLink: link,
}) satisfies fc.Arbitrary<PostsListing>;

const sample: PostsListing = {
  id: "00000000-0000-4000-8000-000000000001",
  listingName: "Riverside Plaza",
  city: "Morgantown",
  state: "WV",
  offeringType: "Sell/Lease",
  marketingCategory: "Homerun",
  propertyDescription:
    "Two-story retail and office building of approx. 12,500 SF on Rt. 7 with 40 parking spaces. Renovated in 2019.\n- Signalized corner lot\n- Drive-thru window",
  marketingFlyerLink: "https://example.com/flyers/riverside.pdf",
  looplinkLink: "https://www.loopnet.com/Listing/123-Main-St/",
};

// ------------------------------------------------------------------ properties

describe("built-in posts writer", () => {
  it("writes exactly ten distinct, tidy posts, one X post within 280 characters and Instagram without links", () => {
    fc.assert(
      fc.property(fc.oneof(listingArb, oddListingArb), fc.integer(), (listing, seed) => {
        const drafts = composePosts(listing, seededRandom(seed));
        const texts = drafts.map((d) => d.text);
        const said = [ownText(listing), listing.marketingFlyerLink, listing.looplinkLink].join("\n");
        expect(texts).toHaveLength(10);
        expect(new Set(texts).size).toBe(10);
        expect(new Set(drafts.map((d) => d.channel))).toEqual(new Set(["linkedin", "facebook", "instagram", "x", "email", "text"]));
        for (const d of drafts) {
          expect(d.text.trim()).toBe(d.text);
          expect(d.text).not.toMatch(/ {2}|\n{3}/);
          // A listing may say "null" itself; a post may not say it otherwise.
          for (const leak of d.text.match(LEAK_RE) ?? []) expect(said).toContain(leak);
          if (d.channel === "x") expect(d.text.length).toBeLessThanOrEqual(280);
          if (d.channel === "instagram") expect(d.text).not.toMatch(URL_RE);
        }
      }),
      // Found by an earlier run: a description whose own word contains "null".
      { numRuns: 300, examples: [[{ ...sample, propertyDescription: "Anull a. Aaa a.", marketingFlyerLink: null, looplinkLink: null }, 0]] },
    );
  });

  it("states no number, name or link that the listing does not", () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), (listing, seed) => {
        for (const post of composePosts(listing, seededRandom(seed)).map((d) => d.text)) {
          expectGrounded(listing, post);
          expect(post).toContain(listing.listingName.replace(/\s+/g, " "));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("gives a different set each time it is asked", async () => {
    fc.assert(
      fc.property(listingArb, fc.integer(), (listing, seed) => {
        const first = composePosts(listing, seededRandom(seed)).map((d) => d.text);
        const second = composePosts(listing, seededRandom(seed + 1)).map((d) => d.text);
        const shared = first.filter((p) => second.includes(p));
        expect(shared.length).toBeLessThanOrEqual(5);
      }),
      { numRuns: 200 },
    );
    const writer = createBuiltInWriter();
    expect(await writer.write(sample)).not.toEqual(await writer.write(sample));
  });

  it("phrases every offering type naturally and never shows the raw value", () => {
    const phrases: Record<OfferingType, string> = {
      Sell: "for sale",
      Lease: "for lease",
      Transfer: "available for transfer",
      "Sell/Lease": "for sale or lease",
      "Sell/Transfer": "for sale or transfer",
      "Sell/Lease/Transfer": "for sale, lease or transfer",
    };
    for (const offeringType of OFFERING_TYPES) {
      for (const post of composePosts({ ...sample, offeringType }, seededRandom(7)).map((d) => d.text)) {
        expect(post.toLowerCase()).toContain(phrases[offeringType]);
        expect(post).not.toMatch(/\bSell\b|\/Lease|\/Transfer/);
      }
    }
  });

  it("never uses internal fields: notes, shared-drive links, the address or the agent", () => {
    const listing = {
      ...sample,
      notes: "Owner is motivated, will take 10% less",
      address: "123 Hidden Lane",
      googleDriveLink: "https://drive.google.com/secret",
      dropboxLink: "https://dropbox.com/secret",
      agentId: "agent-secret",
    };
    const all = composePosts(listing, seededRandom(1)).map((d) => d.text).join("\n");
    for (const secret of ["motivated", "10%", "Hidden Lane", "drive.google", "dropbox", "agent-secret"]) {
      expect(all).not.toContain(secret);
    }
  });

  it("uses the description's own sentences, keeping abbreviations and numbers whole", () => {
    const all = composePosts(sample, seededRandom(3)).map((d) => d.text).join("\n");
    expect(all).toContain("Two-story retail and office building of approx. 12,500 SF on Rt. 7 with 40 parking spaces.");
    expect(splitSentences("Built in 1998. Renovated in 2019! Near St. Louis Ave. Zoned B-2")).toEqual([
      "Built in 1998.",
      "Renovated in 2019!",
      "Near St. Louis Ave. Zoned B-2",
    ]);
  });
});
