// The public page's spaces: the range of the available spaces in its facts, and a table of
// them (docs/guides/spaces-and-income.md). Chosen field by field like the rest of the page: a
// space's photos and anything not on offer stay inside.
import { formatCalendarDate } from "../../../shared/parse/dates.js";
import { groupDigits } from "../../../shared/parse/decimal.js";
import { formatDollarsAndCents } from "../../../shared/parse/money.js";
import { rateUnitShort, type SpacesSummary } from "../../../shared/spaces-summary.js";
import type { Space } from "../../../shared/spaces.js";
import { escapeHtml as h } from "../../http/html-text.js";

/** What the page shows of an available space. */
export type PublicSpace = Pick<Space, "suite" | "floor" | "sizeSf" | "minDivisibleSf" | "rate" | "rateUnit" | "leaseType" | "availableOn" | "spaceType" | "description">;

export const publicSpace = (s: Space): PublicSpace => ({
  suite: s.suite,
  floor: s.floor,
  sizeSf: s.sizeSf,
  minDivisibleSf: s.minDivisibleSf,
  rate: s.rate,
  rateUnit: s.rateUnit,
  leaseType: s.leaseType,
  availableOn: s.availableOn,
  spaceType: s.spaceType,
  description: s.description,
});

type Fact = { label: string; value: string };

/**
 * The facts with the spaces' range in place of the listing's one size and rate: "Available"
 * becomes "2,400–9,800 SF available", "Lease Rate" the rates' range, when any space is available.
 */
export function factsWithSpaces(facts: Fact[], summary: SpacesSummary | null): Fact[] {
  if (!summary) return facts;
  const rate = summary.rateText;
  const rest = facts.filter((f) => f.label !== "Available" && !(rate && f.label === "Lease Rate"));
  const at = Math.max(0, rest.findIndex((f) => f.label === "Building Size"));
  return [...rest.slice(0, at), ...(rate ? [{ label: "Lease Rate", value: rate }] : []), { label: "Available", value: summary.sizeText }, ...rest.slice(at)];
}

const cell = (text: string) => `<td>${h(text)}</td>`;

/** The spaces table, or nothing without an available space. */
export function spacesSection(spaces: PublicSpace[]): string {
  if (spaces.length === 0) return "";
  const rows = spaces
    .map((s) =>
      [
        `<th scope="row">${h(s.floor ? `${s.suite} (floor ${s.floor})` : s.suite)}</th>`,
        cell(`${groupDigits(s.sizeSf)} SF${s.minDivisibleSf ? ` (divisible to ${groupDigits(s.minDivisibleSf)})` : ""}`),
        cell(s.rate !== null ? `${formatDollarsAndCents(s.rate)}${rateUnitShort(s.rateUnit)}` : "Upon request"),
        cell(s.leaseType ?? ""),
        cell(s.availableOn ? formatCalendarDate(s.availableOn) : "Now"),
        cell([s.spaceType, s.description].filter(Boolean).join(" · ")),
      ].join(""),
    )
    .map((r) => `<tr>${r}</tr>`)
    .join("");
  const head = ["Suite", "Size", "Rate", "Lease type", "Available", "Notes"].map((c) => `<th scope="col">${c}</th>`).join("");
  return `<section id="spaces"><h2>Available spaces</h2><div style="overflow-x:auto"><table style="border-collapse:collapse;width:100%;text-align:left"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div></section>`;
}
