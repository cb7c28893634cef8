// Reading the log: a listing's timeline, the admins' audit log with its filters, and the value a
// field had before a change (for "Restore this value").
import { z } from "zod";
import { ACTIVITY_PAGE_SIZE, AUDIT_PAGE_SIZE, type ActivityEntry, type ActivityPage, type AuditEntry } from "../../../shared/audit.js";
import type { Db } from "../../db/database.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { findEntries, findEntry, type EntryFilter, type EntryRow } from "./data.js";

function toEntry(row: EntryRow): AuditEntry {
  // `version` only places the entry among the listing's versions.
  const { changes, ref: _ref, version: _version, ...details } = row.data ?? {};
  const entry: AuditEntry = {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId !== null && row.actorName !== null ? { id: row.actorId, username: row.actorName } : null,
    kind: row.kind,
    listingId: row.listingId,
    address: row.address,
  };
  // The log names every listing-level entry's listing: as it is called now, or as it was when deleted.
  const listingName = row.listingName ?? (typeof details.listingName === "string" ? details.listingName : null);
  if (row.listingId !== null && listingName !== null) entry.listingName = listingName;
  if (changes) entry.changes = changes;
  if (row.refId !== null && row.refKind !== null) {
    const refData = row.refData ?? {};
    entry.ref = { id: row.refId, kind: row.refKind, ...(row.refAt ? { at: row.refAt.toISOString() } : {}) };
    if (typeof refData.count === "number") entry.ref.count = refData.count;
    if (refData.updates && typeof refData.updates === "object") entry.ref.fields = Object.keys(refData.updates);
    else if (Array.isArray(refData.fields)) entry.ref.fields = refData.fields.filter((f): f is string => typeof f === "string");
  }
  if (Object.keys(details).length > 0) entry.details = details;
  return entry;
}

async function page(db: Db, filter: EntryFilter, size: number): Promise<ActivityPage<AuditEntry>> {
  const rows = await findEntries(db, filter, size + 1);
  const entries = rows.slice(0, size).map(toEntry);
  return { entries, nextCursor: rows.length > size ? String(entries[entries.length - 1].id) : null };
}

const cursorSchema = z
  .string()
  .regex(/^\d{1,12}$/, "The cursor is not one this server gave out")
  .transform(Number)
  .optional();

/** A listing's timeline, newest first. Listings that were deleted keep theirs (the log is history). */
export async function listActivity(db: Db, listingId: string, cursor: unknown): Promise<ActivityPage> {
  const beforeId = parseField(cursorSchema, cursor, "cursor");
  const { entries, nextCursor } = await page(db, { listingId, beforeId }, ACTIVITY_PAGE_SIZE);
  return { entries: entries.map(({ listingId: _l, listingName: _n, address: _a, ...entry }): ActivityEntry => entry), nextCursor };
}

function parseField<S extends z.ZodType>(schema: S, value: unknown, field: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? `${field} is not valid`;
  throw badRequest(message, { [field]: message });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dateParam = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-11-24`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `${label} must be a date like 2026-11-24`)
    .optional();

export const auditQuerySchema = z
  .object({
    kind: z.string().trim().max(100, "Kind must be at most 100 characters").optional().transform((v) => v || undefined),
    userId: z
      .string()
      .regex(/^\d{1,9}$/, "Person must be a user id")
      .transform(Number)
      .optional(),
    // Whole days in UTC; "to" includes its day.
    from: dateParam("From"),
    to: dateParam("To"),
    cursor: cursorSchema,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "From must not be after To", path: ["to"] });
export type AuditQuery = z.output<typeof auditQuerySchema>;

function auditFilter(q: AuditQuery): EntryFilter {
  return {
    kind: q.kind,
    actorId: q.userId,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS) : undefined,
    beforeId: q.cursor,
    skipReferencing: true,
  };
}

/** The admins' audit log: everything but the per-listing echoes of bulk edits and imports. */
export function listAudit(db: Db, query: AuditQuery): Promise<ActivityPage<AuditEntry>> {
  return page(db, auditFilter(query), AUDIT_PAGE_SIZE);
}

/** Every entry the filter matches, newest first, a page at a time (for the CSV export). */
export async function* allAuditEntries(db: Db, query: AuditQuery): AsyncGenerator<AuditEntry[]> {
  let filter = auditFilter(query);
  for (;;) {
    const rows = await findEntries(db, filter, 1_000);
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    filter = { ...filter, beforeId: rows[rows.length - 1].id };
  }
}

/**
 * The value a field had before the change `entryId` made to this listing: what "Restore this
 * value" puts back.
 */
export async function valueBeforeChange(db: Db, listingId: string, entryId: number, field: string): Promise<unknown> {
  const entry = await findEntry(db, entryId);
  if (!entry || entry.listingId !== listingId) throw notFound("That change is not in this listing's activity");
  const change = entry.data?.changes?.[field];
  if (!change) throw badRequest("That change did not touch this field", { field: "That change did not touch this field" });
  return change[0];
}

