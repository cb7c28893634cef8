// The suggested mapping of a file's columns: by header (header-synonyms.ts), then by the values
// themselves for columns the header does not name (an empty header, a LoopNet scrape's link
// column) and for headers whose values say otherwise ("Address" holding whole addresses).
import type { ImportTargetField } from "../../../shared/imports/targets.js";
import { fieldForHeader } from "./header-synonyms.js";
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
    if (share(values, isImageUrl) >= MOSTLY) return null;
    if (free("looplinkLink")) return "looplinkLink";
    if (free("marketingFlyerLink")) return "marketingFlyerLink";
    return null;
  }
  if (free("fullAddress", "address") && share(values, looksLikeFullAddress) >= MOSTLY) return "fullAddress";
  if (free("cityState", "city", "state") && share(values, looksLikeCityState) >= MOSTLY) return "cityState";
  if (free("offeringType") && shareSuggesting("offeringType", values) >= MOSTLY) return "offeringType";
  return null;
}

/** A header's field, corrected by what its values hold. */
function correctedByValues(field: ImportTargetField, values: string[]): ImportTargetField {
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
    const field = correctedByValues(named, values[i]);
    if (taken.has(field)) return null;
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
  return mapping;
}
