// The facts a commercial listing is sold with: their zod shapes (one rule and one
// message per field, for the form, the API, bulk edit and CSV rows), the rules between fields,
// and how the screens print them. Client-safe: no database code. The parsing of what people
// type lives in shared/parse/, one module per kind of value.
import { z } from "zod";
import "./zod-setup.js";
import {
  BUILDING_CLASSES,
  DEAL_STAGES,
  LEASE_RATE_UNITS,
  LEASE_TYPES,
  PROPERTY_TYPES,
  type BuildingClass,
  type DealStage,
  type LeaseRateUnit,
  type LeaseType,
  type PropertyType,
} from "./listing-fact-choices.js";
import { parseCalendarDate } from "./parse/dates.js";
import { decimalPlaces, isBlank, type Parsed } from "./parse/decimal.js";
import { matchLeaseRateUnit, matchLeaseType, parseLeaseRate } from "./parse/lease-rate.js";
import { parseMoney } from "./parse/money.js";
import { parsePercent } from "./parse/percent.js";
import { parseAcres, parseSquareFeet } from "./parse/size.js";
import { parseYear } from "./parse/year.js";
import { parseZip } from "./parse/zip.js";
import { isStorableText, unstorableMessage } from "./storable-text.js";

// ---------------------------------------------------------------- the fields

/** The facts, in the form's and the CSV's order. API names exactly as they were specified for clients: never rename one. */
export const LISTING_FACT_FIELDS = [
  "propertyType",
  "propertySubtype",
  "zip",
  "askingPrice",
  "leaseRate",
  "leaseRateUnit",
  "leaseType",
  "buildingSizeSf",
  "availableSizeSf",
  "lotSizeAcres",
  "yearBuilt",
  "buildingClass",
  "capRate",
  "zoning",
  "dealStage",
  "listingDate",
  "expirationDate",
] as const;
export type ListingFactField = (typeof LISTING_FACT_FIELDS)[number];

/** A listing's facts as the server sends them (null when not known). */
export interface ListingFacts {
  propertyType: PropertyType | null;
  propertySubtype: string | null;
  zip: string | null;
  askingPrice: number | null;
  leaseRate: number | null;
  leaseRateUnit: LeaseRateUnit | null;
  leaseType: LeaseType | null;
  buildingSizeSf: number | null;
  availableSizeSf: number | null;
  lotSizeAcres: number | null;
  yearBuilt: number | null;
  buildingClass: BuildingClass | null;
  capRate: number | null;
  zoning: string | null;
  dealStage: DealStage | null;
  listingDate: string | null;
  expirationDate: string | null;
}

export const FACT_LIMITS = {
  propertySubtype: 80,
  zoning: 40,
  // Columns: bigint dollars, numeric(12,2), integer square feet, numeric(12,3) acres.
  askingPriceMax: 999_999_999_999,
  leaseRateMax: 9_999_999_999.99,
  sizeMaxSf: 2_000_000_000,
  lotSizeMaxAcres: 999_999_999.999,
  yearBuiltMin: 1700,
  /** Years after the current one a building may be planned for. */
  yearBuiltAhead: 5,
} as const;

/** The latest year built accepted today: planned buildings up to five years out. */
export const maxYearBuilt = (now = new Date()) => now.getFullYear() + FACT_LIMITS.yearBuiltAhead;

