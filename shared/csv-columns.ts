// The CSV contract shared by the server (import, export) and the client (template download,
// import dialog): the columns, how a row maps to a listing and back, and the result shapes.
import Papa from "papaparse";
import { z } from "zod";
import "./zod-setup.js";
import type { ListingFactField, ListingFacts } from "./listing-facts.js";
import { parseLeaseRate } from "./parse/lease-rate.js";
import {
  LIMITS,
  MARKETING_CATEGORIES,
  OFFERING_TYPES,
  STATES,
  type InsertListing,
  type Listing,
  type MarketingCategory,
  type OfferingType,
} from "./schema.js";

/** Spec §3, exactly and in this order. */
export const CSV_TEMPLATE_COLUMNS = [
  "Listing Name",
  "Address",
  "City",
  "State",
  "Offering Type",
  "Property Description",
  "Marketing Category",
  "Notes",
  "Marketing Category Reference",
  "Marketing Flyer Link",
  "Looplink Link",
  "Is Active",
] as const;

/** The listing facts' columns, in this order after the others; each writes one field. */
export const CSV_FACT_COLUMNS = {
  "Property Type": "propertyType",
  "Property Subtype": "propertySubtype",
  Zip: "zip",
  "Asking Price": "askingPrice",
  "Lease Rate": "leaseRate",
  "Lease Rate Unit": "leaseRateUnit",
  "Lease Type": "leaseType",
  "Building Size (SF)": "buildingSizeSf",
  "Available Size (SF)": "availableSizeSf",
  "Lot Size (Acres)": "lotSizeAcres",
  "Year Built": "yearBuilt",
  "Building Class": "buildingClass",
  "Cap Rate (%)": "capRate",
  Zoning: "zoning",
  "Deal Stage": "dealStage",
  "Listing Date": "listingDate",
  "Expiration Date": "expirationDate",
} as const satisfies Record<string, ListingFactField>;
type FactColumn = keyof typeof CSV_FACT_COLUMNS;
const FACT_COLUMN_NAMES = Object.keys(CSV_FACT_COLUMNS) as FactColumn[];

/** A listing's point, after the facts: decimal degrees, blank when it has none. */
export const CSV_LOCATION_COLUMNS = { Latitude: "latitude", Longitude: "longitude" } as const;
type LocationColumn = keyof typeof CSV_LOCATION_COLUMNS;
const LOCATION_COLUMN_NAMES = Object.keys(CSV_LOCATION_COLUMNS) as LocationColumn[];

/** Export writes the template columns plus these; import accepts them too. */
export const CSV_EXPORT_COLUMNS = [
  ...CSV_TEMPLATE_COLUMNS,
  "Google Drive Link",
  "Dropbox Link",
  "Agent",
  ...(FACT_COLUMN_NAMES as [FactColumn, ...FactColumn[]]),
  ...(LOCATION_COLUMN_NAMES as [LocationColumn, ...LocationColumn[]]),
] as const;
export type CsvColumn = (typeof CSV_EXPORT_COLUMNS)[number];

/** A file without any of these cannot create listings, so it is refused whole. */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = [
  "Listing Name",
  "Address",
  "City",
  "State",
  "Offering Type",
  "Property Description",
  "Marketing Category",
];

/** Listing fields held as plain text cells; State, enumerations, Is Active and Agent are read below. */
const TEXT_FIELDS = {
  "Listing Name": "listingName",
  Address: "address",
  City: "city",
  "Property Description": "propertyDescription",
  Notes: "notes",
  "Marketing Category Reference": "marketingCategoryReference",
  "Marketing Flyer Link": "marketingFlyerLink",
  "Looplink Link": "looplinkLink",
  "Google Drive Link": "googleDriveLink",
  "Dropbox Link": "dropboxLink",
} as const satisfies Partial<Record<CsvColumn, keyof InsertListing>>;

/** The listing field each column writes (Agent writes agentId, found by the agent's name). */
export const CSV_COLUMN_FIELDS: Record<CsvColumn, keyof InsertListing> = {
  ...TEXT_FIELDS,
  State: "state",
  "Offering Type": "offeringType",
  "Marketing Category": "marketingCategory",
  "Is Active": "isActive",
  Agent: "agentId",
  ...CSV_FACT_COLUMNS,
  ...CSV_LOCATION_COLUMNS,
};

export const CSV_LIMITS = {
  /** Characters of CSV text one import accepts (the request body cap is a little larger). */
  maxChars: 25 * 1024 * 1024,
  maxRows: 100_000,
  /** Ids one export or bulk edit accepts. */
  maxIds: 100_000,
} as const;

// ---------------------------------------------------------------- header matching

/** "Listing Name", "listing name", "LISTING_NAME" and "listingName" are one column. */
export const csvHeaderKey = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, "");

