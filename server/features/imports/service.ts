// The import wizard's operations: preview (preview.ts), the staged import's rows and
// failures, commit (commit.ts) and undo, each change with its activity and audit entries. A file
// of contacts (target "contacts") is previewed, committed and undone by contacts-import.ts.
import { neutraliseCell, toCsvLine } from "../../../shared/csv-columns.js";
import { IMPORT_LIMITS, type ImportCommitReply, type ImportDto, type ImportPreviewReply, type ImportRowDto, type ImportUndoReply } from "../../../shared/imports/wire.js";
import type { PublicUser } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { conflict, forbidden, HttpError, notFound } from "../../http/http-error.js";
import { recordActionOnListings } from "../audit/service.js";
import { takeImportLock } from "../listing-rows/service.js";
import { changedSince, deleteCreated, failedRows, getImport, listImports, listRows, markUndone, restoreUpdated, type StagedImport } from "./data.js";
import { CommitProgress } from "./commit-progress.js";
import { readInWorker } from "./read-in-worker.js";
import type { FileTable, ReadOptions } from "./read-table.js";
import { writeCommit } from "./commit.js";
import { isExpired, stagingOver } from "./staging-state.js";
import { previewImport as previewListingImport, type PreviewRequest } from "./preview.js";
import { commitContactImport, previewContactImport, undoContactImportOf } from "./contacts-import.js";

export type { PreviewRequest } from "./preview.js";
export type { FileTable } from "./read-table.js";
export { takeBackUnfinishedCommits } from "./commit.js";
export { CommitProgress } from "./commit-progress.js";

/** A dry run of a file of listings (the default) or of contacts. */
export function previewImport(db: Db, request: Omit<PreviewRequest, "target"> & { target?: PreviewRequest["target"] }, userId: number): Promise<ImportPreviewReply> {
  const full = { ...request, target: request.target ?? "listings" };
  return full.target === "contacts" ? previewContactImport(db, full, userId) : previewListingImport(db, full, userId);
}

const gone = (message: string) => new HttpError(410, message);

/** Commit progress known to this process only: for callers without the app's (the bench). */
const ownOnly = new CommitProgress();

const isOwnOrAdmin = (row: StagedImport, user: PublicUser) => user.isAdmin || row.userId === user.id;

/**
 * The import, as far as the viewer may see it: a preview and its rows are
 * its importer's and admins'; to anyone else they are an unknown id (404), so ids cannot be
 * probed. A committed import is in the team's history, so everyone sees its "entry", but its
 * rows (the file's "content") stay its importer's and admins'.
 */
async function found(db: Db, id: string, viewer: PublicUser, reads: "entry" | "content"): Promise<StagedImport> {
  const row = await getImport(db, id);
  const inHistory = row && (row.status === "committed" || row.status === "undone");
  if (!row || (!isOwnOrAdmin(row, viewer) && (reads === "content" || !inHistory))) throw notFound("Import not found");
  return row;
}

const undoUntil = (row: StagedImport) => (row.committedAt ? new Date(row.committedAt.getTime() + IMPORT_LIMITS.undoMs) : undefined);
const mayUndo = isOwnOrAdmin;

export function importDto(row: StagedImport, viewer: PublicUser, progress = ownOnly): ImportDto {
  // Another server's report can outlive its commit by a moment: a committed row is committed.
  const running = row.status === "staged" || row.status === "committing" ? progress.of(row.id) : undefined;
  const until = undoUntil(row);
  // While a commit runs, counts holds only its audit action's reference.
  const counts = row.counts && "created" in row.counts ? row.counts : undefined;
  return {
    id: row.id,
    target: row.target,
    fileName: row.fileName,
    status: running ? "committing" : row.status,
    ...(running ? { progress: running } : {}),
    summary: row.preview.summary,
    user: { id: row.userId ?? 0, username: row.username ?? "(removed user)" },
    createdAt: row.createdAt,
    ...(row.committedAt ? { committedAt: row.committedAt } : {}),
    ...(row.undoneAt ? { undoneAt: row.undoneAt } : {}),
    ...(counts ? { counts: { created: counts.created, updated: counts.updated, unchanged: counts.unchanged, failed: counts.failed } } : {}),
    undoable: row.status === "committed" && !!until && until.getTime() > Date.now() && mayUndo(row, viewer),
    ...(until ? { undoUntil: until } : {}),
  };
}

export async function getImportDto(db: Db, id: string, viewer: PublicUser, progress = ownOnly): Promise<ImportDto> {
  return importDto(await found(db, id, viewer, "entry"), viewer, progress);
}

