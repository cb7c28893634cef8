// Checks each row with the shared listing schema: a row is either whole and valid, or failed with
// a reason that names its column.
import { csvCellsToListingInput } from "../../../shared/csv-columns.js";
import { LISTING_FACT_FIELDS } from "../../../shared/listing-facts.js";
import { refineListing } from "../../../shared/schema.js";
import { isStorableText } from "../../../shared/storable-text.js";
import { rowShape, type ImportValues } from "../listing-rows/service.js";
import type { CsvRow } from "./read-csv.js";

// The rules between fields hold within the row (a lease rate needs its unit in the same row).
const rowSchema = rowShape.superRefine(refineListing);

export interface ValidRow {
  row: number;
  values: ImportValues;
  agentName?: string;
}
export interface FailedRow {
  row: number;
  error: string;
}

// Enumerations the row did not match: the schema says what is allowed, the reply adds what was found.
const SHOW_FOUND = new Set<string>(["state", "offeringType", "marketingCategory", ...LISTING_FACT_FIELDS]);

export function validateRows(rows: CsvRow[]): { valid: ValidRow[]; failed: FailedRow[] } {
  const valid: ValidRow[] = [];
  const failed: FailedRow[] = [];
  for (const { row, cells, extraCells } of rows) {
    const { input, agentName, errors } = csvCellsToListingInput(cells);
    if (extraCells > 0) errors.unshift(`The row has ${extraCells} more filled cell(s) than the header has columns; check for unquoted commas`);
    const parsed = rowSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        const found = String(input[field] ?? "");
        // A cell the database cannot store is not echoed either: its message says why.
        errors.push(SHOW_FOUND.has(field) && isStorableText(found) ? `${issue.message} (found "${found}")` : issue.message);
      }
    }
    if (errors.length > 0 || !parsed.success) {
      failed.push({ row, error: errors.join("; ") });
      continue;
    }
    valid.push({ row, values: parsed.data, agentName });
  }
  return { valid, failed };
}
