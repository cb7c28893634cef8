// How the screens (and the posts' prompts) print a listing's facts. Without zod, so the card grid
// of the first page can print them without loading the shapes (shared/listing-facts.ts re-exports
// all of this beside them).
import type { ListingFacts } from "./listing-facts.js";
import { daysBetween } from "./parse/calendar.js";
import { formatAcres, formatDollars, formatLeaseRate, formatSquareFeet } from "./parse/format.js";
import type { SpacesSummary } from "./spaces-summary.js";

/** The facts, and the range of the listing's available spaces when it has any (it stands for its one rate and size). */
export type Printable = Partial<ListingFacts> & { spacesSummary?: SpacesSummary | null };

/** The lease rate: the available spaces' range, else the listing's own rate. */
export function leaseRateText(l: Printable): string | null {
  const range = l.spacesSummary?.rateText;
  if (range) return range;
  return l.leaseRate != null ? formatLeaseRate(l.leaseRate, l.leaseRateUnit, l.leaseType) : null;
}

/** "$1,650,000", or the lease rate "$18.50 /SF/yr NNN" (or the spaces' "$16.00–$18.50/SF/yr NNN"); null when neither is known. */
export function priceText(l: Printable): string | null {
  if (l.askingPrice != null) return formatDollars(l.askingPrice);
  return leaseRateText(l);
}

/** "2,400–9,800 SF available" for a listing with available spaces, else "20,000 SF" (building, else available), else the lot "2.5 AC"; null when none is known. */
export function sizeText(l: Printable): string | null {
  if (l.spacesSummary) return l.spacesSummary.sizeText;
  const sf = l.buildingSizeSf ?? l.availableSizeSf;
  if (sf != null) return formatSquareFeet(sf);
  return l.lotSizeAcres != null ? formatAcres(l.lotSizeAcres) : null;
}

/** The line on cards and rows: price or rate, size, type ("$1,650,000 · 20,000 SF · Retail"). */
export function factsLine(l: Printable): string {
  return [priceText(l), sizeText(l), l.propertyType ?? null].filter(Boolean).join(" · ");
}

/** Days ahead the "Expires in N days" badge starts to show. */
export const EXPIRING_WITHIN_DAYS = 30;

/** "Expires in 12 days", "Expires today", "Expired"; null when not expiring within 30 days. */
export function expiryBadge(expirationDate: string | null | undefined, today: string): string | null {
  if (!expirationDate) return null;
  const days = daysBetween(today, expirationDate);
  if (days < 0) return "Expired";
  if (days > EXPIRING_WITHIN_DAYS) return null;
  if (days === 0) return "Expires today";
  return `Expires in ${days} ${days === 1 ? "day" : "days"}`;
}
