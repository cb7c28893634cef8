// The audit log as CSV: the filtered entries, newest first, every cell formula-neutralised as the
// listings export is (a username or an address could start with "=").
import type { AuditEntry } from "../../../shared/audit.js";
import { neutraliseCell, toCsvLine } from "../../../shared/csv-columns.js";
import type { Db } from "../../db/database.js";
import { allAuditEntries, type AuditQuery } from "./entries.js";

const COLUMNS = ["Time", "Who", "Kind", "Listing", "Address", "Changes", "Details"] as const;
const BOM = "\uFEFF";

const json = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

function cells(entry: AuditEntry): string[] {
  const details = entry.ref ? { ...entry.details, ref: entry.ref } : entry.details;
  return [entry.at, entry.actor?.username ?? "system", entry.kind, entry.listingId ?? "", entry.address ?? "", json(entry.changes), json(details)].map(
    neutraliseCell,
  );
}

/** Writes the file in pieces; returns how many entries it held. */
export async function writeAuditCsv(db: Db, query: AuditQuery, write: (chunk: string) => Promise<void>): Promise<number> {
  await write(BOM + toCsvLine(COLUMNS));
  let count = 0;
  for await (const entries of allAuditEntries(db, { ...query, cursor: undefined })) {
    await write(entries.map((e) => toCsvLine(cells(e))).join(""));
    count += entries.length;
  }
  return count;
}
