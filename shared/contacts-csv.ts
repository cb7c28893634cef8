// The contacts CSV: the export writes these columns and the import reads them (any case, any
// order; a missing column is left alone), so a file exported, edited and imported round-trips.
import { z } from "zod";

export const CONTACT_CSV_COLUMNS = [
  "Name",
  "Email",
  "Phone",
  "Company",
  "Role",
  "Tags",
  "Consent",
  "Status",
  "Property Types",
  "States",
  "Offering Types",
  "Min Price",
  "Max Price",
  "Min Size",
  "Max Size",
  "Source",
  "Created",
] as const;

/** Lists within one cell (tags, property types, states, offering types) are separated by ";". */
export const CELL_LIST_SEPARATOR = ";";

export const CONTACT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 20_000;

export const contactImportSchema = z.strictObject({
  csv: z.string({ error: "Send the CSV file's text as csv" }).min(1, "The file is empty").max(CONTACT_IMPORT_MAX_BYTES, "The file can be at most 10 MB"),
});

/** What the import does with one row of the file. */
export interface ContactImportRow {
  /** The row number a spreadsheet shows (the header is row 1). */
  row: number;
  email: string;
  action: "create" | "merge" | "unchanged" | "error";
  /** Why the row is refused, or what a merge fills in. */
  message?: string;
  fields?: string[];
}

export interface ContactImportResult {
  created: number;
  merged: number;
  unchanged: number;
  errors: number;
  rows: ContactImportRow[];
  /** Whether this was a preview: nothing was saved. */
  preview: boolean;
}
