// The one sentence every screen prints a listing's spaces range with ("2,400–9,800 SF available;
// $16.00–$18.50/SF/yr NNN"): the app's cards and detail, the public page. Apart from the
// computation (spaces-summary.ts) so the first page's cards carry only the printing.
import { groupDigits } from "./parse/decimal.js";
import { formatDollarsAndCents } from "./parse/money.js";
import type { SpaceRateUnit } from "./space-choices.js";
import type { SpacesSummary } from "./spaces-summary.js";

/** How a rate unit reads after the amount: "$18.50/SF/yr", "$4,500/mo" (written short: the cards of the first page carry it). */
export const rateUnitShort = (unit: SpaceRateUnit) => `/${unit === "month" ? "mo" : unit === "year" ? "yr" : unit}`;

const range = (min: number, max: number, print: (n: number) => string) => (min === max ? print(min) : `${print(min)}–${print(max)}`);

/** "2,400–9,800 SF available" */
export const spacesSizeText = (s: SpacesSummary) => `${range(s.minSf, s.maxSf, groupDigits)} SF available`;

/** "$16.00–$18.50/SF/yr NNN"; null when no available space has a rate. */
export function spacesRateText(s: SpacesSummary): string | null {
  if (s.minRate === null || s.maxRate === null || s.rateUnit === null) return null;
  const types = s.leaseTypes.join(", ");
  return `${range(s.minRate, s.maxRate, formatDollarsAndCents)}${rateUnitShort(s.rateUnit)}${types ? ` ${types}` : ""}`;
}

/** Whether any available space's size lies in [min, max] (null bounds are open). */
export function anySpaceSizeIn(s: SpacesSummary, min: number | null, max: number | null): boolean {
  return s.sizesSf.some((sf) => (min === null || sf >= min) && (max === null || sf <= max));
}