const COLUMN_BY_KEY = new Map<string, CsvColumn>(CSV_EXPORT_COLUMNS.map((c) => [csvHeaderKey(c), c]));
// What other exports (LoopNet, Crexi, Buildout) call the fact columns.
for (const [alias, column] of [
  ["ZIP", "Zip"],
  ["Zip Code", "Zip"],
  ["Postal Code", "Zip"],
  ["Price", "Asking Price"],
  ["Building Size", "Building Size (SF)"],
  ["Building SF", "Building Size (SF)"],
  ["Available Size", "Available Size (SF)"],
  ["Available SF", "Available Size (SF)"],
  ["Lot Size", "Lot Size (Acres)"],
  ["Lot Size (AC)", "Lot Size (Acres)"],
  ["Cap Rate", "Cap Rate (%)"],
  ["Status", "Deal Stage"],
] as const) COLUMN_BY_KEY.set(csvHeaderKey(alias), column);
export const matchCsvColumn = (header: string): CsvColumn | undefined => COLUMN_BY_KEY.get(csvHeaderKey(header));

// ---------------------------------------------------------------- formula neutralisation (OWASP CSV injection)

// Leading apostrophes are counted so that a value that itself starts with "'=" survives a round trip.
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** A cell a spreadsheet would run as a formula gets a leading apostrophe. */
export const neutraliseCell = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** Undoes neutraliseCell, so exported files import back unchanged. */
export const restoreCell = (value: string) =>
  value.charCodeAt(0) === 39 /* ' */ && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

// ---------------------------------------------------------------- enumerations, read leniently

const looseKey = (v: string) => v.toLowerCase().replace(/\s+/g, "");
const lookup = <T>(pairs: [string, T][]) => {
  const exact = new Map(pairs);
  const loose = new Map(pairs.map(([k, v]) => [looseKey(k), v]));
  // Most cells are written exactly; only the others pay for normalising.
  return (value: string): T | undefined => exact.get(value) ?? loose.get(looseKey(value));
};

/** "sell / lease" → "Sell/Lease". */
export const matchOfferingType = lookup<OfferingType>(OFFERING_TYPES.map((t) => [t, t]));
/** "grand slam", "GrandSlam" → "Grand Slam". */
export const matchMarketingCategory = lookup<MarketingCategory>(MARKETING_CATEGORIES.map((c) => [c, c]));
/** "wv", "West Virginia" → "WV". */
export const matchState = lookup<string>(STATES.flatMap((s) => [[s.code, s.code] as [string, string], [s.name, s.code]]));

const IS_ACTIVE_WORDS = ["true", "false", "yes", "no", "1", "0", "active", "inactive"] as const;
const matchIsActive = lookup<boolean>([
  ["true", true],
  ["yes", true],
  ["1", true],
  ["active", true],
  ["false", false],
  ["no", false],
  ["0", false],
  ["inactive", false],
]);

// ---------------------------------------------------------------- row → listing

/** The cells of one data row, by column; only the file's columns are present. */
export type CsvCells = Partial<Record<CsvColumn, string>>;

export interface CsvRowInput {
  /** Input for insertListingSchema (agentId left out: the Agent cell is a name, in agentName). */
  input: Record<string, unknown>;
  /** The Agent cell, when the file has that column ("" means unassigned). */
  agentName?: string;
  /** Problems found before the schema runs, each naming its column. */
  errors: string[];
}

const MAX_AGENT_NAME = LIMITS.shortText;
const TEXT_CELLS = Object.entries(TEXT_FIELDS) as [CsvColumn, string][];
const ENUM_CELLS = [
  ["State", "state", matchState],
  ["Offering Type", "offeringType", matchOfferingType],
  ["Marketing Category", "marketingCategory", matchMarketingCategory],
] as const;

/** Reads one row's cells into listing input. Enumerations that match nothing are passed on as
 * they are, so the shared schema names the field in its message. */
