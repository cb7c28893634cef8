// The suggested mapping of a file's columns: by header (header-synonyms.ts), then by the values
// themselves for columns the header does not name (an empty header, a LoopNet scrape's link
// column, a name column in any language) and for headers whose values say otherwise ("Address"
// holding whole addresses, a "Website" that is the agency's one site).
import type { ImportTargetField } from "../../../shared/imports/targets.js";
import { cityStateFrom } from "./city-state-from.js";
import { fieldForHeader, isTemplateColumn } from "./header-synonyms.js";
import { looksLikeCityState, looksLikeFullAddress } from "./split-address.js";
import { shareSuggesting } from "./value-maps.js";

/** Rows looked at per column; enough to judge, cheap for 100,000-row files. */
const SAMPLE_ROWS = 200;
const MOSTLY = 0.8;

const share = (values: string[], test: (v: string) => boolean) =>
  values.length === 0 ? 0 : values.filter(test).length / values.length;
const isUrl = (v: string) => /^https?:\/\/\S+$/i.test(v.trim());
// A scrape's photo column is links too, but to pictures: no listing link field fits it.
const isImageUrl = (v: string) => /\.(?:jpe?g|png|gif|webp|avif)(?:\?\S*)?$/i.test(v.trim());

const hostOf = (v: string) => {
  try {
    return new URL(v.trim()).hostname.replace(/^www\./i, "").toLowerCase();
  } catch {
    return null;
  }
};
const isHomePage = (v: string) => {
  try {
    return new URL(v.trim()).pathname.replace(/\/+$/, "") === "";
  } catch {
    return false;
  }
};
/**
 * Links that name no listing: every value on one site, and the same page in most rows or only
 * its home page (a brokerage's website beside each listing). LoopNet links are one site too, but
 * each row's page is its own.
 */
export function isOneSite(values: string[]): boolean {
  if (values.length === 0) return false;
  const host = hostOf(values[0]);
  if (!host || !values.every((v) => hostOf(v) === host)) return false;
  const pages = new Set(values.map((v) => v.trim().replace(/\/+$/, "").toLowerCase()));
  return values.every(isHomePage) || (values.length > 1 && pages.size <= values.length / 2);
}
const LINK_FIELDS: readonly ImportTargetField[] = ["looplinkLink", "marketingFlyerLink", "googleDriveLink", "dropboxLink"];

// A listing's name: short text with letters in any script, not a number, a link or an address.
const NAME_MAX = 80;
const isNameLike = (v: string) =>
  v.length <= NAME_MAX && /\p{L}/u.test(v) && !isUrl(v) && !/^[$€£]?\s*[\d.,]+\s*(?:%|SF|AC|acres?)?$/i.test(v) && !looksLikeFullAddress(v);
/** Distinct short texts (at most one repeat in ten): what a name column holds, unlike a type or a city. */
const looksLikeNames = (values: string[]) =>
  values.length > 0 && share(values, isNameLike) >= MOSTLY && new Set(values.map((v) => v.toLowerCase())).size >= values.length * 0.9;

/** The non-blank values of each column among the first rows. */
export function columnValues(rows: { cells: string[] }[], width: number): string[][] {
  const values: string[][] = Array.from({ length: width }, () => []);
  for (const { cells } of rows.slice(0, SAMPLE_ROWS)) {
    for (let i = 0; i < width; i++) {
      const v = (cells[i] ?? "").trim();
      if (v !== "") values[i].push(v);
    }
  }
  return values;
}

