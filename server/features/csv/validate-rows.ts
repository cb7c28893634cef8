// Checks each row with the shared listing schema: a row is either whole and valid, or failed with
// a reason that names its column.
import { csvCellsToListingInput } from "../../../shared/csv-columns.js";
import { insertListingSchema, type InsertListing } from "../../../shared/schema.js";
import type { CsvRow } from "./read-csv.js";

/** What an import row writes; agentId is settled later from the Agent cell or the chosen agent. */
export type ImportValues = Omit<InsertListing, "agentId" | "imageUrl" | "isStarred">;

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
const SHOW_FOUND = new Set(["state", "offeringType", "marketingCategory"]);

export function validateRows(rows: CsvRow[]): { valid: ValidRow[]; failed: FailedRow[] } {
  const valid: ValidRow[] = [];
  const failed: FailedRow[] = [];
  for (const { row, cells, extraCells } of rows) {
    const { input, agentName, errors } = csvCellsToListingInput(cells);
    if (extraCells > 0) errors.unshift(`The row has ${extraCells} more filled cell(s) than the header has columns; check for unquoted commas`);
    const parsed = insertListingSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        errors.push(SHOW_FOUND.has(field) ? `${issue.message} (found "${String(input[field] ?? "")}")` : issue.message);
      }
    }
    if (errors.length > 0 || !parsed.success) {
      failed.push({ row, error: errors.join("; ") });
      continue;
    }
    const { agentId: _agentId, imageUrl: _imageUrl, isStarred: _isStarred, ...values } = parsed.data;
    valid.push({ row, values, agentName });
  }
  return { valid, failed };
}
