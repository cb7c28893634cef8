// The CSV feature's operations: import (checked and written in one transaction, in
// import-listings.ts) and export, written page by page as it is read, so memory stays flat
// however many listings.
import { CSV_EXPORT_COLUMNS, listingToCsvCells, toCsvLine } from "../../../shared/csv-columns.js";
import { RENT_ROLL_CSV_COLUMNS, SPACE_CSV_COLUMNS, spaceCsvCells, tenantCsvCells } from "../../../shared/income-csv.js";
import type { Db } from "../../db/database.js";
import { recordAuditEvent } from "../audit/service.js";
import { existingIds, exportPage, spacesExportPage, tenantsExportPage } from "./data.js";

export { importListings, type ImportRequest } from "./import-listings.js";

const PAGE = 1_000;
/** Excel reads a CSV file as UTF-8 only when it starts with a byte order mark. */
const BOM = "\uFEFF";

/**
 * Calls `write` with the file's text in pieces: every listing, or only those of `ids` that exist
 * (unknown ids are skipped: the listing was deleted since the screen showed it). Rows come in id
 * order, the order import pairs rows with listings that share a name and address.
 */
export async function writeListingsCsv(db: Db, ids: string[] | undefined, write: (chunk: string) => Promise<void>): Promise<number> {
  await write(BOM + toCsvLine(CSV_EXPORT_COLUMNS));
  const linesOf = (rows: Awaited<ReturnType<typeof exportPage>>) => rows.map((r) => toCsvLine(listingToCsvCells(r))).join("");

  if (ids) {
    const found = await existingIds(db, [...new Set(ids)]);
    let written = 0;
    for (let i = 0; i < found.length; i += PAGE) {
      const chunk = found.slice(i, i + PAGE);
      const rows = await exportPage(db, null, chunk.length, chunk);
      await write(linesOf(rows));
      written += rows.length;
    }
    return written;
  }
  let after: string | null = null;
  let written = 0;
  for (;;) {
    const rows = await exportPage(db, after, PAGE);
    if (rows.length === 0) return written;
    await write(linesOf(rows));
    written += rows.length;
    after = rows[rows.length - 1].id;
  }
}

/** The files beside the listings CSV: a row per space, or per rent roll tenant. */
export type IncomeCsvFile = "spaces" | "rent-roll";

type Keyed = { listingId: string; id: number };

/** Writes a file page by page in keyset order: its header, then its rows. Answers how many rows. */
async function writePaged<R extends Keyed>(
  header: readonly string[],
  page: (after: Keyed | null, limit: number) => Promise<R[]>,
  cells: (row: R) => string[],
  write: (chunk: string) => Promise<void>,
): Promise<number> {
  await write(BOM + toCsvLine(header));
  let after: Keyed | null = null;
  let written = 0;
  for (;;) {
    const rows = await page(after, PAGE);
    if (rows.length === 0) return written;
    await write(rows.map((r) => toCsvLine(cells(r))).join(""));
    written += rows.length;
    after = { listingId: rows[rows.length - 1].listingId, id: rows[rows.length - 1].id };
  }
}

/**
 * Calls `write` with the spaces or rent roll file in pieces: the rows of every listing, or of
 * those of `ids` (unknown ids are skipped, as the listings export does). Answers how many rows.
 */
export function writeIncomeCsv(db: Db, file: IncomeCsvFile, ids: string[] | undefined, write: (chunk: string) => Promise<void>): Promise<number> {
  const among = ids ? [...new Set(ids)] : undefined;
  return file === "spaces"
    ? writePaged(SPACE_CSV_COLUMNS, (after, limit) => spacesExportPage(db, after, limit, among), (r) => spaceCsvCells(r, r), write)
    : writePaged(RENT_ROLL_CSV_COLUMNS, (after, limit) => tenantsExportPage(db, after, limit, among), (r) => tenantCsvCells(r, r), write);
}

/** The audit log notes who exported how many listings (or spaces, or tenants). */
export async function recordExport(db: Db, actorId: number, count: number, scope: "all" | "selected", file?: IncomeCsvFile): Promise<void> {
  await recordAuditEvent(db, { kind: "csv.exported", actorId, data: { count, scope, ...(file && { file }) } });
}
