// Value maps of enumerated fields: each distinct file value → one allowed value, or null (left
// to fail). Suggestions read the value the way the listing form does (case and spaces ignored,
// state names, lease-rate words), plus the words exports use ("For Sale" → Sell).
import { matchMarketingCategory, matchOfferingType, matchState } from "../../../shared/csv-columns.js";
import { IMPORT_CHOICES, type ListingImportField } from "../../../shared/imports/targets.js";
import type { ImportValueMaps } from "../../../shared/imports/wire.js";
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

const DEAL_WORDS: Record<string, string> = {
  pending: "Under Contract",
  undercontract: "Under Contract",
  incontract: "Under Contract",
  sold: "Closed",
  leased: "Closed",
  closed: "Closed",
  offmarket: "Withdrawn",
  withdrawn: "Withdrawn",
  expired: "Expired",
  active: "Active",
  available: "Active",
  onmarket: "Active",
  proposal: "Proposal",
};

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
