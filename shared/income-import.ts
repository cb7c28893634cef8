// Importing a listing's rent roll or its spaces from a spreadsheet (docs/guides/spaces-and-income.md):
// the fields a column may fill, what their headers are called, and the requests and replies of
// the import routes.
import { z } from "zod";
import "./zod-setup.js";
import { csvHeaderKey } from "./csv-columns.js";
import { IMPORT_CHARSETS, IMPORT_DELIMITERS, type ImportCharset, type ImportDelimiter } from "./imports/limits.js";
import type { Tenant } from "./rent-roll.js";
import type { Space } from "./space-choices.js";

/** What is imported: a listing's rent roll, or its spaces; each is also the route's path segment. */
export const INCOME_IMPORT_KINDS = ["rent-roll", "spaces"] as const;
export type IncomeImportKind = (typeof INCOME_IMPORT_KINDS)[number];

/** What a rent roll column may fill. A rent is annual, monthly (times 12) or per SF a year (times the size): the first given wins. */
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

/** What a spaces column may fill. */
export const SPACE_IMPORT_FIELDS = [
  "listingId",
  "suite",
  "floor",
  "sizeSf",
  "minDivisibleSf",
  "rate",
  "rateUnit",
  "leaseType",
  "availableOn",
  "status",
  "spaceType",
  "description",
] as const;
export type SpaceImportField = (typeof SPACE_IMPORT_FIELDS)[number];
export type IncomeImportField = RentRollImportField | SpaceImportField;

export const INCOME_IMPORT_FIELDS: Record<IncomeImportKind, readonly IncomeImportField[]> = { "rent-roll": RENT_ROLL_IMPORT_FIELDS, spaces: SPACE_IMPORT_FIELDS };

const LISTING_ID = "Listing ID (rows of other listings are left out)";
export const INCOME_IMPORT_LABELS: Record<IncomeImportKind, Partial<Record<IncomeImportField, string>>> = {
  "rent-roll": {
    listingId: LISTING_ID,
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
  },
  spaces: {
    listingId: LISTING_ID,
    suite: "Suite",
    floor: "Floor",
    sizeSf: "Size SF",
    minDivisibleSf: "Min Divisible SF",
    rate: "Rate",
    rateUnit: "Rate Unit",
    leaseType: "Lease Type",
    availableOn: "Available Date",
    status: "Status",
    spaceType: "Space Type",
    description: "Description",
  },
};

// The export's own column names (shared/income-csv.ts) first, then what other files call them.
const SYNONYMS: Record<IncomeImportKind, Partial<Record<IncomeImportField, string[]>>> = {
  "rent-roll": {
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
  },
  spaces: {
    listingId: ["Listing ID"],
    suite: ["Suite", "Unit", "Space", "Suite #", "Unit #", "Suite Number"],
    floor: ["Floor", "Level", "Story"],
    sizeSf: ["Size SF", "Size", "SF", "Square Feet", "Sq Ft", "RSF", "Available SF", "Area"],
    minDivisibleSf: ["Min Divisible SF", "Min Divisible", "Divisible To", "Minimum Divisible", "Min SF"],
    rate: ["Rate", "Rental Rate", "Asking Rate", "Asking Rent", "Rent"],
    rateUnit: ["Rate Unit", "Rent Unit", "Unit of Rate"],
    leaseType: ["Lease Type", "Lease Structure", "Expense Structure"],
    availableOn: ["Available Date", "Available", "Available On", "Date Available", "Availability"],
    status: ["Status", "Space Status"],
    spaceType: ["Space Type", "Use", "Type"],
    description: ["Description", "Notes", "Comments", "Remarks"],
  },
};
const FIELD_BY_KEY = Object.fromEntries(
  Object.entries(SYNONYMS).map(([kind, synonyms]) => [
    kind,
    new Map(Object.entries(synonyms).flatMap(([field, headers]) => headers.map((h) => [csvHeaderKey(h), field as IncomeImportField] as const))),
  ]),
) as Record<IncomeImportKind, Map<string, IncomeImportField>>;

/** The suggested field of each column by its header; no field twice (the first column naming it wins). */
export function suggestIncomeMapping(kind: IncomeImportKind, header: readonly string[]): (IncomeImportField | null)[] {
  const taken = new Set<IncomeImportField>();
  return header.map((h) => {
    const field = FIELD_BY_KEY[kind].get(csvHeaderKey(h));
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** Rent rolls and space lists are at most a few thousand rows: 8 MB of text or base64 is plenty (a whole export's file included). */
export const INCOME_IMPORT_MAX_CHARS = 8 * 1024 * 1024;

const shortText = (label: string, max: number) => z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);

/** The file, as the import wizard sends it, and the mapping chosen (none: the suggested one). Fields are checked against the kind by the server. */
export const incomeImportRequestSchema = z.object({
  fileName: shortText("fileName", 255).trim().min(1, "fileName is required"),
  content: z
    .string({ error: "content must be the file's text or its base64" })
    .max(INCOME_IMPORT_MAX_CHARS, `The file is larger than ${INCOME_IMPORT_MAX_CHARS / 1024 / 1024} MB. Save just this listing's sheet as CSV.`),
  encoding: z.enum(["text", "base64"], { error: 'encoding must be "text" or "base64"' }),
  sheet: shortText("sheet", 255).nullish(),
  charset: z.enum(IMPORT_CHARSETS, { error: `charset must be one of ${IMPORT_CHARSETS.join(", ")}` }).nullish(),
  delimiter: z.enum(IMPORT_DELIMITERS, { error: "delimiter must be one of , ; tab |" }).nullish(),
  mapping: z
    .array(shortText("mapping's field", 64).nullable(), { error: "mapping must list a field name or null per column" })
    .max(2000)
    .nullish(),
});
export type IncomeImportRequest = z.input<typeof incomeImportRequestSchema>;

/** A tenant or a space as it will be stored: without id, computed fields or photos. */
export type ImportedTenant = Omit<Tenant, "id" | "rentPerSf">;
export type ImportedSpace = Omit<Space, "id" | "photoIds">;

export interface IncomeImportProblem {
  /** The row number the spreadsheet shows (the header is row 1). */
  row: number;
  /** The column's header as the file writes it; empty for a problem of the whole row. */
  column: string;
  message: string;
}

/** POST /api/listings/:id/{rent-roll|spaces}/import/preview */
export interface IncomeImportPreview<T = ImportedTenant | ImportedSpace> {
  fileName: string;
  format: "csv" | "xlsx";
  charset?: ImportCharset;
  delimiter?: ImportDelimiter;
  sheets?: string[];
  sheet?: string;
  columns: { index: number; header: string; samples: string[] }[];
  mapping: (IncomeImportField | null)[];
  /** The rows that will make the new rent roll or spaces, with their row numbers. */
  rows: (T & { row: number })[];
  problems: IncomeImportProblem[];
  /** Rows of other listings (a whole export's file), left out. */
  otherListings: number;
  /** Rows on the listing now, which the import replaces. */
  replaces: number;
}

/** POST /api/listings/:id/{rent-roll|spaces}/import */
export interface IncomeImportResult {
  importId: number;
  added: number;
  replaced: number;
}
