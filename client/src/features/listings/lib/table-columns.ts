// The listing table's columns: header, how a cell prints, whether it reads as a number
// (right-aligned). One place for the table's formatting, with the app's own formatters;
// each column sorts by `sortValue` of the same key.
import { TABLE_COLUMNS, type TableColumn } from "@shared/table-columns";
import { formatCalendarDate } from "@shared/parse/dates";
import { formatLeaseRate } from "@shared/parse/lease-rate";
import { formatDollars, formatDollarsAndCents } from "@shared/parse/money";
import { formatPercent } from "@shared/parse/percent";
import { formatSquareFeet } from "@shared/parse/size";
import { formatDate } from "@/lib/format-date";
import type { ListingSummary } from "../api/listing-types";
import { listingSize, pricePerSf, type ListingSort } from "./listing-filters";

export interface TableColumnSpec {
  label: string;
  numeric: boolean;
  /** The cell's text; "" when the listing has no value. */
  text(listing: ListingSummary): string;
}

const orBlank = <T>(value: T | null | undefined, format: (v: T) => string) => (value == null ? "" : format(value));

export const TABLE_COLUMN_SPECS: Record<TableColumn, TableColumnSpec> = {
  price: { label: "Price", numeric: true, text: (l) => orBlank(l.askingPrice, formatDollars) },
  pricePerSf: { label: "Price / SF", numeric: true, text: (l) => orBlank(pricePerSf(l), formatDollarsAndCents) },
  size: { label: "Size", numeric: true, text: (l) => orBlank(listingSize(l), formatSquareFeet) },
  availableSf: { label: "Available SF", numeric: true, text: (l) => orBlank(l.availableSizeSf, formatSquareFeet) },
  capRate: { label: "Cap rate", numeric: true, text: (l) => orBlank(l.capRate, formatPercent) },
  leaseRate: { label: "Lease rate", numeric: true, text: (l) => orBlank(l.leaseRate, (rate) => formatLeaseRate(rate, l.leaseRateUnit, l.leaseType)) },
  stage: { label: "Deal stage", numeric: false, text: (l) => l.dealStage ?? "" },
  expiration: { label: "Expiration", numeric: false, text: (l) => orBlank(l.expirationDate, formatCalendarDate) },
  agent: { label: "Agent", numeric: false, text: (l) => l.agentName ?? "Unassigned" },
  category: { label: "Category", numeric: false, text: (l) => l.marketingCategory },
  updated: { label: "Updated", numeric: false, text: (l) => formatDate(l.updatedAt) },
};

export { DEFAULT_TABLE_COLUMNS, TABLE_COLUMNS, type TableColumn } from "@shared/table-columns";

/**
 * The sort a click on a header asks for: the other direction when the table is already sorted by
 * it, else the column's first direction (numbers and dates from the largest or latest down, as
 * brokers scan for them; names and words from A).
 */
export function headerSort(current: ListingSort, column: TableColumn | "name"): ListingSort {
  if (current.key === column) return { key: column, direction: current.direction === "asc" ? "desc" : "asc" };
  const descending = column !== "name" && (TABLE_COLUMN_SPECS[column].numeric || column === "updated");
  return { key: column, direction: descending ? "desc" : "asc" };
}

/** The header's aria-sort for `column` under `sort`. */
export function ariaSort(sort: ListingSort, column: TableColumn | "name"): "ascending" | "descending" | "none" {
  if (sort.key !== column) return "none";
  return sort.direction === "asc" ? "ascending" : "descending";
}

/** The columns in the picker's order after turning `column` on or off: the table keeps TABLE_COLUMNS' order. */
export function toggleColumn(columns: readonly TableColumn[], column: TableColumn, on: boolean): TableColumn[] {
  return TABLE_COLUMNS.filter((c) => (c === column ? on : columns.includes(c)));
}
