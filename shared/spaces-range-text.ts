// The one way a listing's spaces range is printed ("2,400–9,800 SF available; $16.00–$18.50/SF/yr
// NNN"): spacesSummary() stores the texts in the summary, which the app's cards and detail and
// the public page print as they are.
import { groupDigits } from "./parse/decimal.js";
import { formatDollarsAndCents } from "./parse/money.js";
import type { SpaceRateUnit } from "./space-choices.js";
import type { SpacesSummary } from "./spaces-summary.js";

type Figures = Omit<SpacesSummary, "sizeText" | "rateText">;

/** How a rate unit reads after the amount: "$18.50/SF/yr", "$4,500/mo" (written short: the cards of the first page carry it). */
export const rateUnitShort = (unit: SpaceRateUnit) => `/${unit === "month" ? "mo" : unit === "year" ? "yr" : unit}`;

const range = (min: number, max: number, print: (n: number) => string) => (min === max ? print(min) : `${print(min)}–${print(max)}`);

/** "2,400–9,800 SF available" */
export const spacesSizeText = (s: Figures) => `${range(s.minSf, s.maxSf, groupDigits)} SF available`;

/** "$16.00–$18.50/SF/yr NNN"; null when no available space has a rate. */
export function spacesRateText(s: Figures): string | null {
  if (s.minRate === null || s.maxRate === null || s.rateUnit === null) return null;
  const types = s.leaseTypes.join(", ");
  return `${range(s.minRate, s.maxRate, formatDollarsAndCents)}${rateUnitShort(s.rateUnit)}${types ? ` ${types}` : ""}`;
}
