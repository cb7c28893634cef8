// The spaces and rent roll CSV files (docs/guides/spaces-and-income.md): each its own file beside
// the listings CSV (docs/decisions/433-spaces-and-rent-roll-export-files.md), a row per space or
// tenant led by its listing's id, name, address and city. Figures are plain numbers and dates
// ISO, which spreadsheets sort and sum; every text cell is neutralised as the listings CSV's are.
import { neutraliseCell } from "./csv-columns.js";
import { rentPerSf } from "./rent-roll-figures.js";
import type { Tenant } from "./rent-roll.js";
import type { Space } from "./space-choices.js";

/** The listing a space or tenant belongs to, as its row names it. */
export interface CsvListingRef {
  listingId: string;
  listingName: string;
  address: string;
  city: string;
}

const LISTING_COLUMNS = ["Listing ID", "Listing Name", "Address", "City"] as const;

export const SPACE_CSV_COLUMNS = [
  ...LISTING_COLUMNS,
  "Suite",
  "Floor",
  "Size SF",
  "Min Divisible SF",
  "Rate",
  "Rate Unit",
  "Lease Type",
  "Available Date",
  "Status",
  "Space Type",
  "Description",
] as const;

export const RENT_ROLL_CSV_COLUMNS = [
  ...LISTING_COLUMNS,
  "Tenant",
  "Suite",
  "Size SF",
  "Lease Start",
  "Lease End",
  "Annual Rent",
  "Rent per SF",
  "Reimbursements",
  "Options",
  "Notes",
] as const;

// A number is no formula (a minus sign stays one); text is neutralised; an unset value is an empty cell.
const cell = (value: string | number | null | undefined): string => (value == null ? "" : typeof value === "number" ? String(value) : neutraliseCell(value));
const listingCells = (l: CsvListingRef) => [l.listingId, l.listingName, l.address, l.city].map(cell);

export type CsvSpace = Omit<Space, "id" | "photoIds">;
export type CsvTenant = Omit<Tenant, "id" | "rentPerSf">;

/** One space's row, in SPACE_CSV_COLUMNS order. */
export function spaceCsvCells(l: CsvListingRef, s: CsvSpace): string[] {
  return [
    ...listingCells(l),
    ...[s.suite, s.floor, s.sizeSf, s.minDivisibleSf, s.rate, s.rateUnit, s.leaseType, s.availableOn, s.status, s.spaceType, s.description].map(cell),
  ];
}

/** One tenant's row, in RENT_ROLL_CSV_COLUMNS order; rent per SF computed as the API's is. */
export function tenantCsvCells(l: CsvListingRef, t: CsvTenant): string[] {
  return [
    ...listingCells(l),
    ...[t.tenant, t.suite, t.sizeSf, t.leaseStart, t.leaseEnd, t.annualRent, rentPerSf(t.annualRent, t.sizeSf), t.reimbursements, t.options, t.notes].map(cell),
  ];
}
