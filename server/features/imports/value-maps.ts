// Value maps of enumerated fields: each distinct file value → one allowed value, or null (left
// to fail). Suggestions read the value the way the listing form does (case and spaces ignored,
// state names, lease-rate words), plus the words exports use ("For Sale" → Sell).
import { fieldLabel } from "../../../shared/field-labels.js";
import { matchMarketingCategory, matchOfferingType, matchState } from "../../../shared/csv-columns.js";
import { IMPORT_CHOICES, UNSET_WHEN_UNMAPPED, type ListingImportField } from "../../../shared/imports/targets.js";
import type { ImportValueMaps, ImportValueNote } from "../../../shared/imports/wire.js";
import { PROPERTY_TYPES } from "../../../shared/listing-fact-choices.js";
import { matchLeaseRateUnit, matchLeaseType } from "../../../shared/parse/lease-rate.js";

const squash = (v: string) => v.toLowerCase().replace(/[^a-z0-9/]+/g, "");

const OFFERING_WORDS: Record<string, string> = {
  forsale: "Sell",
  sale: "Sell",
  sell: "Sell",
  forlease: "Lease",
  lease: "Lease",
  forrent: "Lease",
  rent: "Lease",
  sublease: "Lease",
  forsublease: "Lease",
  salelease: "Sell/Lease",
  "sale/lease": "Sell/Lease",
  "forsale/lease": "Sell/Lease",
  "forsale/forlease": "Sell/Lease",
  forsaleorlease: "Sell/Lease",
  saleorlease: "Sell/Lease",
  "lease/sale": "Sell/Lease",
  transfer: "Transfer",
};

// Words that name a property type inside longer values ("Vacant Land", "Medical Office").
const PROPERTY_WORDS: [RegExp, string][] = [
  [/medical|dental|clinic/i, "Medical"],
  [/mixed/i, "Mixed Use"],
  [/restaurant|bar|cafe|diner/i, "Restaurant"],
  [/hotel|motel|hospitality|inn\b/i, "Hospitality"],
  [/apartment|multi.?family|duplex|residential/i, "Multifamily"],
  [/warehouse|industrial|manufactur|distribution/i, "Industrial"],
  [/flex/i, "Flex"],
  [/land|lot\b|acreage/i, "Land"],
  [/retail|shopping|storefront|strip/i, "Retail"],
  [/office/i, "Office"],
  [/business/i, "Business"],
  [/church|school|special/i, "Special Purpose"],
];

// The words listing sites and CRMs use for a listing's market status (Crexi, LoopNet, Buildout).
const DEAL_WORDS: Record<string, string> = {
  // Listing Desk has no auction stage: an auction is on the market, and the preview says so
  // (valueMapWarnings; docs/guides/imports.md).
  auction: "Active",
  pending: "Under Contract",
  undercontract: "Under Contract",
  underagreement: "Under Contract",
  contingent: "Under Contract",
  incontract: "Under Contract",
  sold: "Closed",
  leased: "Closed",
  closed: "Closed",
  offmarket: "Withdrawn",
  cancelled: "Withdrawn",
  withdrawn: "Withdrawn",
  expired: "Expired",
  active: "Active",
  available: "Active",
  onmarket: "Active",
  proposal: "Proposal",
};

// Values the app maps to an allowed value that only approximates them: the listing's notes keep
// the file's word, so nothing the file said is lost.
const APPROXIMATIONS: { field: ListingImportField; word: string; to: string; note: string }[] = [
  { field: "dealStage", word: "auction", to: "Active", note: "Listing Desk has no auction stage: imported as Active, and the listing's notes keep the file's word." },
];
const approximationOf = (field: string, value: string) => APPROXIMATIONS.find((a) => a.field === field && a.word === squash(value));

/** Whether the file's `value` of `field`, mapped to `to`, only approximates it (its notes keep the word). */
export const isApproximation = (field: string, value: string, to: string | null) => to !== null && approximationOf(field, value)?.to === to;

/** The line a listing's notes get for a value the import approximated: "Deal Stage in the file: Auction". */
export const approximationLine = (field: ListingImportField, value: string) => `${fieldLabel(field)} in the file: ${value}`;

/** For the Map step: each file value the app can only approximate, with the value it suggests and why. */
export function valueNotes(maps: ImportValueMaps): Record<string, Record<string, ImportValueNote>> {
  const notes: Record<string, Record<string, ImportValueNote>> = {};
  for (const [field, map] of Object.entries(maps)) {
    for (const value of Object.keys(map)) {
      const a = approximationOf(field, value);
      if (a) (notes[field] ??= {})[value] = { value: a.to, note: a.note };
    }
  }
  return notes;
}