export const FACT_MESSAGES = {
  propertyType: `Property type must be one of ${PROPERTY_TYPES.join(", ")}`,
  propertySubtype: `Property subtype must be at most ${FACT_LIMITS.propertySubtype} characters`,
  zip: "ZIP must be a US ZIP code: 5 digits or ZIP+4, like 26501 or 26501-1234",
  askingPrice: "Asking price must be whole dollars from $0 to $999,999,999,999, like $1,650,000 or 1.65M",
  leaseRate: "Lease rate must be a dollar amount above $0 with at most 2 decimals, like $18.50",
  leaseRateUnit: `Lease rate unit must be one of ${LEASE_RATE_UNITS.join(", ")}`,
  leaseRateUnitRequired: `Lease rate unit is required when a lease rate is set: ${LEASE_RATE_UNITS.join(", ")}`,
  leaseType: `Lease type must be one of ${LEASE_TYPES.join(", ")}`,
  buildingSizeSf: "Building size must be whole square feet above 0, like 20,000 SF",
  availableSizeSf: "Available size must be whole square feet above 0, like 20,000 SF",
  lotSizeAcres: "Lot size must be acres above 0 with at most 3 decimals, like 2.5 acres or 94,290 SF",
  yearBuilt: () => `Year built must be between ${FACT_LIMITS.yearBuiltMin} and ${maxYearBuilt()}`,
  buildingClass: `Building class must be one of ${BUILDING_CLASSES.join(", ")}`,
  capRate: "Cap rate is a percentage up to 100, above 0 with at most 2 decimals, like 7.5%",
  zoning: `Zoning must be at most ${FACT_LIMITS.zoning} characters`,
  dealStage: `Deal stage must be one of ${DEAL_STAGES.join(", ")}`,
  listingDate: "Listing date must be a date like 2026-03-15 or 3/15/2026",
  expirationDate: "Expiration date must be a date like 2026-03-15 or 3/15/2026",
  expirationBeforeListing: "Expiration date must not be before the listing date",
} as const;

const messageOf = (m: string | (() => string)) => (typeof m === "function" ? m() : m);

/**
 * A fact typed as text ("$1,650,000") or sent as a JSON number: read by `read`, which answers
 * undefined for anything refused. Blank and "N/A" are null; an absent key stays absent (so a
 * patch leaves it alone).
 */
function fact<T>(message: string | (() => string), read: (input: string | number) => T | null | undefined) {
  return z
    .union([z.string(), z.number()], { error: () => messageOf(message) })
    .nullish()
    .transform((input, ctx): T | null => {
      if (input === null || input === undefined) return null;
      const value = read(input);
      if (value === undefined) {
        ctx.addIssue({ code: "custom", message: messageOf(message), input });
        return z.NEVER;
      }
      return value;
    });
}

/** A number from text (through its parser) or as sent; `accept` holds the field's range rule. */
const numberFact = (message: string | (() => string), parse: (text: string) => Parsed<number>, accept: (n: number) => boolean) =>
  fact<number>(message, (input) => {
    let value: number | null;
    if (typeof input === "number") value = input;
    else {
      const result = parse(input);
      if (!result.ok) return undefined;
      value = result.value;
    }
    if (value === null) return null;
    return Number.isFinite(value) && accept(value) ? value : undefined;
  });

const textOnly = <T extends string>(parse: (text: string) => Parsed<T>) => (input: string | number) => {
  if (typeof input !== "string") return undefined;
  const result = parse(input);
  return result.ok ? result.value : undefined;
};

const looseKey = (v: string) => v.toLowerCase().replace(/[\s_-]+/g, "");
/** One of `values`, as written or ignoring case and spaces ("mixed use" is "Mixed Use"). */
function choiceFact<T extends string>(message: string, values: readonly T[], alias?: (text: string) => T | undefined) {
  const byKey = new Map(values.map((v) => [looseKey(v), v]));
  return fact<T>(
    message,
    textOnly<T>((text) => {
      if (isBlank(text)) return { ok: true, value: null };
      const t = text.trim();
      const value = (values as readonly string[]).includes(t) ? (t as T) : (byKey.get(looseKey(t)) ?? alias?.(t));
      return value === undefined ? { ok: false } : { ok: true, value };
    }),
  );
}

const optionalFactText = (label: string, message: string, max: number) =>
  z
    .string({ error: message })
    .refine(isStorableText, unstorableMessage(label))
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v && !isBlank(v) ? v : null));

const wholeIn = (min: number, max: number) => (n: number) => Number.isInteger(n) && n >= min && n <= max;
const aboveZeroWith = (decimals: number, max: number) => (n: number) => n > 0 && n <= max && decimalPlaces(n) <= decimals;

