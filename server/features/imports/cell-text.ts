// Money, size and rate cells as exports write them, reduced to what the listing-facts parsers
// read: "Price Upon Request", "Call for Price", "Negotiable" and the like are empty (the row
// still imports); a range "$489,000 - $699,000" is its lower bound.
import { parseMoney } from "../../../shared/parse/money.js";
import type { ListingImportField } from "../../../shared/imports/targets.js";

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

/** Fields whose cells may hold a range or a "no price" phrase. */
export const RANGED_FIELDS: ReadonlySet<ListingImportField> = new Set([
  "askingPrice",
  "leaseRate",
  "buildingSizeSf",
  "availableSizeSf",
  "lotSizeAcres",
  "capRate",
]);

const RANGE = /^(.+?)\s*(?:\s-\s|-|–|—|\bto\b)\s*(.+)$/i;
const NUMBER_START = /^[±~$\s]*\$?\s*[\d.,]+/;

/** The number a side of a range starts with, read as money (units follow it). */
const leadingAmount = (text: string) => {
  const m = NUMBER_START.exec(text);
  if (!m) return null;
  const r = parseMoney(m[0].replace(/[±~]/g, "").trim());
  return r.ok ? r.value : null;
};

/** The cell as the field's parser should read it. */
export function cleanRangedCell(text: string): string {
  const t = text.trim();
  if (NO_PRICE.has(t.toLowerCase().replace(/[.!]+$/, ""))) return "";
  const m = RANGE.exec(t);
  if (!m || !NUMBER_START.test(m[1]) || !NUMBER_START.test(m[2])) return t;
  const low = leadingAmount(m[1]);
  const high = leadingAmount(m[2]);
  if (low === null || high === null) return t;
  // The unit of a range is written once, after the upper bound: "1,000 - 5,000 SF".
  const unitOf = (side: string) => side.replace(NUMBER_START, "").trim();
  const lowerSide = low <= high ? m[1].trim() : m[2].trim();
  const unit = unitOf(lowerSide) || unitOf(m[2]);
  const amount = (NUMBER_START.exec(lowerSide) as RegExpExecArray)[0].trim();
  return unit ? `${amount} ${unit}` : amount;
}
