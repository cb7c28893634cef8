// fast-check listings as the shared schema lets them in, with the characters that make CSV hard:
// for the round-trip properties of the CSV import and the import wizard.
import fc from "fast-check";
import {
  BUILDING_CLASSES,
  DEAL_STAGES,
  LEASE_RATE_UNITS,
  LEASE_TYPES,
  PROPERTY_TYPES,
} from "../../shared/listing-fact-choices.js";
import { calendarDate } from "../../shared/parse/dates.js";
import { isBlank } from "../../shared/parse/decimal.js";
import { MARKETING_CATEGORIES, OFFERING_TYPES, STATE_CODES } from "../../shared/schema.js";

// The characters that make CSV hard: delimiters, quotes, line breaks, formula starts, apostrophes,
// accents, emoji, and whitespace inside values.
const PIECES = [",", ";", '"', "'", "\n", "\r\n", "=", "+", "-", "@", "\t", " ", "  ", "é", "Straße", "😀", "a", "B", "7", "x y"];
const messyText = (max: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join("").replaceAll("\u0000", "").trim().slice(0, max).trim())
    .filter((s) => s.length > 0);
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
const link = fc.webUrl({ withQueryParameters: true, withFragments: true }).filter((u) => u.length <= 2048);

/** A number with at most `decimals` places, made from an integer so it is exactly what it prints. */
const decimal = (min: number, max: number, decimals: number) =>
  fc.integer({ min: min * 10 ** decimals, max: max * 10 ** decimals }).map((n) => Number((n / 10 ** decimals).toFixed(decimals)));
const isoDate = fc
  .record({ y: fc.integer({ min: 1990, max: 2040 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => calendarDate(y, m, d) as string);
const factText = (max: number) => optional(messyText(max).filter((v) => !isBlank(v)));

// The listing facts as the shared schema lets them in: a lease rate with its unit, expiration
// not before the listing date.
const factsArb = fc
  .record({
    propertyType: optional(fc.constantFrom(...PROPERTY_TYPES)),
    propertySubtype: factText(80),
    zip: optional(fc.stringMatching(/^\d{5}(-\d{4})?$/)),
    askingPrice: optional(fc.integer({ min: 0, max: 999_999_999_999 })),
    lease: optional(fc.record({ leaseRate: decimal(0.01, 99_999, 2), leaseRateUnit: fc.constantFrom(...LEASE_RATE_UNITS) })),
    leaseType: optional(fc.constantFrom(...LEASE_TYPES)),
    buildingSizeSf: optional(fc.integer({ min: 1, max: 2_000_000_000 })),
    availableSizeSf: optional(fc.integer({ min: 1, max: 10_000_000 })),
    lotSizeAcres: optional(decimal(0.001, 99_999, 3)),
    yearBuilt: optional(fc.integer({ min: 1700, max: 2030 })),
    buildingClass: optional(fc.constantFrom(...BUILDING_CLASSES)),
    capRate: optional(decimal(0.01, 100, 2)),
    zoning: factText(40),
    dealStage: optional(fc.constantFrom(...DEAL_STAGES)),
    dates: fc.tuple(optional(isoDate), optional(isoDate)),
  })
  .map(({ lease, dates: [a, b], ...facts }) => ({
    ...facts,
    leaseRate: lease?.leaseRate ?? null,
    leaseRateUnit: lease?.leaseRateUnit ?? null,
    listingDate: a && b && a > b ? b : a,
    expirationDate: a && b && a > b ? a : b,
  }));

// Stored listings are what the shared schema lets in: trimmed text, blank optional text as null.
/** A listing's values; `agent` picks one of two agents (or none, -1). */
export const listingArb = fc.record({
  listingName: fc.oneof(messyText(200), fc.constantFrom("Same Name", "same  NAME")),
  address: fc.oneof(messyText(200), fc.constant("1 Shared St")),
  city: messyText(100),
  state: fc.constantFrom(...STATE_CODES),
  offeringType: fc.constantFrom(...OFFERING_TYPES),
  propertyDescription: messyText(5000),
  marketingCategory: fc.constantFrom(...MARKETING_CATEGORIES),
  notes: optional(messyText(5000)),
  marketingCategoryReference: optional(messyText(200)),
  marketingFlyerLink: optional(link),
  looplinkLink: optional(link),
  googleDriveLink: optional(link),
  dropboxLink: optional(link),
  agent: fc.integer({ min: -1, max: 1 }),
  isActive: fc.boolean(),
  facts: factsArb,
});

