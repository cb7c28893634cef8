// Numbers, money, areas and rates as the screens print them. Apart from the parsers beside it,
// so the card grid of the first page prints a listing's facts without the parsers' tables.
import { LEASE_RATE_UNIT_SHORT, type LeaseRateUnit, type LeaseType } from "../listing-fact-choices.js";

// One formatter per number of decimals: toLocaleString with options builds a new one on every call,
// and a list of 10,000 listings formats several facts per card on each filter or sort.
const formatters = new Map<number | undefined, Intl.NumberFormat>();

/** Groups with thousands separators, no decimals forced: 20000 → "20,000", 2.5 → "2.5". */
export function groupDigits(n: number, decimals?: number): string {
  let format = formatters.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat(
      "en-US",
      decimals === undefined ? { maximumFractionDigits: 20 } : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
    );
    formatters.set(decimals, format);
  }
  return format.format(n);
}

/** Whole dollars: 1650000 → "$1,650,000". */
export const formatDollars = (n: number) => `$${groupDigits(Math.round(n), 0)}`;

/** Dollars and cents: 18.5 → "$18.50". */
export const formatDollarsAndCents = (n: number) => `$${groupDigits(n, 2)}`;

/** 6.5 → "6.50%". */
export const formatPercent = (n: number) => `${n.toFixed(2)}%`;

/** 7.5 → "7.50% cap". */
export const formatCapRate = (n: number) => `${formatPercent(n)} cap`;

/** 20000 → "20,000 SF". */
export const formatSquareFeet = (n: number) => `${groupDigits(n)} SF`;

/** 2.5 → "2.5 AC", 2.165 → "2.165 AC". */
export const formatAcres = (n: number) => `${groupDigits(n)} AC`;

/** 18.5, "per SF/yr", "NNN" → "$18.50 /SF/yr NNN" (unit and type left out when unknown). */
export function formatLeaseRate(rate: number, unit?: LeaseRateUnit | null, leaseType?: LeaseType | null): string {
  return [formatDollarsAndCents(rate), unit ? LEASE_RATE_UNIT_SHORT[unit] : "", leaseType ?? ""].filter(Boolean).join(" ");
}
