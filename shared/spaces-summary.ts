// The range a listing's available spaces make (spaces-range-text.ts prints it). Mixed rate
// units are brought to $/SF/yr (docs/decisions/391-mixed-space-rate-units.md).
import { SPACE_LEASE_TYPES, type Space, type SpaceLeaseType, type SpaceRateUnit } from "./space-choices.js";

import { spacesRateText, spacesSizeText } from "./spaces-range-text.js";

export { rateUnitShort, spacesRateText, spacesSizeText } from "./spaces-range-text.js";
export { anySpaceSizeIn } from "./spaces-filter.js";

export interface SpacesSummary {
  /** Available spaces. */
  count: number;
  minSf: number;
  maxSf: number;
  /** Null when no available space has a rate. */
  minRate: number | null;
  maxRate: number | null;
  rateUnit: SpaceRateUnit | null;
  /** The lease types named, in the enumeration's order. */
  leaseTypes: SpaceLeaseType[];
  /** Every available space's size, smallest first: the size filter matches any one of them. */
  sizesSf: number[];
  /**
   * The range as printed, "2,400–9,800 SF available" and "$16.00–$18.50/SF/yr NNN" (null without
   * a rate): written with the summary by spaces-range-text.ts, so the first page's cards print it
   * without carrying the printing code (docs/decisions/390-spaces-summary-on-the-listing.md).
   */
  sizeText: string;
  rateText: string | null;
}

type Priced = Pick<Space, "sizeSf" | "rate" | "rateUnit">;

/** A space's rate as $/SF/yr: monthly rates times 12, whole-space rents over its size. */
export function ratePerSfYear(space: Priced): number | null {
  if (space.rate === null) return null;
  switch (space.rateUnit) {
    case "SF/yr":
      return space.rate;
    case "SF/mo":
      return space.rate * 12;
    case "month":
      return (space.rate * 12) / space.sizeSf;
    case "year":
      return space.rate / space.sizeSf;
  }
}

const cents = (n: number) => Math.round(n * 100) / 100;

/**
 * The summary of the available spaces (pending and leased ones are not on offer); null when
 * none is available. Rates keep their unit when every priced space shares it, and become
 * $/SF/yr (rounded to cents) when they differ, so a range never mixes units.
 */
export function spacesSummary(spaces: readonly Pick<Space, "status" | "sizeSf" | "rate" | "rateUnit" | "leaseType">[]): SpacesSummary | null {
  const available = spaces.filter((s) => s.status === "available");
  if (available.length === 0) return null;
  const sizesSf = available.map((s) => s.sizeSf).sort((a, b) => a - b);
  const priced = available.filter((s) => s.rate !== null);
  const units = new Set(priced.map((s) => s.rateUnit));
  const rateUnit: SpaceRateUnit | null = units.size === 0 ? null : units.size === 1 ? priced[0].rateUnit : "SF/yr";
  const rates = priced.map((s) => (units.size === 1 ? (s.rate as number) : cents(ratePerSfYear(s) as number)));
  const named = new Set(available.map((s) => s.leaseType).filter((t): t is SpaceLeaseType => t != null));
  const summary = {
    count: available.length,
    minSf: sizesSf[0],
    maxSf: sizesSf[sizesSf.length - 1],
    minRate: rates.length ? Math.min(...rates) : null,
    maxRate: rates.length ? Math.max(...rates) : null,
    rateUnit,
    leaseTypes: SPACE_LEASE_TYPES.filter((t) => named.has(t)),
    sizesSf,
  };
  return { ...summary, sizeText: spacesSizeText(summary), rateText: spacesRateText(summary) };
}

/** "2,400–9,800 SF available; $16.00–$18.50/SF/yr NNN" (the rate left out when none is set). */
export function spacesRangeText(s: Pick<SpacesSummary, "sizeText" | "rateText">): string {
  return [s.sizeText, s.rateText].filter(Boolean).join("; ");
}
