// Money, size and rate cells as exports write them, reduced to what the listing-facts parsers
// read: "Price Upon Request", "Call for Price", "Negotiable" and the like are empty (the row
// still imports); a range "$489,000 - $699,000" is its lower bound, and the range goes with the
// row so the preview can warn of it and the listing's notes keep it (docs/guides/imports.md).
import type { ListingImportField } from "../../../shared/imports/targets.js";
import { formatLeaseRate, parseLeaseRate } from "../../../shared/parse/lease-rate.js";
import { formatDollars, parseMoney } from "../../../shared/parse/money.js";
import { formatPercent, parsePercent } from "../../../shared/parse/percent.js";
import { amountOf, readRange, type RangeText } from "../../../shared/parse/range.js";
import { formatAcres, formatSquareFeet, parseAcres, parseSquareFeet } from "../../../shared/parse/size.js";

const NO_PRICE = new Set([
  "price upon request",
  "upon request",
  "call for price",
  "call for pricing",
  "call broker",
  "contact broker",
  "contact agent",
  "negotiable",
  "not disclosed",
  "undisclosed",
  "unpriced",
  "subject to offer",
  "request price",
  "n/a",
]);

/** The amount a lease rate cell means, unit and lease type aside. */
const rateOf = (text: string) => {
  const r = parseLeaseRate(text);
  return r.ok && r.value ? r.value.rate : null;
};

interface RangedField {
  amount: (side: string) => number | null;
  /** A bound as the listing pages print the field. */
  show: (side: string) => string;
}
const numberShown = (parse: Parameters<typeof amountOf>[0], format: (n: number) => string): RangedField => {
  const amount = amountOf(parse);
  return { amount, show: (side) => format(amount(side)!) };
};

/** Fields whose cells may hold a range or a "no price" phrase, each with the listing facts' own parser and formatter. */
const RANGED = new Map<ListingImportField, RangedField>([
  ["askingPrice", numberShown(parseMoney, formatDollars)],
  [
    "leaseRate",
    {
      amount: rateOf,
      show: (side) => {
        const r = parseLeaseRate(side);
        return r.ok && r.value ? formatLeaseRate(r.value.rate, r.value.unit, r.value.leaseType) : side;
      },
    },
  ],
  ["buildingSizeSf", numberShown(parseSquareFeet, formatSquareFeet)],
  ["availableSizeSf", numberShown(parseSquareFeet, formatSquareFeet)],
  ["lotSizeAcres", numberShown(parseAcres, formatAcres)],
  ["capRate", numberShown(parsePercent, formatPercent)],
]);
export const RANGED_FIELDS: readonly ListingImportField[] = [...RANGED.keys()];

/** A range found in a cell: the lower bound is what the row stores. */
export interface CellRange extends RangeText {
  field: ListingImportField;
}

/** The cell as the field's parser should read it, and the range it held, if any. */
export function readRangedCell(field: ListingImportField, text: string): { text: string; range?: CellRange } {
  const t = text.trim();
  if (NO_PRICE.has(t.toLowerCase().replace(/[.!]+$/, ""))) return { text: "" };
  const ranged = RANGED.get(field);
  const range = ranged ? readRange(t, ranged.amount) : null;
  return range ? { text: range.low, range: { field, ...range } } : { text: t };
}

/** The range's bounds as the listing pages print its field: "$489,000" and "$699,000". */
export function rangeShown(range: CellRange): { low: string; high: string } {
  const { show } = RANGED.get(range.field)!;
  return { low: show(range.low), high: show(range.high) };
}
