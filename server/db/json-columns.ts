// What each json(b) column holds, so that reading one needs no cast (server/db/tables.ts types
// the columns with these). The database does not check them: every writer goes through these
// types, and the columns are written by this app alone.
import type { ImportTargetField, MatchBy } from "../../shared/imports/targets.js";
import type { ContactCreate } from "../../shared/contacts.js";
import type { LeadSource } from "../../shared/leads.js";
import type { ImportCounts, ImportPreviewReply, ImportRowDto, ImportValueMaps } from "../../shared/imports/wire.js";

/** imports.preview: the preview reply less its id (rows live in import_rows), plus the file's header row for failures.csv. */
export type StoredPreview = Omit<ImportPreviewReply, "id"> & { header: string[] };

/**
 * imports.counts: the commit's reference to its audit action while it runs, then what it wrote;
 * after an undo, what the undo did too.
 */
export type StoredImportCounts = { actionRef: number } | (ImportCounts & { undo?: { deleted: number; restored: number; skipped: number } });

/** import_rows.shown: the row as the preview shows it, less its number and action (their own columns). */
export type StoredRowShown = Omit<ImportRowDto, "row" | "action">;

/** import_mappings.mapping: what is proposed for the next file with the same header. */
export interface SavedMapping {
  mapping: (ImportTargetField | null)[];
  valueMaps: ImportValueMaps;
  defaults: Record<string, string>;
  matchBy: MatchBy;
  /** The column City and State are read from when the file has none. */
  cityStateFrom?: number | null;
}

/** audit_events.data: what an entry records; `changes` (field → [before, after]) on edits. */
export type AuditData = { changes?: Record<string, [unknown, unknown]> } & Record<string, unknown>;

/** import_rows.contact: a contact import's row as staged, the contact the file gives and which fields it gives. */
export interface StagedContactRow {
  contact: ContactCreate;
  given: (keyof ContactCreate)[];
  /** Where the contact came from: the file's Source when it names one, else "import". */
  source: LeadSource;
}
