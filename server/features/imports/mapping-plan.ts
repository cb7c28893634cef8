// How a file's rows become listings: the mapping (suggested, saved, or as the request says),
// value maps and defaults, checked against the rules. A mapping the request gives is
// held to them (400 naming the field); a suggested one lists what is missing instead.
import {
  fieldLabel,
} from "../../../shared/field-labels.js";
import {
  IMPORT_CHOICES,
  isEnumeratedField,
  isImportTargetField,
  LISTING_IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  VIRTUAL_TARGET_FIELDS,
  type ImportTargetField,
  type ListingImportField,
  type MatchBy,
  type VirtualTarget,
} from "../../../shared/imports/targets.js";
import type { ImportDefaults, ImportMapping, ImportValueMaps } from "../../../shared/imports/wire.js";
import { badRequest } from "../../http/http-error.js";
import { RANGED_FIELDS, readRangedCell, type CellRange } from "./cell-text.js";
import { completeValueMaps, isApproximation, valueMapWarnings } from "./value-maps.js";
import { cityStateFrom } from "./city-state-from.js";
import { splitCityState, splitFullAddress } from "./split-address.js";
import { restoreCell } from "../../../shared/csv-columns.js";

export interface MappingPlan {
  mapping: ImportMapping;
  valueMaps: ImportValueMaps;
  defaults: ImportDefaults;
  matchBy: MatchBy;
  /** A column City and State are read from where the row has none (a LoopNet link, a full address). */
  cityStateFrom: number | null;
  /** Fields the import writes: an update changes only these. */
  written: Set<ListingImportField>;
  missingRequired: ListingImportField[];
  nameFromAddress: boolean;
  /** Notes are written to keep what rows store only approximately (a range, an auction). */
  keepsInNotes: boolean;
  /** A column or a default gives the notes too (the kept lines are added to them). */
  notesFromFile: boolean;
}

const isVirtual = (f: ImportTargetField): f is VirtualTarget => f === "cityState" || f === "fullAddress";

/** The fields a mapping writes (virtual targets write their parts). */
function writtenBy(mapping: ImportMapping, defaults: ImportDefaults): Set<ListingImportField> {
  const written = new Set<ListingImportField>();
  for (const f of mapping) {
    if (f === null) continue;
    if (isVirtual(f)) for (const part of VIRTUAL_TARGET_FIELDS[f]) written.add(part);
    else written.add(f);
  }
  for (const f of Object.keys(defaults)) written.add(f as ListingImportField);
  return written;
}

/** The fields a mapping may name, and their labels: the listing fields unless told otherwise. */
export interface MappableFields {
  has(field: string): boolean;
  label(field: string): string;
}
const LISTING_MAPPABLE: MappableFields = { has: isImportTargetField, label: fieldLabel };

/** The request's mapping, refused with a message naming the field when it breaks a rule. */
export function checkMapping(mapping: (string | null)[], width: number, fields: MappableFields = LISTING_MAPPABLE): ImportMapping {
  if (mapping.length !== width) {
    throw badRequest(`mapping must have one entry per column: the file has ${width} columns, mapping has ${mapping.length}`);
  }
  const seen = new Set<string>();
  for (const f of mapping) {
    if (f === null) continue;
    if (!fields.has(f)) throw badRequest(`mapping names an unknown field "${f}"`, { mapping: `Unknown field "${f}"` });
    if (seen.has(f)) throw badRequest(`Two columns are mapped to ${fields.label(f)}; map one column to each field`, { mapping: `${f} is mapped twice` });
    seen.add(f);
  }
  return mapping as ImportMapping;
}

/** The column City and State are read from: one of the file's. */
export function checkCityStateFrom(column: number | null | undefined, width: number): number | null {
  if (column == null) return null;
  if (column >= width) throw badRequest(`cityStateFrom names column ${column + 1}, but the file has ${width} columns`, { cityStateFrom: "No such column" });
  return column;
}

/** Defaults and value maps must name real fields and allowed values. */
export function checkValueMapsAndDefaults(valueMaps: ImportValueMaps, defaults: ImportDefaults): void {
  for (const [field, map] of Object.entries(valueMaps)) {
    if (!isEnumeratedField(field)) throw badRequest(`valueMaps names "${field}", which is not a field with a list of values`);
    const choices = IMPORT_CHOICES[field]!;
    for (const [from, to] of Object.entries(map)) {
      if (to !== null && !choices.includes(to)) {
        throw badRequest(`The value map for ${fieldLabel(field)} sends "${from}" to "${to}", which is not one of ${choices.join(", ")}`, {
          [`valueMaps.${field}`]: `"${to}" is not an allowed ${fieldLabel(field)}`,
        });
      }
    }
  }
  for (const field of Object.keys(defaults)) {
    if (!(LISTING_IMPORT_FIELDS as readonly string[]).includes(field)) throw badRequest(`defaults names an unknown field "${field}"`);
  }
}

