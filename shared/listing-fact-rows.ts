// The detail dialog's, the activity's and the posts' list of a listing's facts. Apart from the
// facts line (listing-facts-text.ts), which the first page prints; listing-facts.ts re-exports both.
import { leaseRateText, type Printable } from "./listing-facts-text.js";
import { formatCalendarDate } from "./parse/calendar.js";
import { formatAcres, formatCapRate, formatDollars, formatSquareFeet } from "./parse/format.js";

/** The detail dialog's Deal Facts, as label and text, only those known. */
export function factRows(l: Printable): { label: string; value: string }[] {
  const rows: [string, string | null][] = [
    ["Property Type", l.propertyType ? [l.propertyType, l.propertySubtype].filter(Boolean).join(" · ") : (l.propertySubtype ?? null)],
    ["Deal Stage", l.dealStage ?? null],
    ["Asking Price", l.askingPrice != null ? formatDollars(l.askingPrice) : null],
    ["Lease Rate", leaseRateText(l) ?? l.leaseType ?? null],
    ["Cap Rate", l.capRate != null ? formatCapRate(l.capRate) : null],
    ["Building Size", l.buildingSizeSf != null ? formatSquareFeet(l.buildingSizeSf) : null],
    ["Available Size", l.spacesSummary ? l.spacesSummary.sizeText : l.availableSizeSf != null ? formatSquareFeet(l.availableSizeSf) : null],
    ["Lot Size", l.lotSizeAcres != null ? formatAcres(l.lotSizeAcres) : null],
    ["Year Built", l.yearBuilt != null ? String(l.yearBuilt) : null],
    ["Building Class", l.buildingClass ? `Class ${l.buildingClass}` : null],
    ["Zoning", l.zoning ?? null],
    ["ZIP", l.zip ?? null],
    ["Listing Date", l.listingDate ? formatCalendarDate(l.listingDate) : null],
    ["Expiration Date", l.expirationDate ? formatCalendarDate(l.expirationDate) : null],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== null).map(([label, value]) => ({ label, value }));
}
