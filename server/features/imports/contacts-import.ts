// The wizard's second target: a file of contacts. It reads the file as a listing file is read (the
// same worker, limits and turns), maps columns to contact fields (header synonyms in
// shared/imports/contact-fields.ts), stages every row's outcome for an hour, commits in one
// transaction and undoes; what a row does to a contact is the contacts feature's
// (planContactImport, applyContactImport, undoContactImport).
import { CONTACT_EMAIL_REQUIRED, CONTACT_FIELD_LABELS, CONTACT_IMPORT_MAX_ROWS, CONTACT_IMPORT_FIELDS, suggestContactMapping, type ContactImportField } from "../../../shared/imports/contact-fields.js";
import { IMPORT_LIMITS, type ImportCommitReply, type ImportMapping, type ImportPreviewReply, type ImportUndoReply } from "../../../shared/imports/wire.js";
import type { PublicUser } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, conflict, notFound } from "../../http/http-error.js";
import { recordAuditEvent } from "../audit/service.js";
import { applyContactImport, planContactImport, undoContactImport } from "../contacts/service.js";
import { contactsWritten, failedRows, getImport, markCommitted, markUndone, recordContactsWritten, stageContactImport, stagedContacts, type StagedImport } from "./data.js";
import { checkMapping, type MappableFields } from "./mapping-plan.js";
import type { PreviewRequest } from "./preview.js";
import { columnsOf, headerSignature } from "./preview.js";
import { readInWorker } from "./read-in-worker.js";
import { isExpired, stagingOver } from "./staging-state.js";

const CONTACT_FIELDS = new Set<string>(CONTACT_IMPORT_FIELDS);
const CONTACT_MAPPABLE: MappableFields = { has: (f) => CONTACT_FIELDS.has(f), label: (f) => CONTACT_FIELD_LABELS[f as ContactImportField] };