export function buildPlan(input: {
  mapping: ImportMapping;
  explicit: boolean;
  valueMaps: ImportValueMaps;
  defaults: ImportDefaults;
  matchBy: MatchBy;
  cityStateFrom: number | null;
  rows: { cells: string[] }[];
}): { plan: MappingPlan; texts: RowText[]; ranges: (CellRange[] | undefined)[]; warnings: string[] } {
  const defaults = Object.fromEntries(Object.entries(input.defaults).filter(([, v]) => v.trim() !== ""));
  const written = writtenBy(input.mapping, defaults);
  if (input.cityStateFrom !== null) written.add("city").add("state");
  const nameFromAddress = !written.has("listingName") && written.has("address");
  if (nameFromAddress) written.add("listingName");
  const missingRequired = REQUIRED_IMPORT_FIELDS.filter((f) => !written.has(f));
  if (input.explicit && missingRequired.length > 0) {
    const labels = missingRequired.map(fieldLabel).join(", ");
    throw badRequest(`Required fields have no column and no default: ${labels}. Map a column to each, or give a default.`, {
      mapping: `${labels} need a column or a default`,
    });
  }
  const plan: MappingPlan = {
    mapping: input.mapping,
    valueMaps: {},
    defaults,
    matchBy: input.matchBy,
    cityStateFrom: input.cityStateFrom,
    written,
    missingRequired,
    nameFromAddress,
    keepsInNotes: false,
    notesFromFile: written.has("notes"),
  };
  // Each row's text is made once: its choices fill the value maps, then rowValues reads it.
  const ranges: (CellRange[] | undefined)[] = [];
  let rangedRows = 0;
  const texts = input.rows.map(({ cells }, i) => {
    const found: CellRange[] = [];
    const text = rowText(cells, plan, found);
    if (found.length > 0) {
      ranges[i] = found;
      rangedRows++;
    }
    return text;
  });
  const counts = enumValueCounts(plan, texts);
  plan.valueMaps = completeValueMaps(new Map([...counts].map(([f, seen]) => [f, new Set(seen.keys())])), input.valueMaps);
  const approximated = Object.entries(plan.valueMaps).some(([f, map]) => Object.entries(map).some(([value, to]) => isApproximation(f, value, to)));
  if (rangedRows > 0 || approximated) {
    plan.keepsInNotes = true;
    written.add("notes");
  }
  const warnings = valueMapWarnings(plan.valueMaps, counts);
  if (rangedRows > 0) {
    warnings.push(
      `${rangedRows.toLocaleString("en-US")} ${rangedRows === 1 ? "row holds a range" : "rows hold a range"} (like "$489,000 - $699,000"): each stores its lower bound, and the listing's notes keep the range. The rows say which.`,
    );
  }
  return { plan, texts, ranges, warnings };
}

// ---------------------------------------------------------------- one row's text per field

export type RowText = Partial<Record<ListingImportField, string>>;

/** The text each written field gets from a row: columns (split when virtual), City and State
 * read from another column, defaults, name from address; a range is its lower bound, added to `ranges`. */
export function rowText(
  cells: string[],
  plan: Pick<MappingPlan, "mapping" | "defaults" | "nameFromAddress" | "cityStateFrom">,
  ranges: CellRange[] = [],
): RowText {
  const text: RowText = {};
  // Virtual targets first, so a column of its own (City next to "City, State") wins.
  plan.mapping.forEach((f, i) => {
    if (f === null || !isVirtual(f)) return;
    const parts = f === "cityState" ? splitCityState(restoreCell(cells[i] ?? "")) : splitFullAddress(restoreCell(cells[i] ?? ""));
    for (const [part, value] of Object.entries(parts)) if (value !== undefined) text[part as ListingImportField] = value;
  });
  plan.mapping.forEach((f, i) => {
    if (f !== null && !isVirtual(f)) text[f] = cells[i] ?? "";
  });
  if (plan.cityStateFrom !== null) {
    const found = cityStateFrom(restoreCell(cells[plan.cityStateFrom] ?? ""), text.address);
    if ((text.city ?? "").trim() === "") text.city = found?.city ?? "";
    if ((text.state ?? "").trim() === "") text.state = found?.state ?? "";
  }
  for (const [f, value] of Object.entries(plan.defaults)) {
    const field = f as ListingImportField;
    if ((text[field] ?? "").trim() === "") text[field] = value;
  }
  if (plan.nameFromAddress) text.listingName = text.address ?? "";
  for (const f of RANGED_FIELDS) {
    if (text[f] === undefined) continue;
    const read = readRangedCell(f, text[f]);
    text[f] = read.text;
    if (read.range) ranges.push(read.range);
  }
  return text;
}

/** Each enumerated field's distinct non-blank values, with the rows holding each. */
function enumValueCounts(plan: MappingPlan, texts: RowText[]): Map<ListingImportField, Map<string, number>> {
  const fields = [...plan.written].filter(isEnumeratedField);
  const counts = new Map(fields.map((f) => [f, new Map<string, number>()]));
  for (const text of texts) {
    for (const f of fields) {
      const v = restoreCell(text[f] ?? "").trim();
      if (v === "") continue;
      const seen = counts.get(f)!;
      seen.set(v, (seen.get(v) ?? 0) + 1);
    }
  }
  return counts;
}