/** What a column's values say it is, when its header said nothing. */
function fieldForValues(values: string[], taken: Set<ImportTargetField>): ImportTargetField | null {
  if (values.length === 0) return null;
  const free = (...fields: ImportTargetField[]) => fields.every((f) => !taken.has(f));
  if (share(values, isUrl) >= MOSTLY) {
    if (share(values, isImageUrl) >= MOSTLY || isOneSite(values)) return null;
    if (free("looplinkLink")) return "looplinkLink";
    if (free("marketingFlyerLink")) return "marketingFlyerLink";
    return null;
  }
  if (free("fullAddress", "address") && share(values, looksLikeFullAddress) >= MOSTLY) return "fullAddress";
  if (free("cityState", "city", "state") && share(values, looksLikeCityState) >= MOSTLY) return "cityState";
  if (free("offeringType") && shareSuggesting("offeringType", values) >= MOSTLY) return "offeringType";
  return null;
}

/** A header's field, corrected by what its values hold (null: the values say it is none). The
 * template's own link columns are per listing by definition, even when every row has the same one. */
function correctedByValues(field: ImportTargetField, values: string[], header: string): ImportTargetField | null {
  if (LINK_FIELDS.includes(field) && !isTemplateColumn(header) && isOneSite(values)) return null;
  if (field === "address" && values.length > 0 && share(values, looksLikeFullAddress) >= MOSTLY) return "fullAddress";
  if (field === "city" && values.length > 0 && share(values, looksLikeCityState) >= MOSTLY) return "cityState";
  if (field === "offeringType" && values.length > 0) {
    const asStage = shareSuggesting("dealStage", values);
    if (asStage > shareSuggesting("offeringType", values)) return "dealStage";
  }
  return field;
}

/** One field or null per column; no field twice (the first column naming it wins). */
export function suggestMapping(header: string[], rows: { cells: string[] }[]): (ImportTargetField | null)[] {
  const values = columnValues(rows, header.length);
  const taken = new Set<ImportTargetField>();
  const mapping: (ImportTargetField | null)[] = header.map((h, i) => {
    const named = h.trim() ? fieldForHeader(h) : undefined;
    if (!named) return null;
    const field = correctedByValues(named, values[i], h);
    if (field === null || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
  header.forEach((_, i) => {
    if (mapping[i] !== null) return;
    const field = fieldForValues(values[i], taken);
    if (field) {
      mapping[i] = field;
      taken.add(field);
    }
  });
  if (!taken.has("listingName")) {
    const name = nameBesideAddress(mapping, values);
    if (name !== null) mapping[name] = "listingName";
  }
  return mapping;
}

/** The column of names: the first unmapped column of distinct short texts next to the address. */
function nameBesideAddress(mapping: (ImportTargetField | null)[], values: string[][]): number | null {
  const address = mapping.findIndex((f) => f === "address" || f === "fullAddress");
  if (address === -1) return null;
  for (const i of [address - 1, address + 1]) {
    if (i >= 0 && i < mapping.length && mapping[i] === null && looksLikeNames(values[i])) return i;
  }
  return null;
}

/** Whether a mapping writes City and State from columns of their own. */
export const writesCityState = (mapping: readonly (ImportTargetField | null)[]) =>
  mapping.some((f) => f === "cityState" || f === "fullAddress") || (mapping.includes("city") && mapping.includes("state"));

/**
 * Columns that could give City and State to a file without them (links, full addresses), with
 * one example each: the wizard offers to read them from there.
 */
export function cityStateSources(rows: { cells: string[] }[], mapping: readonly (ImportTargetField | null)[]): { column: number; example: string }[] {
  const values = columnValues(rows, mapping.length);
  const address = mapping.indexOf("address");
  const sample = rows.slice(0, SAMPLE_ROWS);
  const sources: { column: number; example: string }[] = [];
  values.forEach((column, i) => {
    if (column.length === 0) return;
    const found = sample.map(({ cells }) => cityStateFrom(cells[i] ?? "", address === -1 ? undefined : cells[address])).filter((c) => c !== null);
    const filled = sample.filter(({ cells }) => (cells[i] ?? "").trim() !== "").length;
    if (found.length > 0 && found.length >= filled * MOSTLY) sources.push({ column: i, example: `${found[0].city}, ${found[0].state}` });
  });
  return sources;
}