export function csvCellsToListingInput(cells: CsvCells): CsvRowInput {
  const input: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const [column, field] of TEXT_CELLS) {
    const cell = cells[column];
    if (cell !== undefined) input[field] = restoreCell(cell);
  }
  for (const [column, field, match] of ENUM_CELLS) {
    const cell = cells[column];
    if (cell === undefined) continue;
    const value = restoreCell(cell).trim();
    input[field] = match(value) ?? value;
  }
  const active = cells["Is Active"]?.trim();
  if (active !== undefined) {
    const parsed = active === "" ? true : matchIsActive(active);
    if (parsed === undefined) errors.push(`Is Active must be one of ${IS_ACTIVE_WORDS.join(", ")} (found "${active}")`);
    else input.isActive = parsed;
  }
  // Facts pass as typed: the shared schema reads them with the shared parsers and names the field.
  for (const column of FACT_COLUMN_NAMES) {
    const cell = cells[column];
    if (cell !== undefined) input[CSV_FACT_COLUMNS[column]] = restoreCell(cell);
  }
  for (const column of LOCATION_COLUMN_NAMES) {
    const cell = cells[column];
    if (cell !== undefined) input[CSV_LOCATION_COLUMNS[column]] = restoreCell(cell);
  }
  // "$18.50 /SF/yr NNN" in Lease Rate fills an empty unit and lease type, as exports write it.
  if (typeof input.leaseRate === "string") {
    const lease = parseLeaseRate(input.leaseRate);
    if (lease.ok && lease.value) {
      input.leaseRate = lease.value.rate;
      if (lease.value.unit && !String(input.leaseRateUnit ?? "").trim()) input.leaseRateUnit = lease.value.unit;
      if (lease.value.leaseType && !String(input.leaseType ?? "").trim()) input.leaseType = lease.value.leaseType;
    }
  }
  const agent = cells.Agent === undefined ? undefined : restoreCell(cells.Agent).trim();
  if (agent !== undefined && agent.length > MAX_AGENT_NAME) errors.push(`Agent must be at most ${MAX_AGENT_NAME} characters`);
  return { input, agentName: agent, errors };
}

// ---------------------------------------------------------------- listing → row

export type ExportableListing = Pick<
  Listing,
  | "listingName"
  | "address"
  | "city"
  | "state"
  | "offeringType"
  | "propertyDescription"
  | "marketingCategory"
  | "notes"
  | "marketingCategoryReference"
  | "marketingFlyerLink"
  | "looplinkLink"
  | "googleDriveLink"
  | "dropboxLink"
  | "isActive"
> & { agentName: string | null } & Partial<ListingFacts> & Partial<Pick<Listing, "latitude" | "longitude">>;

/** One export row in CSV_EXPORT_COLUMNS order, every cell neutralised. */
export function listingToCsvCells(listing: ExportableListing): string[] {
  return CSV_EXPORT_COLUMNS.map((column) => {
    if (column === "Agent") return neutraliseCell(listing.agentName ?? "");
    if (column === "Is Active") return listing.isActive ? "true" : "false";
    // Facts as plain numbers and ISO dates, which spreadsheets sort and sum; import reads them back.
    const value = listing[CSV_COLUMN_FIELDS[column] as keyof ExportableListing];
    // A number is no formula: a longitude's minus sign stays a minus sign.
    if (typeof value === "number") return String(value);
    return neutraliseCell(value == null ? "" : String(value));
  });
}

// ---------------------------------------------------------------- writing CSV text

// Papa quotes a delimiter, quote, line break or an edge space itself; an edge tab is quoted too,
// so a spreadsheet keeps it.
const EDGE_WHITESPACE = /^\s|\s$/;

/**
 * One CSV record (RFC 4180: quoted when needed, quotes doubled), ending in CRLF as Excel writes.
 * Formula neutralising is the caller's (neutraliseCell), so a template or a test can write as is.
 */
export function toCsvLine(cells: readonly string[]): string {
  return `${Papa.unparse([cells as string[]], { newline: "\r\n", quotes: (value: unknown) => EDGE_WHITESPACE.test(String(value)) })}\r\n`;
}

/** The import template: the header row alone. */
export const csvTemplateText = () => toCsvLine(CSV_TEMPLATE_COLUMNS);

// ---------------------------------------------------------------- request and result shapes

export const importRequestSchema = z.object({
  csvData: z
    .string({ error: "csvData must be the text of the CSV file" })
    .max(CSV_LIMITS.maxChars, `The file is larger than ${CSV_LIMITS.maxChars / 1024 / 1024} MB. Split it into smaller files.`),
  // Blank means "no agent chosen".
  agentId: z
    .string({ error: "agentId must be an agent id" })
    .trim()
    .max(64, "agentId must be an agent id")
    .nullish()
    .transform((v) => v || null),
});

/** A list of listing ids, as export and bulk edit take them. */
export const listingIdList = (label: string) =>
  z
    .array(z.string({ error: `${label} must be a list of listing ids` }).min(1).max(64), {
      error: `${label} must be a list of listing ids`,
    })
    .min(1, "Select at least one listing")
    .max(CSV_LIMITS.maxIds, `Select at most ${CSV_LIMITS.maxIds.toLocaleString("en-US")} listings at a time`);

/** listingIds omitted (or null) exports every listing. */
export const exportRequestSchema = z.object({ listingIds: listingIdList("listingIds").nullish() });

/** "unchanged": the row matched a listing that already held its values, so nothing was written.
 * */
export type ImportAction = "created" | "updated" | "unchanged";
export interface ImportResult {
  successful: { row: number; action: ImportAction; id: string; listingName: string }[];
  failed: { row: number; error: string }[];
  /** Header cells that are not import columns, as written in the file. */
  ignoredColumns: string[];
}