/** The facts' zod shapes, spread into insertListingSchema; each is optional and nullable. */
export const listingFactsShape = {
  propertyType: choiceFact(FACT_MESSAGES.propertyType, PROPERTY_TYPES),
  propertySubtype: optionalFactText("Property subtype", FACT_MESSAGES.propertySubtype, FACT_LIMITS.propertySubtype),
  zip: fact(FACT_MESSAGES.zip, textOnly(parseZip)),
  askingPrice: numberFact(FACT_MESSAGES.askingPrice, parseMoney, wholeIn(0, FACT_LIMITS.askingPriceMax)),
  leaseRate: numberFact(
    FACT_MESSAGES.leaseRate,
    (text) => {
      const result = parseLeaseRate(text);
      return result.ok ? { ok: true, value: result.value?.rate ?? null } : result;
    },
    aboveZeroWith(2, FACT_LIMITS.leaseRateMax),
  ),
  leaseRateUnit: choiceFact(FACT_MESSAGES.leaseRateUnit, LEASE_RATE_UNITS, matchLeaseRateUnit),
  leaseType: choiceFact(FACT_MESSAGES.leaseType, LEASE_TYPES, matchLeaseType),
  buildingSizeSf: numberFact(FACT_MESSAGES.buildingSizeSf, parseSquareFeet, wholeIn(1, FACT_LIMITS.sizeMaxSf)),
  availableSizeSf: numberFact(FACT_MESSAGES.availableSizeSf, parseSquareFeet, wholeIn(1, FACT_LIMITS.sizeMaxSf)),
  lotSizeAcres: numberFact(FACT_MESSAGES.lotSizeAcres, parseAcres, aboveZeroWith(3, FACT_LIMITS.lotSizeMaxAcres)),
  yearBuilt: numberFact(FACT_MESSAGES.yearBuilt, parseYear, (n) => wholeIn(FACT_LIMITS.yearBuiltMin, maxYearBuilt())(n)),
  buildingClass: choiceFact(FACT_MESSAGES.buildingClass, BUILDING_CLASSES, (t) =>
    /^class\s+[abc]$/i.test(t) ? (t.slice(-1).toUpperCase() as BuildingClass) : undefined,
  ),
  capRate: numberFact(FACT_MESSAGES.capRate, parsePercent, aboveZeroWith(2, 100)),
  zoning: optionalFactText("Zoning", FACT_MESSAGES.zoning, FACT_LIMITS.zoning),
  dealStage: choiceFact(FACT_MESSAGES.dealStage, DEAL_STAGES),
  listingDate: fact(FACT_MESSAGES.listingDate, textOnly(parseCalendarDate)),
  expirationDate: fact(FACT_MESSAGES.expirationDate, textOnly(parseCalendarDate)),
} satisfies Record<ListingFactField, z.ZodType>;

// ---------------------------------------------------------------- rules between fields

type Related = Partial<Pick<ListingFacts, "leaseRate" | "leaseRateUnit" | "listingDate" | "expirationDate">>;

/**
 * What is wrong between fields of a listing as it will be stored (for an edit: the stored
 * values with the changes applied), by field. Empty when nothing is.
 */
export function listingFactsProblems(v: Related): Partial<Record<"leaseRateUnit" | "expirationDate", string>> {
  const problems: Partial<Record<"leaseRateUnit" | "expirationDate", string>> = {};
  if (v.leaseRate != null && v.leaseRateUnit == null) problems.leaseRateUnit = FACT_MESSAGES.leaseRateUnitRequired;
  if (v.listingDate && v.expirationDate && v.expirationDate < v.listingDate)
    problems.expirationDate = FACT_MESSAGES.expirationBeforeListing;
  return problems;
}

/** listingFactsProblems as zod issues, for `.superRefine` on a whole listing (form, create, CSV row). */
export function refineListingFacts(v: Related, ctx: z.RefinementCtx): void {
  for (const [path, message] of Object.entries(listingFactsProblems(v))) ctx.addIssue({ code: "custom", path: [path], message });
}

// ---------------------------------------------------------------- how the screens print them

export * from "./listing-facts-text.js";
export * from "./listing-fact-rows.js";
