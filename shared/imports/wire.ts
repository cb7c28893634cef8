// The import wizard's requests and replies (the /api/imports routes): zod shapes for what
// the server reads, TypeScript types for what it sends. Dates are Date on the server side; the
// client reads them as Wire<...>.
import { z } from "zod";
import "../zod-setup.js";
import { IMPORT_CHARSETS, IMPORT_DELIMITERS, IMPORT_LIMITS, type ImportCharset, type ImportDelimiter } from "./limits.js";
import { MATCH_BY, type ImportTargetField, type MatchBy } from "./targets.js";
import { IMPORT_KINDS, type ContactImportField, type ImportKind } from "./contact-fields.js";

export { IMPORT_CHARSETS, IMPORT_DELIMITERS, IMPORT_LIMITS, type ImportCharset, type ImportDelimiter } from "./limits.js";
export const IMPORT_ACTIONS = ["create", "update", "unchanged", "fail"] as const;
export type ImportRowAction = (typeof IMPORT_ACTIONS)[number];
export const IMPORT_STATUSES = ["staged", "committing", "committed", "undone"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const shortText = (label: string, max: number) => z.string({ error: `${label} must be text` }).max(max, `${label} must be at most ${max} characters`);

/** Field names are checked by the server (so the message can name the unknown field), not here. */
export const importPreviewRequestSchema = z.object({
  /** What the file holds: listings (the default) or contacts. */
  target: z.enum(IMPORT_KINDS, { error: `target must be one of ${IMPORT_KINDS.join(", ")}` }).default("listings"),
  fileName: shortText("fileName", 255).trim().min(1, "fileName is required"),
  content: z
    .string({ error: "content must be the file's text or its base64" })
    .max(IMPORT_LIMITS.maxContentChars, `The file is larger than ${IMPORT_LIMITS.maxContentChars / 1024 / 1024} MB. Split it into smaller files.`),
  encoding: z.enum(["text", "base64"], { error: 'encoding must be "text" or "base64"' }),
  sheet: shortText("sheet", 255).nullish(),
  charset: z.enum(IMPORT_CHARSETS, { error: `charset must be one of ${IMPORT_CHARSETS.join(", ")}` }).nullish(),
  delimiter: z.enum(IMPORT_DELIMITERS, { error: "delimiter must be one of , ; tab |" }).nullish(),
  mapping: z.array(z.string({ error: "mapping must list a field name or null per column" }).max(64).nullable()).max(2000).nullish(),
  valueMaps: z
    .record(z.string().max(64), z.record(z.string().max(5000), z.string().max(200).nullable()), { error: "valueMaps must be {field: {fileValue: allowedValue}}" })
    .nullish(),
  defaults: z.record(z.string().max(64), z.string({ error: "defaults must be {field: text}" }).max(5000), { error: "defaults must be {field: text}" }).nullish(),
  matchBy: z.enum(MATCH_BY, { error: `matchBy must be one of ${MATCH_BY.join(", ")}` }).nullish(),
  /** The column City and State are read from where a row has none (a LoopNet link, a full address). */
  cityStateFrom: z.number({ error: "cityStateFrom must be a column's position" }).int("cityStateFrom must be a column's position").min(0).max(1999).nullish(),
});
export type ImportPreviewRequest = z.input<typeof importPreviewRequestSchema>;

export const importRowsQuerySchema = z.object({
  action: z.enum(IMPORT_ACTIONS, { error: `action must be one of ${IMPORT_ACTIONS.join(", ")}` }).optional(),
  offset: z.coerce.number({ error: "offset must be a number" }).int().min(0).default(0),
  limit: z.coerce.number({ error: "limit must be a number" }).int().min(1).max(IMPORT_LIMITS.maxPageRows).default(100),
});

export type ImportMapping = (ImportTargetField | null)[];
/** A contacts file's mapping: each column's contact field, or null. */
export type ContactImportMapping = (ContactImportField | null)[];
/** field → file value → allowed value (null: left to fail). */
export type ImportValueMaps = Record<string, Record<string, string | null>>;
export type ImportDefaults = Record<string, string>;
export interface ImportSummary {
  create: number;
  update: number;
  unchanged: number;
  fail: number;
}
export interface ImportColumn {
  index: number;
  header: string;
  samples: string[];
  /** Rows whose cell in this column is not blank (a link column full in every row is a match key). */
  filled: number;
}

export interface ImportPreviewReply {
  id: string;
  target: ImportKind;
  fileName: string;
  format: "csv" | "xlsx";
  charset?: ImportCharset;
  delimiter?: ImportDelimiter;
  sheets?: string[];
  sheet?: string;
  columns: ImportColumn[];
  /** Listing fields; a contacts file's (`target: "contacts"`) holds contact fields (ContactImportMapping). */
  mapping: ImportMapping;
  valueMaps: ImportValueMaps;
  defaults: ImportDefaults;
  matchBy: MatchBy;
  /** The column City and State are read from, when the file has none of its own. */
  cityStateFrom: number | null;
  /** Columns that could give City and State (links, full addresses), each with what its first row gives. */
  cityStateSources: { column: number; example: string }[];
  summary: ImportSummary;
  /** Rows that share their match key with another row of the file. */
  duplicateRows: number;
  missingRequired: string[];
  /** Listing Name has no column or default: names are the street addresses. */
  nameFromAddress: boolean;
  /** What to know before committing: a status read as a stage it only approximates, values left unset, ranges. */
  warnings: string[];
  /** The match rule the mapping suggests (defaultMatchBy), whatever `matchBy` the request chose. */
  suggestedMatchBy: MatchBy;
  /** field → file value → what the app does with a value it can only approximate ("Auction" → Active, kept in the notes). */
  valueNotes: Record<string, Record<string, ImportValueNote>>;
  savedMapping: boolean;
  expiresAt: Date;
}

/** A file value mapped to an allowed value that only approximates it, and what is kept of it. */
export interface ImportValueNote {
  value: string;
  note: string;
}

export interface ImportRowError {
  field: string;
  message: string;
}
export interface ImportRowDto {
  /** Spreadsheet row number: the header is row 1. */
  row: number;
  action: ImportRowAction;
  errors?: ImportRowError[];
  /** field → [before, after], as the listing API writes them. */
  changes?: Record<string, [unknown, unknown]>;
  /** Other rows of the file with the same match key: the first IMPORT_LIMITS.duplicatesListed of them. */
  duplicateOf?: number[];
  /** How many other rows share the key, when that is more than duplicateOf lists. */
  duplicateCount?: number;
  /** What the row stores differently from the file: a range as its lower bound. */
  warnings?: ImportRowError[];
  /**
   * The listing as the row leaves it; price ("$489,000" or the lease rate), size, property type
   * and deal stage printed as the listing pages print them ("" when none).
   */
  listing?: { name: string; address: string; city: string; state: string; price?: string; size?: string; propertyType?: string; dealStage?: string };
  /** The contact as the row leaves it (contact imports). */
  contact?: { name: string; email: string; company?: string | null };
}
export interface ImportRowsReply {
  rows: ImportRowDto[];
  total: number;
}

export interface ImportCounts {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}
export interface ImportDto {
  id: string;
  target: ImportKind;
  fileName: string;
  status: ImportStatus;
  progress?: { done: number; total: number };
  summary: ImportSummary;
  user: { id: number; username: string };
  createdAt: Date;
  committedAt?: Date;
  undoneAt?: Date;
  counts?: ImportCounts;
  undoable: boolean;
  undoUntil?: Date;
}
export interface ImportHistoryReply {
  imports: ImportDto[];
}

export interface ImportCommitReply {
  successful: { action: "create" | "update"; id: string }[];
  failed: { row: number; error: string }[];
}
export interface ImportUndoReply {
  deleted: number;
  restored: number;
  skipped: { id: string; name: string }[];
  /** What a contact import's undo left as it is, and why, in sentences the screen shows as they are. */
  notes?: string[];
}
