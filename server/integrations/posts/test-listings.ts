// Random listings for the posts properties: words, figures with units, selling-point phrases
// and the facts, in any mix, plus a fixed sample.
import fc from "fast-check";
import { BUILDING_CLASSES, LEASE_RATE_UNITS, LEASE_TYPES, PROPERTY_TYPES } from "../../../shared/listing-fact-choices.js";
import { MARKETING_CATEGORIES, OFFERING_TYPES, STATE_CODES } from "../../../shared/schema.js";
import { SPACE_LEASE_TYPES, SPACE_RATE_UNITS, SPACE_STATUSES } from "../../../shared/space-choices.js";
import { spacesSummary } from "../../../shared/spaces-summary.js";
import type { PostsListing } from "./posts-writer.js";

const capWord = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
const word = fc.stringMatching(/^[a-z]{1,10}$/);
const numberToken = fc.oneof(
  fc.integer({ min: 1, max: 99_999 }).map((n) => n.toLocaleString("en-US")),
  fc.integer({ min: 10, max: 999 }).map((n) => (n / 10).toFixed(1)),
  fc.integer({ min: 1900, max: 2030 }).map(String),
);
const figure = fc
  .tuple(numberToken, fc.constantFrom("VPD", "SF", "acres", "parking spaces", "seats", "dock doors", "sq. ft."))
  .map(([n, unit]) => `${n} ${unit}`);
const phrase = fc.constantFrom(
  "signalized corner",
  "transferable liquor license",
  "drive-thru",
  "turnkey",
  "loading docks",
  "ample parking",
  "fully renovated",
  "zoned B-2",
  "(see flyer)",
  "approx.",
  "Rt.",
);
const token = fc.oneof({ weight: 5, arbitrary: word }, { weight: 2, arbitrary: capWord }, { weight: 1, arbitrary: numberToken }, { weight: 1, arbitrary: figure }, {
  weight: 1,
  arbitrary: phrase,
});

/** A description that may repeat the listing's own name and place, so that pasting would show. */
const sentence = fc
  .tuple(capWord, fc.array(token, { minLength: 1, maxLength: 25 }), fc.constantFrom(".", "!", "", "?"))
  .map(([first, rest, end]) => `${first} ${rest.join(" ")}${end}`);
const description = fc
  .tuple(fc.array(sentence, { minLength: 1, maxLength: 12 }), fc.constantFrom(" ", "\n", "\n- ", "\n• ", "\r\n"))
  .map(([sentences, sep]) => sentences.join(sep).slice(0, 5000));
const link = fc.option(fc.webUrl({ withQueryParameters: true }), { nil: null });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

const facts = fc.record({
  propertyType: maybe(fc.constantFrom(...PROPERTY_TYPES)),
  propertySubtype: maybe(fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(" "))),
  askingPrice: maybe(fc.integer({ min: 0, max: 999_999_999 })),
  leaseRate: maybe(fc.integer({ min: 1, max: 99_999 }).map((c) => c / 100)),
  leaseRateUnit: maybe(fc.constantFrom(...LEASE_RATE_UNITS)),
  leaseType: maybe(fc.constantFrom(...LEASE_TYPES)),
  buildingSizeSf: maybe(fc.integer({ min: 1, max: 2_000_000 })),
  availableSizeSf: maybe(fc.integer({ min: 1, max: 2_000_000 })),
  lotSizeAcres: maybe(fc.integer({ min: 1, max: 999_999 }).map((n) => n / 1000)),
  yearBuilt: maybe(fc.integer({ min: 1700, max: 2030 })),
  buildingClass: maybe(fc.constantFrom(...BUILDING_CLASSES)),
  capRate: maybe(fc.integer({ min: 1, max: 10_000 }).map((n) => n / 100)),
  zoning: maybe(fc.stringMatching(/^[A-Z]{1,3}-\d{1,2}$/)),
  // Suites, summarised as the income feature stores them (null when none is available).
  spacesSummary: fc
    .array(
      fc.record({
        status: fc.constantFrom(...SPACE_STATUSES),
        sizeSf: fc.integer({ min: 100, max: 200_000 }),
        rate: maybe(fc.integer({ min: 1, max: 9_999_999 }).map((c) => c / 100)),
        rateUnit: fc.constantFrom(...SPACE_RATE_UNITS),
        leaseType: maybe(fc.constantFrom(...SPACE_LEASE_TYPES)),
      }),
      { maxLength: 6 },
    )
    .map(spacesSummary),
});

export const listingArb: fc.Arbitrary<PostsListing> = fc
  .record({
    id: fc.uuid(),
    listingName: fc.array(fc.oneof(capWord, numberToken, word), { minLength: 1, maxLength: 6 }).map((w) => w.join(" ")),
    city: fc.array(fc.oneof(capWord, word), { minLength: 1, maxLength: 3 }).map((w) => w.join(" ")),
    state: fc.constantFrom(...STATE_CODES),
    offeringType: fc.constantFrom(...OFFERING_TYPES),
    marketingCategory: fc.constantFrom(...MARKETING_CATEGORIES),
    propertyDescription: description,
    marketingFlyerLink: link,
    looplinkLink: link,
    withFacts: fc.boolean(),
    facts,
    echo: fc.boolean(),
  })
  .map(({ withFacts, facts: f, echo, ...l }) => ({
    ...l,
    // Descriptions often restate the name, place and offering: the writer must still not paste.
    propertyDescription: echo ? `${l.listingName} is for sale in ${l.city}, ${l.state}. ${l.propertyDescription}` : l.propertyDescription,
    ...(withFacts ? f : {}),
  }));

export const sampleListing: PostsListing = {
  id: "00000000-0000-4000-8000-000000000001",
  listingName: "Main Street Diner",
  city: "Morgantown",
  state: "WV",
  offeringType: "Transfer",
  marketingCategory: "Homerun",
  propertyDescription:
    "Turnkey restaurant on a signalized corner with 28,000 VPD. Transferable liquor license. Seats 85 with 40 parking spaces. Fully equipped kitchen.",
  marketingFlyerLink: "https://example.com/flyers/diner.pdf",
  looplinkLink: null,
  propertyType: "Restaurant",
  askingPrice: 450_000,
  buildingSizeSf: 3_200,
};