const ACTIVE_WORDS: Record<string, string> = { true: "true", yes: "true", y: "true", "1": "true", active: "true", false: "false", no: "false", n: "false", "0": "false", inactive: "false" };

const exactChoice = (field: ListingImportField, value: string) =>
  IMPORT_CHOICES[field]?.find((c) => squash(c) === squash(value));

/** The allowed value a file value most likely means; null when nothing fits. */
export function suggestValue(field: ListingImportField, value: string): string | null {
  const v = value.trim();
  const exact = exactChoice(field, v);
  if (exact) return exact;
  switch (field) {
    case "state":
      return matchState(v) ?? null;
    case "offeringType":
      return matchOfferingType(v) ?? OFFERING_WORDS[squash(v)] ?? null;
    case "marketingCategory":
      return matchMarketingCategory(v) ?? null;
    case "isActive":
      return ACTIVE_WORDS[squash(v)] ?? null;
    case "propertyType":
      return PROPERTY_TYPES.find((t) => squash(t) === squash(v)) ?? PROPERTY_WORDS.find(([re]) => re.test(v))?.[1] ?? null;
    case "leaseRateUnit":
      return matchLeaseRateUnit(v) ?? null;
    case "leaseType":
      return matchLeaseType(v) ?? null;
    case "buildingClass":
      return /^(?:class\s*)?([abc])$/i.exec(v)?.[1].toUpperCase() ?? null;
    case "dealStage":
      return DEAL_WORDS[squash(v)] ?? null;
    default:
      return null;
  }
}

/**
 * The value map for every enumerated field: every distinct non-blank value of `values`, mapped as
 * `given` says when it says so, else as suggested.
 */
export function completeValueMaps(values: Map<ListingImportField, Set<string>>, given: ImportValueMaps): ImportValueMaps {
  const maps: ImportValueMaps = {};
  for (const [field, seen] of values) {
    const map: Record<string, string | null> = {};
    const chosen = given[field] ?? {};
    for (const value of [...seen].sort((a, b) => a.localeCompare(b))) {
      map[value] = Object.hasOwn(chosen, value) ? chosen[value] : suggestValue(field, value);
    }
    maps[field] = map;
  }
  return maps;
}

/** The share of values that suggest an allowed value of `field` (for value-based column suggestions). */
export const shareSuggesting = (field: ListingImportField, values: string[]) =>
  values.length === 0 ? 0 : values.filter((v) => suggestValue(field, v) !== null).length / values.length;


// Values named in one warning; the value mapping lists them all.
const WARNING_VALUES = 5;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * What the person should know before committing about the value maps: statuses read as a stage
 * they only approximate ("Auction" as Active) and values left unset. `counts`: rows per file value.
 */
export function valueMapWarnings(maps: ImportValueMaps, counts: Map<ListingImportField, Map<string, number>>): string[] {
  const warnings: string[] = [];
  const stages = maps.dealStage ?? {};
  const rows = (value: string) => counts.get("dealStage")?.get(value) ?? 0;
  const auctions = Object.entries(stages).filter(([value, to]) => isApproximation("dealStage", value, to)).map(([value]) => value);
  if (auctions.length > 0) {
    const n = auctions.reduce((sum, v) => sum + rows(v), 0);
    const values = auctions.map((v) => `"${v}"`).join(", ");
    warnings.push(
      `Deal Stage ${values} is imported as Active (${plural(n, "row", "rows")}): Listing Desk has no auction stage, so each listing's notes keep the file's word.`,
    );
  }
  for (const field of UNSET_WHEN_UNMAPPED as ReadonlySet<ListingImportField>) {
    const unmapped = Object.entries(maps[field] ?? {}).filter(([, to]) => to === null).map(([value]) => value);
    if (unmapped.length === 0) continue;
    const n = unmapped.reduce((sum, v) => sum + (counts.get(field)?.get(v) ?? 0), 0);
    const shown = unmapped.slice(0, WARNING_VALUES).map((v) => `"${v}"`).join(", ");
    const values = unmapped.length > WARNING_VALUES ? `${shown} and ${unmapped.length - WARNING_VALUES} more` : shown;
    const label = fieldLabel(field);
    warnings.push(
      `${plural(n, "row has", "rows have")} a ${label} that is none of the allowed values (${values}): ${n === 1 ? "it is" : "they are"} imported without one. Choose a value for each to set it.`,
    );
  }
  return warnings;
}
