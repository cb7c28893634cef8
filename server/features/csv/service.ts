// The CSV feature's operations: import (checked and written in one transaction, in
// import-listings.ts) and export, written page by page as it is read, so memory stays flat
// however many listings.
import { CSV_EXPORT_COLUMNS, listingToCsvCells, toCsvLine } from "../../../shared/csv-columns.js";
import type { Db } from "../../db/database.js";
import { recordAuditEvent } from "../audit/service.js";
import { existingIds, exportPage } from "./data.js";

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

/** The audit log notes who exported how many listings. */
export async function recordExport(db: Db, actorId: number, count: number, scope: "all" | "selected"): Promise<void> {
  await recordAuditEvent(db, { kind: "csv.exported", actorId, data: { count, scope } });
}
