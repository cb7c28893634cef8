// One row's listing values: its text per field (mapping-plan.ts), value maps applied, then read
// exactly as the template import reads a row (csvCellsToListingInput and the shared listing
// schema), so both importers accept and refuse the same cells with the same messages.
import { CSV_COLUMN_FIELDS, csvCellsToListingInput, restoreCell, type CsvCells, type CsvColumn } from "../../../shared/csv-columns.js";
import { fieldLabel } from "../../../shared/field-labels.js";
import { IMPORT_CHOICES, isEnumeratedField, REQUIRED_IMPORT_FIELDS, UNSET_WHEN_UNMAPPED, type ListingImportField } from "../../../shared/imports/targets.js";
import type { ImportRowError } from "../../../shared/imports/wire.js";
import { isStorableText } from "../../../shared/storable-text.js";
import { badRequest } from "../../http/http-error.js";
import type { ImportValues } from "../listing-rows/service.js";
import type { MappingPlan, RowText } from "./mapping-plan.js";
import { rangeShown, type CellRange } from "./cell-text.js";
import { partialRow, type rowChecker } from "./row-check.js";
import { approximationLine, isApproximation, suggestValue } from "./value-maps.js";

const COLUMN_OF = new Map<string, CsvColumn>(Object.entries(CSV_COLUMN_FIELDS).map(([column, field]) => [field, column as CsvColumn]));

export type RowValues = Partial<ImportValues>;
export interface RowResult {
  values: RowValues | null;
  /** The Agent cell, resolved to an agent by the caller (it needs the agents and the listing). */
  agentName?: string;
  errors: ImportRowError[];
  /** Fields left unset because their value fits none (UNSET_WHEN_UNMAPPED): an update keeps the listing's own. */
  unset?: ListingImportField[];
  /** How the row reads per field before parsing (for showing a failed row). */
  text: Partial<Record<ListingImportField, string>>;
  /** What the row stores differently from the file (a range as its lower bound), for the preview. */
  warnings?: ImportRowError[];
  /** Lines the listing's notes keep (the range, an approximated value): the classifier adds them. */
  keep?: string[];
}

function toCells(text: Partial<Record<ListingImportField, string>>): CsvCells {
  const cells: CsvCells = {};
  for (const [field, value] of Object.entries(text)) {
    const column = COLUMN_OF.get(field);
    if (column && value !== undefined) cells[column] = value;
  }
  return cells;
}

/** Errors csvCellsToListingInput writes before the schema runs name their column first. */
const fieldOfMessage = (message: string) => (message.startsWith("Is Active") ? "isActive" : message.startsWith("Agent") ? "agentId" : "row");

type Check = ReturnType<typeof rowChecker>;
const checkWhole: Check = (input) => partialRow.safeParse(input);

function readText(text: Partial<Record<ListingImportField, string>>, errors: ImportRowError[], check: Check): Omit<RowResult, "text"> {
  const { input, agentName, errors: cellErrors } = csvCellsToListingInput(toCells(text));
  for (const message of cellErrors) errors.push({ field: fieldOfMessage(message), message });
  const parsed = check(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "row");
      const found = typeof input[field] === "string" ? (input[field] as string) : "";
      const shown = isEnumeratedField(field) && found && isStorableText(found) ? `${issue.message} (found "${found}")` : issue.message;
      errors.push({ field, message: shown });
    }
  }
  if (errors.length > 0 || !parsed.success) return { values: null, agentName, errors };
  // Only what the import writes: a field the file lacks is not "set to empty".
  const values: RowValues = {};
  for (const field of Object.keys(text)) {
    if (field in parsed.data) (values as Record<string, unknown>)[field] = (parsed.data as Record<string, unknown>)[field];
  }
  return { values, agentName, errors };
}

/**
 * One row's text (rowText; value maps are applied to it here) through the plan; `check` is the
 * file's rowChecker(); `ranges` the ranges rowText found in the row.
 */
export function rowValues(text: RowText, plan: MappingPlan, check: Check, ranges: CellRange[] = []): RowResult {
  const errors: ImportRowError[] = [];
  const refused = new Set<ListingImportField>();
  const unset: ListingImportField[] = [];
  const keep: string[] = [];
  for (const [f, map] of Object.entries(plan.valueMaps)) {
    const field = f as ListingImportField;
    const value = restoreCell(text[field] ?? "").trim();
    if (value === "" || !Object.hasOwn(map, value)) continue;
    const to = map[value];
    if (to !== null) {
      if (isApproximation(field, value, to)) keep.push(approximationLine(field, value));
      text[field] = to;
      continue;
    }
    if (UNSET_WHEN_UNMAPPED.has(field)) {
      // Left unset on this row (the preview warns of it); an update keeps the listing's value.
      delete text[field];
      unset.push(field);
      continue;
    }
    // Left to fail on purpose: the lenient reading must not accept it after all.
    const choices = IMPORT_CHOICES[field] ?? [];
    errors.push({ field, message: `${fieldLabel(field)} "${value}" is not one of the allowed values: ${choices.join(", ")}` });
    refused.add(field);
  }
  // Nothing is read twice or changed afterwards, so a row with no refused value is read as it is.
  const read = refused.size === 0 ? text : Object.fromEntries(Object.entries(text).filter(([f]) => !refused.has(f as ListingImportField)));
  const result: RowResult = { ...readText(read, errors, check), text };
  const warnings: ImportRowError[] = [];
  if (result.values) {
    for (const range of ranges) {
      const { low, high } = rangeShown(range);
      warnings.push({ field: range.field, message: `range ${low} – ${high}: stored as ${low}` });
      keep.push(`${fieldLabel(range.field)} in the file: ${low} – ${high}`);
    }
  }
  // Notes written only to keep such lines: a row with none leaves an updated listing's notes as they are.
  if (plan.keepsInNotes && !plan.notesFromFile && keep.length === 0) unset.push("notes");
  if (unset.length > 0) result.unset = unset;
  if (warnings.length > 0) result.warnings = warnings;
  if (keep.length > 0 && result.values) result.keep = keep;
  return result;
}

/** Required fields a new listing would lack. */
export function missingForCreate(values: RowValues): ImportRowError[] {
  return REQUIRED_IMPORT_FIELDS.filter((f) => values[f] === undefined || values[f] === null || values[f] === "").map((f) => ({
    field: f,
    message: `${fieldLabel(f)} is required`,
  }));
}

/** Each default read like a cell of its field; one that fails its field's rule is a 400 naming it. */
export function checkDefaults(defaults: Record<string, string>): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [f, value] of Object.entries(defaults)) {
    if (value.trim() === "") continue;
    const field = f as ListingImportField;
    const text = isEnumeratedField(field) ? (suggestValue(field, value) ?? value) : value;
    const { errors } = readText({ [field]: text }, [], checkWhole);
    if (errors.length > 0) {
      throw badRequest(`The default for ${fieldLabel(field)} is refused: ${errors.map((e) => e.message).join("; ")}`, {
        [`defaults.${field}`]: errors[0].message,
      });
    }
    checked[field] = text;
  }
  return checked;
}
