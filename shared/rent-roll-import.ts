// Importing a listing's rent roll from a spreadsheet (docs/guides/spaces-and-income.md): the fields a column may fill, what
// their headers are called, and the requests and replies of the rent-roll import routes.
import { z } from "zod";
import "./zod-setup.js";
import { csvHeaderKey } from "./csv-columns.js";
import { IMPORT_CHARSETS, IMPORT_DELIMITERS, type ImportCharset, type ImportDelimiter } from "./imports/limits.js";
import type { Tenant } from "./rent-roll.js";

/** What a column may fill. A rent is annual, monthly (times 12) or per SF a year (times the size): the first given wins. */
export const RENT_ROLL_IMPORT_FIELDS = [
  "listingId",
  "tenant",
  "suite",
  "sizeSf",
  "leaseStart",
  "leaseEnd",
  "annualRent",
  "monthlyRent",
  "rentPerSf",
  "reimbursements",
  "options",
  "notes",
] as const;
export type RentRollImportField = (typeof RENT_ROLL_IMPORT_FIELDS)[number];

export const RENT_ROLL_IMPORT_LABELS: Record<RentRollImportField, string> = {
  listingId: "Listing ID (rows of other listings are left out)",
  tenant: "Tenant",
  suite: "Suite",
  sizeSf: "Size SF",
  leaseStart: "Lease Start",
  leaseEnd: "Lease End",
  annualRent: "Annual Rent",
  monthlyRent: "Monthly Rent",
  rentPerSf: "Rent per SF (annual)",
  reimbursements: "Reimbursements",
  options: "Options",
  notes: "Notes",
};

// The export's own column names (shared/income-csv.ts) first, then what other rent rolls call them.
const SYNONYMS: Record<RentRollImportField, string[]> = {
  listingId: ["Listing ID"],
  tenant: ["Tenant", "Tenant Name", "Lessee", "Occupant", "Name"],
  suite: ["Suite", "Unit", "Space", "Suite #", "Unit #", "Suite Number"],
  sizeSf: ["Size SF", "Size", "SF", "Square Feet", "Sq Ft", "RSF", "Rentable SF", "Area", "Leased SF"],
  leaseStart: ["Lease Start", "Start", "Start Date", "Commencement", "Lease Commencement", "Commencement Date", "Lease From"],
  leaseEnd: ["Lease End", "End", "End Date", "Expiration", "Lease Expiration", "Expiration Date", "Expires", "Lease To"],
  annualRent: ["Annual Rent", "Annual Base Rent", "Base Rent", "Rent", "Annual Rent ($)", "Yearly Rent"],
  monthlyRent: ["Monthly Rent", "Monthly Base Rent", "Rent per Month", "Monthly"],
  rentPerSf: ["Rent per SF", "Rent/SF", "$/SF", "Rent PSF", "Annual Rent/SF", "Rate"],
  reimbursements: ["Reimbursements", "Reimbursement", "Recoveries", "Lease Type", "Expense Structure"],
  options: ["Options", "Renewal Options", "Option"],
  notes: ["Notes", "Note", "Comments", "Remarks"],
};
const FIELD_BY_KEY = new Map<string, RentRollImportField>(
  RENT_ROLL_IMPORT_FIELDS.flatMap((f) => SYNONYMS[f].map((h) => [csvHeaderKey(h), f] as const)),
);

/** The suggested field of each column by its header; no field twice (the first column naming it wins). */
export function suggestRentRollMapping(header: readonly string[]): (RentRollImportField | null)[] {
  const taken = new Set<RentRollImportField>();
  return header.map((h) => {
    const field = FIELD_BY_KEY.get(csvHeaderKey(h));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** A rent roll is at most a few thousand rows: 8 MB of text or base64 is plenty (a whole export's file included). */
export const RENT_ROLL_IMPORT_MAX_CHARS = 8 * 1024 * 1024;

const shortText = (label: string, max: number) => z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);

/** The file, as the import wizard sends it, and the mapping chosen (none: the suggested one). */
export const rentRollImportRequestSchema = z.object({
  fileName: shortText("fileName", 255).trim().min(1, "fileName is required"),
  content: z
    .string({ error: "content must be the file's text or its base64" })
    .max(RENT_ROLL_IMPORT_MAX_CHARS, `The file is larger than ${RENT_ROLL_IMPORT_MAX_CHARS / 1024 / 1024} MB. A rent roll is one listing's tenants: save just its sheet as CSV.`),
  encoding: z.enum(["text", "base64"], { error: 'encoding must be "text" or "base64"' }),
  sheet: shortText("sheet", 255).nullish(),
  charset: z.enum(IMPORT_CHARSETS, { error: `charset must be one of ${IMPORT_CHARSETS.join(", ")}` }).nullish(),
  delimiter: z.enum(IMPORT_DELIMITERS, { error: "delimiter must be one of , ; tab |" }).nullish(),
  mapping: z
    .array(z.enum(RENT_ROLL_IMPORT_FIELDS, { error: `mapping must list one of ${RENT_ROLL_IMPORT_FIELDS.join(", ")} or null per column` }).nullable())
    .max(2000)
    .nullish(),
});
export type RentRollImportRequest = z.input<typeof rentRollImportRequestSchema>;

/** A tenant as it will be stored: the rent roll's fields without id and computed rent per SF. */
export type ImportedTenant = Omit<Tenant, "id" | "rentPerSf">;

export interface RentRollImportProblem {
  /** The row number the spreadsheet shows (the header is row 1). */
  row: number;
  /** The column's header as the file writes it; empty for a problem of the whole row. */
  column: string;
  message: string;
}

/** POST /api/listings/:id/rent-roll/import/preview */
export interface RentRollImportPreview {
  fileName: string;
  format: "csv" | "xlsx";
  charset?: ImportCharset;
  delimiter?: ImportDelimiter;
  sheets?: string[];
  sheet?: string;
  columns: { index: number; header: string; samples: string[] }[];
  mapping: (RentRollImportField | null)[];
  /** The rows that will make the new rent roll, with their row numbers. */
  tenants: (ImportedTenant & { row: number })[];
  problems: RentRollImportProblem[];
  /** Rows of other listings (a whole export's file), left out. */
  otherListings: number;
  /** Tenants on the rent roll now, which the import replaces. */
  replaces: number;
}

/** POST /api/listings/:id/rent-roll/import */
export interface RentRollImportResult {
  importId: number;
  added: number;
  replaced: number;
}