/** "a, b or c". */
const inWords = (items: readonly string[]) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`);
const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/**
 * A dry run of a contacts file: every row classified against the contacts as they are now (new,
 * merged with what it fills, unchanged, or failed and why) and staged; no contact is written.
 * A mapping the person sent must map Email (400 otherwise); a first look without one gets the
 * suggested mapping, and says Email is missing when no header names it.
 */
export async function previewContactImport(db: Db, request: PreviewRequest, userId: number): Promise<ImportPreviewReply> {
  const table = await readInWorker(
    request.encoding === "base64" ? { bytes: new Uint8Array(Buffer.from(request.content, "base64")), options: request } : { text: request.content, options: request },
    userId,
  );
  const { header, rows } = table;
  if (rows.length > CONTACT_IMPORT_MAX_ROWS) {
    throw badRequest(`A contacts file can have at most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows; this one has ${rows.length.toLocaleString("en-US")}. Split it into smaller files.`);
  }
  const explicit = request.mapping != null;
  const mapping = explicit ? (checkMapping(request.mapping!, header.length, CONTACT_MAPPABLE) as (ContactImportField | null)[]) : suggestContactMapping(header);
  if (explicit && !mapping.includes("email")) throw badRequest(CONTACT_EMAIL_REQUIRED, { mapping: CONTACT_EMAIL_REQUIRED });
  const byField = (cells: string[]) => Object.fromEntries(mapping.flatMap((f, i) => (f ? [[f, cells[i] ?? ""]] : []))) as Partial<Record<ContactImportField, string>>;
  const plans = await planContactImport(db, rows.map((r) => ({ row: r.row, cells: byField(r.cells) })));

  const summary = { create: 0, update: 0, unchanged: 0, fail: 0 };
  for (const p of plans) summary[p.action]++;
  const merged = plans.filter((p) => p.duplicateOf).length;
  const staysSuppressed = plans.filter((p) => p.warnings?.some((w) => w.field === "status")).length;
  const warnings = [
    ...(merged > 0 ? [`${count(merged, "row")} repeat an email of an earlier row (any case): each is merged into that row.`] : []),
    ...(staysSuppressed > 0
      ? [`${count(staysSuppressed, "row")} say subscribed about a contact who opted out, bounced or complained: they stay as they are, since an import never subscribes anyone again.`]
      : []),
  ];
  const expiresAt = new Date(Date.now() + IMPORT_LIMITS.stagingMs);
  const reply: Omit<ImportPreviewReply, "id"> = {
    target: "contacts",
    fileName: request.fileName,
    format: table.format,
    ...(table.charset ? { charset: table.charset } : {}),
    ...(table.delimiter ? { delimiter: table.delimiter } : {}),
    ...(table.sheets ? { sheets: table.sheets, sheet: table.sheet } : {}),
    columns: columnsOf(header, rows),
    // The reply's one mapping type is the listings'; `target` tells a contacts one.
    mapping: mapping as unknown as ImportMapping,
    // Contacts have no value maps, defaults, City and State sources or match rule: they match by email.
    valueMaps: {},
    defaults: {},
    matchBy: "none",
    cityStateFrom: null,
    cityStateSources: [],
    summary,
    duplicateRows: merged,
    missingRequired: mapping.includes("email") ? [] : ["email"],
    nameFromAddress: false,
    warnings,
    suggestedMatchBy: "none",
    valueNotes: {},
    savedMapping: false,
    expiresAt,
  };
  const cellsOf = new Map(rows.map((r) => [r.row, r.cells]));
  const id = await stageContactImport(
    db,
    { userId, fileName: request.fileName, signature: headerSignature(header), fields: mapping.filter((f) => f !== null), expiresAt, preview: { ...reply, header } },
    plans.map((p) => ({
      row: p.row,
      action: p.action,
      shown: { errors: p.errors, warnings: p.warnings, changes: p.changes, duplicateOf: p.duplicateOf, contact: p.contact },
      cells: p.action === "fail" ? (cellsOf.get(p.row) ?? []) : null,
      contact: p.staged ?? null,
    })),
  );
  return { id, ...reply };
}

/** Writes the staged contacts in one transaction: each creates its contact or merges into the one with its email now. */
export async function commitContactImport(db: Db, id: string, user: PublicUser): Promise<ImportCommitReply> {
  return db.transaction(async (tx) => {
    const row = await getImport(tx, id, true);
    if (!row) throw notFound("Import not found");
    if (row.status !== "staged") throw conflict("This import was committed already.");
    if (isExpired(row)) throw stagingOver();
    const written = await applyContactImport(tx, (await stagedContacts(tx, id)).map((s) => ({ row: s.row, staged: s.contact })));
    await recordContactsWritten(tx, id, written);
    const failed = (await failedRows(tx, id)).map((f) => ({ row: f.row, error: (f.shown.errors ?? []).map((e) => e.message).join("; ") }));
    const { summary } = row.preview;
    const created = written.filter((w) => w.action === "create");
    const updated = written.filter((w) => w.action === "update");
    const rowsInFile = summary.create + summary.update + summary.unchanged + summary.fail;
    const counts = { created: created.length, updated: updated.length, unchanged: rowsInFile - created.length - updated.length - failed.length, failed: failed.length };
    await markCommitted(tx, id, counts);
    await recordAuditEvent(tx, {
      kind: "contact.imported",
      actorId: user.id,
      data: { importId: id, fileName: row.fileName, count: counts.created + counts.updated, created: counts.created, merged: counts.updated },
    });
    return {
      successful: [...created, ...updated].map((w) => ({ action: w.action as "create" | "update", id: String(w.leadId) })),
      failed,
    };
  });
}

/** Undoes a committed contact import inside the caller's transaction (the import row locked and checked). */
export async function undoContactImportOf(tx: Tx, row: StagedImport, user: PublicUser): Promise<ImportUndoReply> {
  const undo = await undoContactImport(tx, await contactsWritten(tx, row.id));
  const notes: string[] = [];
  if (undo.kept.count > 0) {
    notes.push(
      `${count(undo.kept.count, "contact")} this import created ${undo.kept.count === 1 ? "was" : "were"} kept: since the import ${undo.kept.count === 1 ? "it has" : "they have"} ${inWords(undo.kept.reasons)}, which deleting would lose.`,
    );
  }
  if (undo.suppressionsKept > 0) {
    notes.push(`${count(undo.suppressionsKept, "opt-out")} the import applied ${undo.suppressionsKept === 1 ? "stays" : "stay"}: an opt-out is the person's word, and an undo never subscribes anyone again.`);
  }
  const done = { deleted: undo.deleted, restored: undo.restored, skipped: undo.kept.count, suppressionsKept: undo.suppressionsKept };
  await markUndone(tx, row.id, user.id, done);
  await recordAuditEvent(tx, { kind: "contact.import-undone", actorId: user.id, data: { importId: row.id, fileName: row.fileName, count: undo.deleted + undo.restored, ...done } });
  return { deleted: undo.deleted, restored: undo.restored, skipped: [], notes };
}