export async function importHistory(db: Db, viewer: PublicUser, progress = ownOnly): Promise<ImportDto[]> {
  return (await listImports(db)).map((row) => importDto(row, viewer, progress));
}

/** A staged preview's rows, a page at a time; 410 once its hour is over. */
export async function importRowsPage(db: Db, id: string, viewer: PublicUser, query: { action?: ImportRowDto["action"]; offset: number; limit: number }) {
  const row = await found(db, id, viewer, "content");
  if (isExpired(row)) throw stagingOver();
  const page = await listRows(db, id, query.action, query.offset, query.limit);
  return {
    rows: page.rows.map((r): ImportRowDto => ({ row: r.row, action: r.action, ...r.shown })),
    total: page.total,
  };
}

/** failures.csv: the file's columns plus Error, neutralised like the listings export, UTF-8 with BOM. */
export async function failuresCsv(db: Db, id: string, viewer: PublicUser): Promise<{ fileName: string; text: string }> {
  const row = await found(db, id, viewer, "content");
  if (isExpired(row)) throw stagingOver();
  const header = row.preview.header;
  const lines = ["\uFEFF", toCsvLine([...header, "Error"].map(neutraliseCell))];
  for (const r of await failedRows(db, id)) {
    const cells = r.cells ?? [];
    const errors = (r.shown.errors ?? []).map((e) => e.message).join("; ");
    const padded = header.map((_, i) => cells[i] ?? "");
    lines.push(toCsvLine([...padded, errors].map(neutraliseCell)));
  }
  const base = row.fileName.replace(/\.[^.]+$/, "") || "import";
  return { fileName: `${base}-failures.csv`, text: lines.join("") };
}

/** Writes every valid row of a staged preview, or none (commit.ts). */
export async function commitImport(db: Db, id: string, user: PublicUser, progress = ownOnly): Promise<ImportCommitReply> {
  if (progress.runsHere(id)) throw conflict("This import is being committed already.");
  const head = await found(db, id, user, "entry");
  if (!isOwnOrAdmin(head, user)) throw forbidden("Only the person who previewed this file, or an admin, can import it");
  if (head.target === "contacts") return commitContactImport(db, id, user);
  const { summary } = head.preview;
  const tracker = progress.start(id, summary.create + summary.update, user.id);
  try {
    return await writeCommit(db, id, user, tracker.advance);
  } finally {
    tracker.end();
  }
}

/** Undoes a committed import within 7 days, in one transaction. */
export async function undoImport(db: Db, id: string, user: PublicUser): Promise<ImportUndoReply> {
  const head = await found(db, id, user, "entry");
  if (!mayUndo(head, user)) throw forbidden("Only the person who ran this import, or an admin, can undo it");
  return db.transaction(async (tx) => {
    const row = await getImport(tx, id, true);
    if (!row) throw notFound("Import not found");
    if (row.status === "undone") throw conflict("This import was undone already.");
    if (row.status !== "committed") throw conflict("This import was not committed, so there is nothing to undo.");
    if (undoUntil(row)!.getTime() < Date.now()) throw gone("Imports can be undone for 7 days; this one is older.");
    if (row.target === "contacts") return undoContactImportOf(tx, row, user);
    const { locked } = await takeImportLock(tx);
    if (!locked) throw conflict("Another import is running. Please try again when it has finished.");
    const skipped = await changedSince(tx, id);
    const deleted = await deleteCreated(tx, id);
    const restored = await restoreUpdated(tx, id, row.fields, user.id);
    const undo = { deleted: deleted.length, restored: restored.length, skipped: skipped.length };
    await markUndone(tx, id, user.id, undo);
    await recordActionOnListings(tx, {
      kind: "csv.import-undone",
      perListingKind: "listing.import-undone",
      actorId: user.id,
      listingIds: [...deleted, ...restored],
      data: { importId: id, fileName: row.fileName, count: deleted.length + restored.length, ...undo },
    });
    return { deleted: deleted.length, restored: restored.length, skipped };
  });
}

/** A file as the wizard's preview takes it: its text or base64 bytes, and the reading choices. */
export interface SpreadsheetFile extends ReadOptions {
  content: string;
  encoding: "text" | "base64";
}

/**
 * A file's table read as the wizard reads it (charset and delimiter detection, workbook sheets,
 * the same limits, in a worker in the member's turn), for the other importers (the rent roll's).
 */
export function readSpreadsheet(file: SpreadsheetFile, member: number): Promise<FileTable> {
  const options: ReadOptions = { charset: file.charset, delimiter: file.delimiter, sheet: file.sheet };
  return readInWorker(file.encoding === "base64" ? { bytes: new Uint8Array(Buffer.from(file.content, "base64")), options } : { text: file.content, options }, member);
}
